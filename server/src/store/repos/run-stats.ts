/**
 * The dashboard's run counts (services/run-bulk.ts `stats`): runs per day and status since a
 * day, the workflows failing most, and the runs waiting in delays. Finished runs come from
 * `run_counts` (migration 0022: one row per workspace, day, workflow and end status, kept by the
 * database as runs end), so a 30-day view reads at most days × workflows × statuses rows, not
 * every run; runs still queued, running or waiting are counted from `executions` (one index
 * range each of migration 0021: workspace + status + time).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

/** Statuses a run is in until it ends (its count is read live). */
const OPEN_STATUSES = ['queued', 'running', 'waiting'];

/** Builds the counts over a database. */
export function createRunStatsRepo(db: Kysely<Database>) {
  return {
    /** Runs created since `since` (ISO) by UTC day (YYYY-MM-DD) and status. */
    async countByDay(tenantId: string, since: string): Promise<{ day: string; status: string; count: number }[]> {
      const endedRead = db
        .selectFrom('run_counts')
        .select(['day', 'status', (eb) => eb.fn.sum<number>('count').as('count')])
        .where('tenant_id', '=', tenantId)
        .where('day', '>=', since.slice(0, 10))
        .groupBy(['day', 'status'])
        .execute();
      const day = sql<string>`substr(created_at, 1, 10)`;
      const openRead = db
        .selectFrom('executions')
        .select([day.as('day'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_STATUSES)
        .where('created_at', '>=', since)
        .groupBy([day, 'status'])
        .execute();
      const [ended, open] = await Promise.all([endedRead, openRead]);
      const counts = new Map<string, { day: string; status: string; count: number }>();
      const add = (day: string, status: string, count: number) => {
        const key = `${day} ${status}`;
        const entry = counts.get(key);
        if (entry) entry.count += count;
        else counts.set(key, { day, status, count });
      };
      for (const r of ended) add(r.day, r.status, Number(r.count));
      for (const r of open) add(r.day, r.status, Number(r.count));
      return [...counts.values()];
    },
    /** The workflows with the most failed runs since `since`, most first, with their names ('' when deleted). */
    async topFailing(
      tenantId: string,
      since: string,
      limit: number,
    ): Promise<{ workflowId: string; name: string; failed: number }[]> {
      const rows = await db
        .selectFrom('run_counts as c')
        .leftJoin('workflows as w', (join) =>
          join.onRef('w.id', '=', 'c.workflow_id').onRef('w.tenant_id', '=', 'c.tenant_id'),
        )
        .select(['c.workflow_id', 'w.name', (eb) => eb.fn.sum<number>('c.count').as('failed')])
        .where('c.tenant_id', '=', tenantId)
        .where('c.day', '>=', since.slice(0, 10))
        .where('c.status', '=', 'failed')
        .groupBy(['c.workflow_id', 'w.name'])
        .orderBy('failed', 'desc')
        .orderBy('c.workflow_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ workflowId: r.workflow_id, name: r.name ?? '', failed: Number(r.failed) }));
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
