/**
 * The `trigger_subscriptions` repository: the armed trigger of each workflow that is ON.
 * Switching ON or OFF writes the subscription and `workflows.active` in one transaction, so
 * a workflow is never ON without its trigger (or armed while OFF).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';
import { inTransaction } from './transaction.js';
import { createWorkflowsRepo } from './workflows.js';

/** The kinds of trigger subscriptions. */
export type TriggerKind = 'webhook' | 'form' | 'failure' | 'schedule' | 'polling' | 'app-webhook';

/** A stored subscription. */
export interface SubscriptionRecord {
  workflowId: string;
  tenantId: string;
  stepId: string;
  kind: TriggerKind;
  app: string;
  event: string;
  /** Kind-specific: `{ spec }` for schedules, `{ subscription }` for app webhooks. */
  state: Record<string, unknown>;
  triggerMessage: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The workflow as stored, when read with the subscription (`listDue`); null when it is gone. */
  workflow?: { active: boolean; document: unknown } | null;
}

/** Repository of trigger subscriptions. */
export interface SubscriptionsRepo {
  /** The tenant's subscription of a workflow, or undefined. */
  get(tenantId: string, workflowId: string): Promise<SubscriptionRecord | undefined>;
  /** Every subscription (re-arming job schedulers on start). */
  listAll(): Promise<SubscriptionRecord[]>;
  /** Workflows marked active without a subscription (created or saved ON through the API, not switched ON). */
  listUnarmed(limit: number): Promise<{ tenantId: string; workflowId: string; revision: number }[]>;
  /** Subscriptions whose workflow was deleted while ON (to tear down, then forget). */
  listOrphans(limit: number): Promise<SubscriptionRecord[]>;
  /** Forgets a deleted workflow's subscription and its seen trigger keys. */
  forget(workflowId: string): Promise<void>;
  /** Schedules and polls due at `nowIso`, oldest first. */
  listDue(nowIso: string, limit: number): Promise<SubscriptionRecord[]>;
  /**
   * Stores the subscription (replacing the workflow's previous one) and switches the workflow
   * ON, atomically. False when the workflow no longer exists in the tenant.
   */
  activate(record: SubscriptionRecord): Promise<boolean>;
  /**
   * Keeps a replaced app subscription as a row of its own under `retiredId` (no workflow has that
   * id): the orphans' clean-up unsubscribes it at the app and forgets it, so a teardown that fails
   * or never runs (the process stopped after a publish committed) is finished later.
   */
  retire(record: SubscriptionRecord, retiredId: string): Promise<void>;
  /**
   * Stores the subscription of a workflow already marked active, without touching the workflow
   * row. False when the workflow is no longer active or already has a subscription.
   */
  adopt(record: SubscriptionRecord): Promise<boolean>;
  /** Deletes the subscription and switches the workflow OFF, atomically. False when the workflow is gone. */
  deactivate(tenantId: string, workflowId: string, at: string): Promise<boolean>;
  /**
   * Moves `next_run_at` from `expected` to `next`, only if nobody moved
   * it first: the process that wins runs the tick or poll. False when another process won.
   */
  claim(
    workflowId: string,
    expected: string | null,
    next: string | null,
    at: string,
    /** Also record a finished, successful run (`last_run_at`, error cleared) in the same write. */
    finished?: boolean,
  ): Promise<boolean>;
  /** Applies several claims in one transaction (a scan's schedules); answers how many moved. */
  claimMany(
    claims: readonly { workflowId: string; expected: string | null; next: string | null; finished: boolean }[],
    at: string,
  ): Promise<number>;
  /** Records a finished tick or poll: when, and the failure the user should see (null after a success). */
  recordRun(workflowId: string, error: string | null, at: string): Promise<void>;
  /** Replaces the kind-specific state (and the step it was made for). */
  setState(workflowId: string, stepId: string, state: Record<string, unknown>, at: string): Promise<void>;
}

/** Builds the repository over a database. */
export function createSubscriptionsRepo(db: Kysely<Database>): SubscriptionsRepo {
  const toRecord = (row: Database['trigger_subscriptions']): SubscriptionRecord => ({
    workflowId: row.workflow_id,
    tenantId: row.tenant_id,
    stepId: row.step_id,
    kind: row.kind as TriggerKind,
    app: row.app,
    event: row.event,
    state: readJson<Record<string, unknown>>(row.state) ?? {},
    triggerMessage: row.trigger_message,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  // The one writer of the active flag: the workflows repository, in this transaction.
  const setWorkflowActive = (
    trx: Kysely<Database>,
    tenantId: string,
    workflowId: string,
    active: boolean,
    at: string,
    /** ON: the trigger step whose `triggerMessage` the set-up's message goes into (editor-core 4.2). */
    message?: { stepId: string; text: string },
  ): Promise<boolean> => createWorkflowsRepo(trx).setActive(tenantId, workflowId, active, at, message);

  const insert = async (trx: Kysely<Database>, record: SubscriptionRecord): Promise<void> => {
    await trx
      .insertInto('trigger_subscriptions')
      .values({
        workflow_id: record.workflowId,
        tenant_id: record.tenantId,
        step_id: record.stepId,
        kind: record.kind,
        app: record.app,
        event: record.event,
        state: writeJson(record.state),
        trigger_message: record.triggerMessage,
        next_run_at: record.nextRunAt,
        last_run_at: record.lastRunAt,
        last_error: record.lastError,
        last_error_at: record.lastErrorAt,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  };

  return {
    async get(tenantId, workflowId) {
      const row = await db
        .selectFrom('trigger_subscriptions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async listAll() {
      return (await db.selectFrom('trigger_subscriptions').selectAll().orderBy('created_at').execute()).map(toRecord);
    },
    async listUnarmed(limit) {
      const rows = await db
        .selectFrom('workflows')
        .leftJoin('trigger_subscriptions', 'trigger_subscriptions.workflow_id', 'workflows.id')
        .select(['workflows.id as id', 'workflows.tenant_id as tenant_id', 'workflows.revision as revision'])
        .where('workflows.active', '=', 1)
        .where('trigger_subscriptions.workflow_id', 'is', null)
        .orderBy('workflows.updated_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ tenantId: r.tenant_id, workflowId: r.id, revision: Number(r.revision) }));
    },
    async listOrphans(limit) {
      const rows = await db
        .selectFrom('trigger_subscriptions')
        .leftJoin('workflows', 'workflows.id', 'trigger_subscriptions.workflow_id')
        .selectAll('trigger_subscriptions')
        .where('workflows.id', 'is', null)
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    forget(workflowId) {
      return inTransaction(db, async (trx) => {
        await trx.deleteFrom('trigger_subscriptions').where('workflow_id', '=', workflowId).execute();
        await trx.deleteFrom('trigger_events').where('workflow_id', '=', workflowId).execute();
      });
    },
    async listDue(nowIso, limit) {
      // The workflows come in the same query: a tick runs on the document as stored now.
      const rows = await db
        .selectFrom('trigger_subscriptions')
        .leftJoin('workflows', (join) =>
          join
            .onRef('workflows.id', '=', 'trigger_subscriptions.workflow_id')
            .onRef('workflows.tenant_id', '=', 'trigger_subscriptions.tenant_id'),
        )
        .selectAll('trigger_subscriptions')
        .select(['workflows.active as workflow_active', 'workflows.document as workflow_document'])
        .where('trigger_subscriptions.next_run_at', 'is not', null)
        .where('trigger_subscriptions.next_run_at', '<=', nowIso)
        .orderBy('trigger_subscriptions.next_run_at')
        .limit(limit)
        .execute();
      return rows.map(({ workflow_active, workflow_document, ...row }) => ({
        ...toRecord(row),
        workflow:
          workflow_active === null || workflow_active === undefined
            ? null
            : { active: workflow_active === 1, document: readJson(workflow_document) },
      }));
    },
    activate(record) {
      return inTransaction(db, async (trx) => {
        const message = { stepId: record.stepId, text: record.triggerMessage };
        if (!(await setWorkflowActive(trx, record.tenantId, record.workflowId, true, record.updatedAt, message))) {
          return false;
        }
        await trx.deleteFrom('trigger_subscriptions').where('workflow_id', '=', record.workflowId).execute();
        await insert(trx, record);
        return true;
      });
    },
    retire(record, retiredId) {
      return insert(db, { ...record, workflowId: retiredId, nextRunAt: null });
    },
    adopt(record) {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('workflows')
          .leftJoin('trigger_subscriptions', 'trigger_subscriptions.workflow_id', 'workflows.id')
          .select(['workflows.active as active', 'trigger_subscriptions.workflow_id as armed'])
          .where('workflows.tenant_id', '=', record.tenantId)
          .where('workflows.id', '=', record.workflowId)
          .executeTakeFirst();
        if (row?.active !== 1 || row.armed !== null) return false;
        await insert(trx, record);
        return true;
      });
    },
    deactivate(tenantId, workflowId, at) {
      return inTransaction(db, async (trx) => {
        await trx
          .deleteFrom('trigger_subscriptions')
          .where('tenant_id', '=', tenantId)
          .where('workflow_id', '=', workflowId)
          .execute();
        return setWorkflowActive(trx, tenantId, workflowId, false, at);
      });
    },
    async claim(workflowId, expected, next, at, finished = false) {
      let query = db
        .updateTable('trigger_subscriptions')
        .set(
          finished
            ? { next_run_at: next, updated_at: at, last_run_at: at, last_error: null, last_error_at: null }
            : { next_run_at: next, updated_at: at },
        )
        .where('workflow_id', '=', workflowId);
      query = expected === null ? query.where('next_run_at', 'is', null) : query.where('next_run_at', '=', expected);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    claimMany(claims, at) {
      if (claims.length === 0) return Promise.resolve(0);
      return inTransaction(db, async (trx) => {
        const repo = createSubscriptionsRepo(trx);
        let moved = 0;
        for (const c of claims) if (await repo.claim(c.workflowId, c.expected, c.next, at, c.finished)) moved += 1;
        return moved;
      });
    },
    async recordRun(workflowId, error, at) {
      await db
        .updateTable('trigger_subscriptions')
        .set({ last_run_at: at, last_error: error, last_error_at: error === null ? null : at, updated_at: at })
        .where('workflow_id', '=', workflowId)
        .execute();
    },
    async setState(workflowId, stepId, state, at) {
      await db
        .updateTable('trigger_subscriptions')
        .set({ step_id: stepId, state: writeJson(state), updated_at: at })
        .where('workflow_id', '=', workflowId)
        .execute();
    },
  };
}
