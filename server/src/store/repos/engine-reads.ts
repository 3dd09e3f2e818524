/** The engine's reads of executions and step runs (by tenant for the API, by id for the runner). */
import type { Kysely } from 'kysely';
import type { ExecutionStatus } from '../../kernel/contracts/engine.js';
import type { Database } from '../database.js';
import {
  createVersionDocuments,
  type ExecutionRecord,
  type ExecutionSummaryRecord,
  type ListFilter,
  type StepRunRecord,
  SUMMARY_COLUMNS,
  toRecord,
  toStepRun,
  toSummary,
} from './engine-rows.js';

/** The engine's reads of executions and step runs (by tenant for the API, by id for the runner). */
export function createEngineReads(db: Kysely<Database>) {
  const versionDocument = createVersionDocuments(db);
  return {
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
        // The first term is implied by the second; it lets the index bound the range (a
        // deep page reads from its cursor on instead of every newer run: "Stored history").
        query = query.where('created_at', '<=', before.createdAt).where((eb) =>
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
  };
}
