/**
 * The dashboard's run counts (services/run-bulk.ts `stats`): runs per day and status since a
 * day, the workflows failing most, and the runs waiting in delays. Each reads one index range
 * of migration 0021 (workspace + time, workspace + status + time).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

/** Builds the counts over a database. */
export function createRunStatsRepo(db: Kysely<Database>) {
  return {
    /** Runs created since `since` (ISO) by UTC day (YYYY-MM-DD) and status. */
    async countByDay(tenantId: string, since: string): Promise<{ day: string; status: string; count: number }[]> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('executions')
        .select([day.as('day'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', since)
        .groupBy([day, 'status'])
        .execute();
      return rows.map((r) => ({ day: r.day, status: r.status, count: Number(r.count) }));
    },
    /** The workflows with the most failed runs since `since`, most first. */
    async topFailing(
      tenantId: string,
      since: string,
      limit: number,
    ): Promise<{ workflowId: string; failed: number }[]> {
      const rows = await db
        .selectFrom('executions')
        .select(['workflow_id', (eb) => eb.fn.countAll<number>().as('failed')])
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'failed')
        .where('created_at', '>=', since)
        .groupBy('workflow_id')
        .orderBy('failed', 'desc')
        .orderBy('workflow_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ workflowId: r.workflow_id, failed: Number(r.failed) }));
    },
    /** How many runs wait in a delay now. */
    async countWaiting(tenantId: string): Promise<number> {
      const row = await db
        .selectFrom('executions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
