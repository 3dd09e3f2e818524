/** `failure_alerts` (tables/alerts.ts): alert switches and the state between runs. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import { readJson } from '../json.js';
import type { FailureAlertsTable } from '../tables/alerts.js';

/** The `workflow_id` of a workspace's own settings row. */
export const WORKSPACE_ROW = '*';

/** One row, as the service reads it. */
export interface FailureAlertRecord {
  tenantId: string;
  workflowId: string;
  enabled: boolean;
  intervalMinutes: number | null;
  failing: boolean;
  lastMailAt: string | null;
  unsent: number;
  offToken: string;
  updatedAt: string;
}

/** Reads and writes `failure_alerts`. */
export interface FailureAlertsRepo {
  get(tenantId: string, workflowId: string): Promise<FailureAlertRecord | undefined>;
  findByToken(offToken: string): Promise<FailureAlertRecord | undefined>;
  /** The workflows told of a failure and not yet of a recovery (few: read once at start). */
  listFailing(): Promise<{ tenantId: string; workflowId: string }[]>;
  /** Failing workflows with failures no mail counted yet: the digest sweep's candidates (few). */
  listUnsent(): Promise<{ tenantId: string; workflowId: string }[]>;
  /**
   * Takes a due digest: moves the row from the state it was read in to `next` only if nobody
   * changed it since (another process's sweep, a run's decision). True for the one that moved it.
   */
  claimDigest(
    row: Pick<FailureAlertRecord, 'tenantId' | 'workflowId' | 'unsent' | 'lastMailAt'>,
    next: Pick<FailureAlertRecord, 'unsent' | 'lastMailAt' | 'updatedAt'>,
  ): Promise<boolean>;
  /** The newest failed run of a workflow (the digest's replay link), or undefined. */
  lastFailedRun(tenantId: string, workflowId: string): Promise<string | undefined>;
  /** The workspace's ON workflows whose trigger is "When another workflow fails", with their documents. */
  listAlertWorkflows(tenantId: string): Promise<{ workflowId: string; stepId: string; document: unknown }[]>;
  /** Inserts the row or replaces every column of it but its token. */
  save(record: FailureAlertRecord): Promise<void>;
}

function toRecord(row: Selectable<FailureAlertsTable>): FailureAlertRecord {
  return {
    tenantId: row.tenant_id,
    workflowId: row.workflow_id,
    enabled: Number(row.enabled) === 1,
    intervalMinutes: row.interval_minutes === null ? null : Number(row.interval_minutes),
    failing: Number(row.failing) === 1,
    lastMailAt: row.last_mail_at,
    unsent: Number(row.unsent),
    offToken: row.off_token,
    updatedAt: row.updated_at,
  };
}

/** Builds the repository over a database or a transaction. */
export function createFailureAlertsRepo(db: Kysely<Database>): FailureAlertsRepo {
  return {
    async get(tenantId, workflowId) {
      const row = await db
        .selectFrom('failure_alerts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async findByToken(offToken) {
      const row = await db
        .selectFrom('failure_alerts')
        .selectAll()
        .where('off_token', '=', offToken)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async listAlertWorkflows(tenantId) {
      const rows = await db
        .selectFrom('trigger_subscriptions as s')
        .innerJoin('workflows as w', (j) =>
          j.onRef('w.id', '=', 's.workflow_id').onRef('w.tenant_id', '=', 's.tenant_id'),
        )
        .select(['s.workflow_id', 's.step_id', 'w.document'])
        .where('s.tenant_id', '=', tenantId)
        .where('s.kind', '=', 'failure')
        .where('w.active', '=', 1)
        .execute();
      return rows.map((r) => ({ workflowId: r.workflow_id, stepId: r.step_id, document: readJson(r.document) }));
    },
    async listFailing() {
      const rows = await db
        .selectFrom('failure_alerts')
        .select(['tenant_id', 'workflow_id'])
        .where('failing', '=', 1)
        .execute();
      return rows.map((r) => ({ tenantId: r.tenant_id, workflowId: r.workflow_id }));
    },
    async listUnsent() {
      const rows = await db
        .selectFrom('failure_alerts')
        .select(['tenant_id', 'workflow_id'])
        .where('failing', '=', 1)
        .where('unsent', '>', 0)
        .execute();
      return rows.map((r) => ({ tenantId: r.tenant_id, workflowId: r.workflow_id }));
    },
    async claimDigest(row, next) {
      let query = db
        .updateTable('failure_alerts')
        .set({ unsent: next.unsent, last_mail_at: next.lastMailAt, updated_at: next.updatedAt })
        .where('tenant_id', '=', row.tenantId)
        .where('workflow_id', '=', row.workflowId)
        .where('failing', '=', 1)
        .where('unsent', '=', row.unsent);
      query =
        row.lastMailAt === null
          ? query.where('last_mail_at', 'is', null)
          : query.where('last_mail_at', '=', row.lastMailAt);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async lastFailedRun(tenantId, workflowId) {
      // The runs list's index order (migration 0020: by workflow and status, newest first).
      const row = await db
        .selectFrom('executions')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .where('status', '=', 'failed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async save(r) {
      const values = {
        enabled: r.enabled ? 1 : 0,
        interval_minutes: r.intervalMinutes,
        failing: r.failing ? 1 : 0,
        last_mail_at: r.lastMailAt,
        unsent: r.unsent,
        updated_at: r.updatedAt,
      };
      await db
        .insertInto('failure_alerts')
        .values({ tenant_id: r.tenantId, workflow_id: r.workflowId, off_token: r.offToken, ...values })
        .onConflict((oc) => oc.columns(['tenant_id', 'workflow_id']).doUpdateSet(values))
        .execute();
    },
  };
}
