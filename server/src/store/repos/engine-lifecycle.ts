/** The engine's execution lifecycle: claims and leases, finishes, waits, cancels, step runs and the reconciler's scans. */
import { type Kysely, sql } from 'kysely';
import type { ExecutionStatus } from '../../kernel/contracts/engine.js';
import type { Database, Dialect } from '../database.js';
import { writeJson } from '../json.js';
import {
  createVersionDocuments,
  type ExecutionCursor,
  type ExecutionRecord,
  type FinishItem,
  type RenewItem,
  type StepRunRecord,
  toRecord,
  writeAny,
} from './engine-rows.js';

/**
 * `WITH step AS (INSERT … ON CONFLICT DO UPDATE)`: step records written by the statement that
 * follows it (PostgreSQL's data-modifying CTE), so a record and the execution's change commit
 * together in one round trip. The rows travel as one array per column (`unnest`), so the text
 * is the same for any number of rows and stays prepared (../pg-prepared.ts).
 */
function withSteps(steps: StepRunRecord[]) {
  const column = <T>(pick: (step: StepRunRecord) => T) => steps.map(pick);
  return sql`
    WITH step AS (
      INSERT INTO step_runs (execution_id, step_id, status, input, output, error, attempts, started_at, finished_at)
      SELECT * FROM unnest(${column((s) => s.executionId)}::text[], ${column((s) => s.stepId)}::text[],
        ${column((s) => s.status)}::text[], ${column((s) => writeAny(s.input))}::jsonb[],
        ${column((s) => writeAny(s.output))}::jsonb[], ${column((s) => s.error)}::text[],
        ${column((s) => s.attempts)}::integer[], ${column((s) => s.startedAt)}::text[],
        ${column((s) => s.finishedAt)}::text[])
      ON CONFLICT (execution_id, step_id) DO UPDATE SET status = excluded.status, input = excluded.input,
        output = excluded.output, error = excluded.error, attempts = excluded.attempts,
        started_at = excluded.started_at, finished_at = excluded.finished_at
    )`;
}

/** The engine's execution lifecycle: claims and leases, finishes, waits, cancels, step runs and the reconciler's scans. */
export function createEngineLifecycle(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  const versionDocument = createVersionDocuments(db);
  /**
   * Claims executions for one worker in one statement: each queued, waiting past its resume
   * time, or running with an expired lease becomes running with a fresh lease; answers the rows
   * it took (not those another worker has, or that are finished or cancelled).
   */
  const claimMany = async (ids: string[], now: string, leaseUntil: string): Promise<ExecutionRecord[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .updateTable('executions')
      .set((eb) => ({
        status: 'running',
        lease_until: leaseUntil,
        resume_at: null,
        attempt: eb('attempt', '+', 1),
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        updated_at: now,
      }))
      // On PostgreSQL one array parameter, so the text is the same for any number of ids.
      .where((eb) => (dialect === 'postgres' ? sql<boolean>`id = ANY(${ids}::text[])` : eb('id', 'in', ids)))
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'waiting'), eb('resume_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .execute();
    const records: ExecutionRecord[] = [];
    for (const row of rows) {
      records.push(toRecord(row, await versionDocument(row.workflow_id, row.workflow_revision)));
    }
    return records;
  };
  return {
    /** {@link claimMany} for one execution: the claimed row, or undefined when it was not taken. */
    async claim(id: string, now: string, leaseUntil: string): Promise<ExecutionRecord | undefined> {
      const [record] = await claimMany([id], now, leaseUntil);
      return record;
    },

    /**
     * Claims a fresh execution still queued (attempt 0) without reading it back: the caller has
     * its row (engine/preclaim.ts). False when it is no longer queued (cancelled, or claimed).
     */
    async claimQueued(id: string, now: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('executions')
        .set({ status: 'running', lease_until: leaseUntil, attempt: 1, started_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('attempt', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Claims executions for one worker in one statement (see `claimMany` above). */
    claimMany,

    /** Extends a running execution's lease; false when it is no longer running (cancelled). */
    async renewLease(id: string, leaseUntil: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('executions')
        .set({ lease_until: leaseUntil, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a running execution; false when it was cancelled meanwhile. */
    async finish(id: string, status: ExecutionStatus, error: string | null, now: string): Promise<boolean> {
      const result = await db
        .updateTable('executions')
        .set({ status, error, finished_at: now, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Saves the last step's record (if any) and ends the execution, atomically: on PostgreSQL
     * one statement (the step insert as a data-modifying CTE), elsewhere two statements that
     * the caller runs inside its transaction. False when the execution was cancelled meanwhile
     * (the step record is kept).
     */
    async finishWithStep(
      step: StepRunRecord | undefined,
      id: string,
      status: ExecutionStatus,
      error: string | null,
      now: string,
    ): Promise<boolean> {
      if (!step || dialect !== 'postgres') {
        if (step) await this.saveStepRun(step);
        return this.finish(id, status, error, now);
      }
      const result = await sql<{ id: string }>`
        ${withSteps([step])}
        UPDATE executions SET status = ${status}, error = ${error}, finished_at = ${now}, lease_until = NULL,
          updated_at = ${now}
        WHERE id = ${id} AND status = 'running'
        RETURNING id`.execute(db);
      return result.rows.length === 1;
    },

    /**
     * Saves the previous step's record (if any) and, with `leaseUntil`, extends the lease,
     * atomically: on PostgreSQL one statement (the step insert as a data-modifying CTE: one round
     * trip per step instead of BEGIN, insert, update, COMMIT), elsewhere two statements that the
     * caller runs inside its transaction. Without `leaseUntil` the execution row is only read
     * (no new row version, no index entries). False when the execution is no longer running
     * (cancelled; the step record is kept).
     */
    async renewWithStep(
      step: StepRunRecord | undefined,
      id: string,
      leaseUntil: string | null,
      now: string,
    ): Promise<boolean> {
      if (!step || dialect !== 'postgres') {
        if (step) await this.saveStepRun(step);
        return leaseUntil === null ? this.isRunning(id) : this.renewLease(id, leaseUntil, now);
      }
      const check =
        leaseUntil === null
          ? sql<{ id: string }>`SELECT id FROM executions WHERE id = ${id} AND status = 'running'`
          : sql<{ id: string }>`
              UPDATE executions SET lease_until = ${leaseUntil}, updated_at = ${now}
              WHERE id = ${id} AND status = 'running'
              RETURNING id`;
      const result = await sql<{ id: string }>`${withSteps([step])} ${check}`.execute(db);
      return result.rows.length === 1;
    },

    /** Whether an execution is still running (not cancelled, not ended). */
    async isRunning(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('executions')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * {@link renewWithStep} for several executions: on PostgreSQL one statement (steps through a
     * data-modifying CTE, then one UPDATE … FROM unnest for the leases to extend, or one SELECT
     * for the executions that only need the check), two when a turn has both kinds; elsewhere
     * one call each, inside the caller's transaction. Answers the ids still running.
     */
    async renewMany(items: RenewItem[]): Promise<Set<string>> {
      const running = new Set<string>();
      if (dialect !== 'postgres' || items.length <= 1) {
        for (const i of items) if (await this.renewWithStep(i.step, i.id, i.leaseUntil, i.now)) running.add(i.id);
        return running;
      }
      const steps = new Map<string, StepRunRecord>();
      for (const i of items) if (i.step) steps.set(`${i.step.executionId}\u0000${i.step.stepId}`, i.step);
      const extend = items.filter((i) => i.leaseUntil !== null);
      const check = items.filter((i) => i.leaseUntil === null);
      const statements = [];
      if (extend.length > 0) {
        statements.push(sql<{ id: string }>`
          UPDATE executions AS e SET lease_until = v.lease, updated_at = v.at
          FROM unnest(${extend.map((i) => i.id)}::text[], ${extend.map((i) => i.leaseUntil)}::text[],
            ${extend.map((i) => i.now)}::text[]) AS v(id, lease, at)
          WHERE e.id = v.id AND e.status = 'running'
          RETURNING e.id`);
      }
      if (check.length > 0) {
        statements.push(sql<{ id: string }>`
          SELECT id FROM executions WHERE id = ANY(${check.map((i) => i.id)}::text[]) AND status = 'running'`);
      }
      for (const [n, statement] of statements.entries()) {
        // The step records ride with the first statement, so they commit with it.
        const query =
          n > 0 || steps.size === 0 ? statement : sql<{ id: string }>`${withSteps([...steps.values()])} ${statement}`;
        for (const row of (await query.execute(db)).rows) running.add(row.id);
      }
      return running;
    },

    /**
     * {@link finishWithStep} for several executions: on PostgreSQL one statement (steps through a
     * data-modifying CTE, then one UPDATE … FROM unnest); elsewhere one call each, inside the
     * caller's transaction. Answers the ids that were still running (and are now ended).
     */
    async finishMany(items: FinishItem[]): Promise<Set<string>> {
      const ended = new Set<string>();
      if (dialect !== 'postgres' || items.length <= 1) {
        for (const i of items) if (await this.finishWithStep(i.step, i.id, i.status, i.error, i.now)) ended.add(i.id);
        return ended;
      }
      const steps = new Map<string, StepRunRecord>();
      for (const i of items) if (i.step) steps.set(`${i.step.executionId}\u0000${i.step.stepId}`, i.step);
      const update = sql<{ id: string }>`
        UPDATE executions AS e SET status = v.status, error = v.error, finished_at = v.at, lease_until = NULL,
          updated_at = v.at
        FROM unnest(${items.map((i) => i.id)}::text[], ${items.map((i) => i.status)}::text[],
          ${items.map((i) => i.error)}::text[], ${items.map((i) => i.now)}::text[]) AS v(id, status, error, at)
        WHERE e.id = v.id AND e.status = 'running'
        RETURNING e.id`;
      const query = steps.size === 0 ? update : sql<{ id: string }>`${withSteps([...steps.values()])} ${update}`;
      for (const row of (await query.execute(db)).rows) ended.add(row.id);
      return ended;
    },

    /** Parks a running execution until `resumeAt` (a durable delay). */
    async wait(id: string, resumeAt: string, cursor: ExecutionCursor, now: string): Promise<boolean> {
      const result = await db
        .updateTable('executions')
        .set({
          status: 'waiting',
          resume_at: resumeAt,
          cursor: writeJson(cursor),
          lease_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Cancels a queued, waiting or running execution of the tenant; false otherwise. */
    async cancel(tenantId: string, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('executions')
        .set({ status: 'cancelled', finished_at: now, lease_until: null, resume_at: null, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'waiting', 'running'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Writes a step run (insert or replace). */
    async saveStepRun(run: StepRunRecord): Promise<void> {
      const values = {
        status: run.status,
        input: writeAny(run.input),
        output: writeAny(run.output),
        error: run.error,
        attempts: run.attempts,
        started_at: run.startedAt,
        finished_at: run.finishedAt,
      };
      await db
        .insertInto('step_runs')
        .values({ execution_id: run.executionId, step_id: run.stepId, ...values })
        .onConflict((oc) => oc.columns(['execution_id', 'step_id']).doUpdateSet(values))
        .execute();
    },

    /** Executions a worker should pick up: queued, running past their lease, waiting past their resume time. */
    async due(now: string, queuedBefore: string, limit: number): Promise<{ id: string; tenantId: string }[]> {
      const rows = await db
        .selectFrom('executions')
        .select(['id', 'tenant_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('updated_at', '<=', queuedBefore)]),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
            eb.and([eb('status', '=', 'waiting'), eb('resume_at', '<=', now)]),
          ]),
        )
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id }));
    },

    /** Waiting executions with their resume times (timers after a restart). */
    async waiting(limit: number): Promise<{ id: string; resumeAt: string }[]> {
      const rows = await db
        .selectFrom('executions')
        .select(['id', 'resume_at'])
        .where('status', '=', 'waiting')
        .orderBy('resume_at')
        .limit(limit)
        .execute();
      return rows.flatMap((r) => (r.resume_at ? [{ id: r.id, resumeAt: r.resume_at }] : []));
    },

    /** Running executions back to queued (embedded start: no other process can be running them). */
    async requeueRunning(now: string): Promise<number> {
      const result = await db
        .updateTable('executions')
        .set({ status: 'queued', lease_until: null, updated_at: now })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
