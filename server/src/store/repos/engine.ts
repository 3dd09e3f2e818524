/**
 * The engine's repository: executions, step runs and trigger events. Every API-facing read
 * takes the tenant id; the runner and the reconciler work by execution id (server-internal).
 */
import { type Kysely, sql } from 'kysely';
import type { ExecutionStatus, ExecutionTrigger } from '../../kernel/contracts/engine.js';
import type { Database, Dialect } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** A stored execution. */
export interface ExecutionRecord {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowRevision: number;
  document: unknown;
  status: ExecutionStatus;
  trigger: ExecutionTrigger;
  triggerData: unknown;
  error: string | null;
  dedupeKey: string | null;
  resumeAt: string | null;
  leaseUntil: string | null;
  cursor: ExecutionCursor;
  attempt: number;
  rerunOf: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An execution in lists: no document. */
export type ExecutionSummaryRecord = Omit<ExecutionRecord, 'document' | 'cursor'>;

/** Resume bookkeeping kept in the execution row. */
export interface ExecutionCursor {
  /** Step id → when its delay ends (ISO): a delay already scheduled is not scheduled again. */
  delays?: Record<string, string>;
}

/** Step run statuses (the contract's StepRunStatus). */
export type StepRunStatus = 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'skipped';

/** A stored step run. */
export interface StepRunRecord {
  executionId: string;
  stepId: string;
  status: StepRunStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What a new execution row holds. */
export interface NewExecution {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowRevision: number;
  /** Already serialised document JSON (shared between the rows of one batch). */
  documentJson: string;
  status: ExecutionStatus;
  trigger: ExecutionTrigger;
  triggerData: unknown;
  dedupeKey: string | null;
  rerunOf?: string | null;
  now: string;
}

/** One execution to end, with its last step's record (see `finishMany`). */
export interface FinishItem {
  step: StepRunRecord | undefined;
  id: string;
  status: ExecutionStatus;
  error: string | null;
  now: string;
}

/** Filters of {@link EngineRepo.list}. */
export interface ListFilter {
  since?: string;
  status?: ExecutionStatus;
  limit: number;
  /** Keyset position: the last row of the previous page. */
  before?: { createdAt: string; id: string };
}

/** The workflow fields the engine reads. */
export interface EngineWorkflow {
  id: string;
  tenantId: string;
  active: boolean;
  revision: number;
  document: unknown;
  /** The stored document text (SQLite) or its JSON, serialised once. */
  documentJson: string;
}

const SUMMARY_COLUMNS = [
  'id',
  'tenant_id',
  'workflow_id',
  'workflow_revision',
  'status',
  'trigger',
  'trigger_data',
  'error',
  'dedupe_key',
  'resume_at',
  'lease_until',
  'attempt',
  'rerun_of',
  'started_at',
  'finished_at',
  'created_at',
  'updated_at',
] as const;

type SummaryRow = Pick<Database['executions'], (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(row: SummaryRow): ExecutionSummaryRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    workflowId: row.workflow_id,
    workflowRevision: Number(row.workflow_revision),
    status: row.status as ExecutionStatus,
    trigger: row.trigger as ExecutionTrigger,
    triggerData: readAny(row.trigger_data),
    error: row.error,
    dedupeKey: row.dedupe_key,
    resumeAt: row.resume_at,
    leaseUntil: row.lease_until,
    attempt: Number(row.attempt),
    rerunOf: row.rerun_of,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Maps an `executions` row with its version's document. */
export function toRecord(row: Database['executions'], document: unknown): ExecutionRecord {
  return {
    ...toSummary(row),
    document: document === null || document === undefined ? null : readJson(document),
    cursor: row.cursor === null ? {} : readJson<ExecutionCursor>(row.cursor),
  };
}

function toStepRun(row: Database['step_runs']): StepRunRecord {
  return {
    executionId: row.execution_id,
    stepId: row.step_id,
    status: row.status as StepRunStatus,
    input: readAny(row.input),
    output: readAny(row.output),
    error: row.error,
    attempts: Number(row.attempts),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

// JSON columns hold any JSON here (trigger data, step outputs may be a string or a number),
// so scalars are wrapped: readJson would take a stored string for raw text.
/** Serialises any JSON value for a JSON column (scalars wrapped). */
export function writeAny(value: unknown): string {
  return writeJson({ v: value === undefined ? null : value });
}
function readAny(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return (readJson<{ v: unknown }>(value) ?? { v: null }).v;
}

/** Entries kept by the per-process document caches below. */
const DOCUMENT_CACHE_SIZE = 256;

/**
 * Stored `workflow_versions.document` values by `workflowId:revision`. A version row is written
 * once and never changed, so every process may keep it: a claim then costs one statement.
 */
const versionDocuments = new Map<string, unknown>();

/**
 * Workflow documents by `workflowId:revision`, as read from `workflows` (the webhook hot path
 * reads only the row's head and takes the document from here while the revision is the same).
 * Activation is a write of the workflow (the workflows repository's `setActive` bumps the
 * revision), so a switch ON or OFF never reuses an entry; the engine still reads `active` from
 * the column, not from the document.
 */
const workflowDocuments = new Map<string, { stored: unknown; json: string }>();

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= DOCUMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/** The engine repository over a database or a transaction. */
export function createEngineRepo(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  const versionDocument = async (workflowId: string, revision: number) => {
    const key = `${workflowId}:${revision}`;
    if (versionDocuments.has(key)) return versionDocuments.get(key);
    const document =
      (
        await db
          .selectFrom('workflow_versions')
          .select('document')
          .where('workflow_id', '=', workflowId)
          .where('revision', '=', revision)
          .executeTakeFirst()
      )?.document ?? null;
    if (document !== null) remember(versionDocuments, key, document);
    return document;
  };
  const toWorkflow = (
    row: { id: string; tenant_id: string; active: number; revision: number },
    doc: { stored: unknown; json: string },
  ): EngineWorkflow => {
    let parsed: unknown;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      active: Number(row.active) === 1,
      revision: Number(row.revision),
      // Parsed on first use: the webhook hot path only copies the text into the execution.
      get document() {
        parsed ??= typeof doc.stored === 'string' ? readJson(doc.stored) : structuredClone(doc.stored);
        return parsed;
      },
      documentJson: doc.json,
    };
  };
  return {
    /**
     * A workflow by id, any tenant; with a tenant id only that tenant's. Reads the row's head, and the document only for a revision this
     * process has not seen yet.
     */
    async findWorkflow(id: string, tenantId?: string): Promise<EngineWorkflow | undefined> {
      let head = db.selectFrom('workflows').select(['id', 'tenant_id', 'active', 'revision']).where('id', '=', id);
      if (tenantId !== undefined) head = head.where('tenant_id', '=', tenantId);
      const found = await head.executeTakeFirst();
      if (!found) return undefined;
      const cached = workflowDocuments.get(`${found.id}:${Number(found.revision)}`);
      if (cached) return toWorkflow(found, cached);
      let query = db
        .selectFrom('workflows')
        .select(['id', 'tenant_id', 'active', 'revision', 'document'])
        .where('id', '=', id);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      const stored = row.document;
      const doc = { stored, json: typeof stored === 'string' ? stored : JSON.stringify(stored) };
      remember(workflowDocuments, `${row.id}:${Number(row.revision)}`, doc);
      return toWorkflow(row, doc);
    },

    /** The workflow whose webhook key is `key` (`/hooks/{key}`), any tenant. */
    async findHookWorkflow(key: string): Promise<EngineWorkflow | undefined> {
      const head = await db.selectFrom('workflows').select('id').where('hook_key', '=', key).executeTakeFirst();
      return head ? this.findWorkflow(head.id) : undefined;
    },

    /** Records a dedupe key; false when the workflow already has it. */
    async insertTriggerEvent(event: {
      workflowId: string;
      dedupeKey: string;
      tenantId: string;
      executionId: string | null;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('trigger_events')
        .values({
          workflow_id: event.workflowId,
          dedupe_key: event.dedupeKey,
          tenant_id: event.tenantId,
          execution_id: event.executionId,
          created_at: event.now,
        })
        .onConflict((oc) => oc.columns(['workflow_id', 'dedupe_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** The execution a dedupe key created, if any. */
    async findTriggerEvent(workflowId: string, dedupeKey: string): Promise<{ executionId: string | null } | undefined> {
      const row = await db
        .selectFrom('trigger_events')
        .select('execution_id')
        .where('workflow_id', '=', workflowId)
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst();
      return row && { executionId: row.execution_id };
    },

    /**
     * Inserts execution rows (one statement), and their workflow versions when new. `known`:
     * versions already stored (outside a transaction: the caller adds them once they are).
     */
    async insertExecutions(rows: NewExecution[], known?: Set<string>): Promise<void> {
      if (rows.length === 0) return;
      const versions = new Map(rows.map((r) => [`${r.workflowId}:${r.workflowRevision}`, r]));
      for (const [key, r] of versions) {
        if (known?.has(key)) continue;
        await db
          .insertInto('workflow_versions')
          .values({
            workflow_id: r.workflowId,
            revision: r.workflowRevision,
            tenant_id: r.tenantId,
            document: r.documentJson,
            created_at: r.now,
          })
          .onConflict((oc) => oc.columns(['workflow_id', 'revision']).doNothing())
          .execute();
        if (known) {
          if (known.size >= DOCUMENT_CACHE_SIZE) known.clear();
          known.add(key);
        }
      }
      await db
        .insertInto('executions')
        .values(
          rows.map((r) => ({
            id: r.id,
            tenant_id: r.tenantId,
            workflow_id: r.workflowId,
            workflow_revision: r.workflowRevision,
            status: r.status,
            trigger: r.trigger,
            trigger_data: writeAny(r.triggerData),
            error: null,
            dedupe_key: r.dedupeKey,
            resume_at: null,
            lease_until: null,
            cursor: null,
            attempt: 0,
            rerun_of: r.rerunOf ?? null,
            started_at: r.status === 'not_run' ? r.now : null,
            finished_at: r.status === 'not_run' ? r.now : null,
            created_at: r.now,
            updated_at: r.now,
          })),
        )
        .execute();
    },

    /** How many executions of a workflow wait in the queue (the admission limit). */
    async countQueued(workflowId: string): Promise<number> {
      const row = await db
        .selectFrom('executions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('workflow_id', '=', workflowId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Claims an execution for one worker: queued, waiting past its resume time, or running
     * with an expired lease becomes running with a fresh lease; answers the claimed row.
     * Undefined when another worker has it or it is finished or cancelled.
     */
    async claim(id: string, now: string, leaseUntil: string): Promise<ExecutionRecord | undefined> {
      const row = await db
        .updateTable('executions')
        .set((eb) => ({
          status: 'running',
          lease_until: leaseUntil,
          resume_at: null,
          attempt: eb('attempt', '+', 1),
          started_at: eb.fn.coalesce('started_at', sql.lit(now)),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'waiting'), eb('resume_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row, await versionDocument(row.workflow_id, row.workflow_revision));
    },

    /** {@link claim} for several executions in one statement; answers the rows it took. */
    async claimMany(ids: string[], now: string, leaseUntil: string): Promise<ExecutionRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('executions')
        .set((eb) => ({
          status: 'running',
          lease_until: leaseUntil,
          resume_at: null,
          attempt: eb('attempt', '+', 1),
          started_at: eb.fn.coalesce('started_at', sql.lit(now)),
          updated_at: now,
        }))
        .where('id', 'in', ids)
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
    },

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
        WITH step AS (
          INSERT INTO step_runs (execution_id, step_id, status, input, output, error, attempts, started_at, finished_at)
          VALUES (${step.executionId}, ${step.stepId}, ${step.status}, ${writeAny(step.input)}, ${writeAny(step.output)},
                  ${step.error}, ${step.attempts}, ${step.startedAt}, ${step.finishedAt})
          ON CONFLICT (execution_id, step_id) DO UPDATE SET status = excluded.status, input = excluded.input,
            output = excluded.output, error = excluded.error, attempts = excluded.attempts,
            started_at = excluded.started_at, finished_at = excluded.finished_at
        )
        UPDATE executions SET status = ${status}, error = ${error}, finished_at = ${now}, lease_until = NULL,
          updated_at = ${now}
        WHERE id = ${id} AND status = 'running'
        RETURNING id`.execute(db);
      return result.rows.length === 1;
    },

    /**
     * {@link finishWithStep} for several executions: on PostgreSQL one statement (steps through a
     * data-modifying CTE, then one UPDATE … FROM VALUES); elsewhere one call each, inside the
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
        FROM (VALUES ${sql.join(items.map((i) => sql`(${i.id}::text, ${i.status}::text, ${i.error}::text, ${i.now}::text)`))})
          AS v(id, status, error, at)
        WHERE e.id = v.id AND e.status = 'running'
        RETURNING e.id`;
      const rows = [...steps.values()].map(
        (step) =>
          sql`(${step.executionId}, ${step.stepId}, ${step.status}, ${writeAny(step.input)}, ${writeAny(step.output)},
               ${step.error}, ${step.attempts}, ${step.startedAt}, ${step.finishedAt})`,
      );
      const query =
        rows.length === 0
          ? update
          : sql<{ id: string }>`
        WITH step AS (
          INSERT INTO step_runs (execution_id, step_id, status, input, output, error, attempts, started_at, finished_at)
          VALUES ${sql.join(rows)}
          ON CONFLICT (execution_id, step_id) DO UPDATE SET status = excluded.status, input = excluded.input,
            output = excluded.output, error = excluded.error, attempts = excluded.attempts,
            started_at = excluded.started_at, finished_at = excluded.finished_at
        )
        ${update}`;
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

    /** One execution by id; with a tenant id only that tenant's. */
    async get(id: string, tenantId?: string): Promise<ExecutionRecord | undefined> {
      let query = db.selectFrom('executions').selectAll().where('id', '=', id);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      const row = await query.executeTakeFirst();
      return row && toRecord(row, await versionDocument(row.workflow_id, row.workflow_revision));
    },

    /** The status of an execution (the runner's cancel check). */
    async statusOf(id: string): Promise<ExecutionStatus | undefined> {
      const row = await db.selectFrom('executions').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status as ExecutionStatus | undefined;
    },

    /** A workflow's executions, newest first. */
    async list(tenantId: string, workflowId: string, filter: ListFilter): Promise<ExecutionSummaryRecord[]> {
      let query = db
        .selectFrom('executions')
        .select([...SUMMARY_COLUMNS])
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId);
      if (filter.since !== undefined) query = query.where('created_at', '>', filter.since);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      const before = filter.before;
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toSummary);
    },

    /** Every step run of an execution. */
    async listStepRuns(executionId: string): Promise<StepRunRecord[]> {
      const rows = await db.selectFrom('step_runs').selectAll().where('execution_id', '=', executionId).execute();
      return rows.map(toStepRun);
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

/** The engine repository. */
export type EngineRepo = ReturnType<typeof createEngineRepo>;

/** The repository methods the engine's group-committed writes use. */
export type EngineWriter = Pick<
  EngineRepo,
  | 'findWorkflow'
  | 'findHookWorkflow'
  | 'insertTriggerEvent'
  | 'findTriggerEvent'
  | 'insertExecutions'
  | 'saveStepRun'
  | 'claim'
  | 'claimMany'
  | 'finish'
  | 'finishWithStep'
  | 'finishMany'
  | 'wait'
  | 'renewLease'
>;

export { readAny as readStoredValue };
