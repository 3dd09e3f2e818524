/**
 * Reads of `executions` for the dashboard and the editor's trigger choices. The engine's own
 * reads and writes of the table are in ./engine.ts.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

/** Where a page of events ends: the last one's creation time and id. */
export interface EventPosition {
  createdAt: string;
  id: string;
}

/** The reads. */
export interface ExecutionReadsRepo {
  /** The workflow's newest execution, or undefined (one indexed lookup: executions_workflow_created_id_idx). */
  lastRunOf(
    tenantId: string,
    workflowId: string,
  ): Promise<{ id: string; status: string; started_at: string | null; created_at: string } | undefined>;
  /**
   * The workflows of the tenant's newest runs, newest run first, at most `limit` of them: read
   * from the newest `scan` runs (one index range of executions_tenant_created_idx), so a
   * workflow whose last run is older than those is left out.
   */
  recentWorkflowIds(tenantId: string, limit: number, scan: number): Promise<string[]>;
  /**
   * The newest execution of each of these workflows (one page of the dashboard), in one
   * statement: one indexed lookup per workflow inside the database rather than a round trip
   * each (BENCHMARKS.md "Many workflows"). Workflows without one are left out.
   */
  lastRunsAmong(
    tenantId: string,
    workflowIds: string[],
  ): Promise<{ workflow_id: string; id: string; status: string; started_at: string | null; created_at: string }[]>;
  /** The workflow's newest webhook and form executions, newest first, older than `before` when given. */
  latestTriggerEvents(
    tenantId: string,
    workflowId: string,
    limit: number,
    before?: EventPosition,
  ): Promise<{ id: string; trigger_data: unknown; created_at: string }[]>;
}

/** Builds the reads over a database or a transaction. */
export function createExecutionReadsRepo(db: Kysely<Database>): ExecutionReadsRepo {
  return {
    lastRunOf(tenantId, workflowId) {
      return db
        .selectFrom('executions')
        .select(['id', 'status', 'started_at', 'created_at'])
        .where('workflow_id', '=', workflowId)
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async recentWorkflowIds(tenantId, limit, scan) {
      const result = await sql<{ workflow_id: string; at: string }>`
        SELECT r.workflow_id, MAX(r.created_at) AS at FROM (
          SELECT workflow_id, created_at FROM executions WHERE tenant_id = ${tenantId}
          ORDER BY created_at DESC, id DESC LIMIT ${scan}) r
        GROUP BY r.workflow_id ORDER BY at DESC, r.workflow_id LIMIT ${limit}`.execute(db);
      return result.rows.map((r) => r.workflow_id);
    },
    async lastRunsAmong(tenantId, workflowIds) {
      if (workflowIds.length === 0) return [];
      const result = await sql<{
        workflow_id: string;
        id: string;
        status: string;
        started_at: string | null;
        created_at: string;
      }>`SELECT w.id AS workflow_id, e.id, e.status, e.started_at, e.created_at
        FROM workflows w
        JOIN executions e ON e.id = (
          SELECT x.id FROM executions x WHERE x.workflow_id = w.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1)
        WHERE w.tenant_id = ${tenantId} AND e.tenant_id = ${tenantId}
          AND w.id IN (${sql.join(workflowIds)})`.execute(db);
      return result.rows;
    },
    latestTriggerEvents(tenantId, workflowId, limit, before) {
      let query = db
        .selectFrom('executions')
        .select(['id', 'trigger_data', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .where('trigger', 'in', ['webhook', 'form'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      }
      return query.execute();
    },
  };
}
