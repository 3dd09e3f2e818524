/** The statements of execution retention (engine/retention.ts runs them in bounded batches). */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** Statuses of executions that will not change any more (the only ones retention deletes). */
export const FINISHED_STATUSES = ['succeeded', 'failed', 'filtered', 'cancelled', 'not_run'] as const;
/** The finished statuses kept for the general number of days (failed ones have their own). */
export const KEPT_FOR_DAYS = FINISHED_STATUSES.filter((s) => s !== 'failed');

/** The statements of retention (one repository: executions and, by cascade, their step records). */
export function createRetentionRepo(db: Kysely<Database>) {
  return {
    /**
     * Deletes up to `limit` executions in `statuses` that finished before `before` (ISO);
     * answers how many.
     */
    async deleteFinishedBefore(statuses: readonly string[], before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('executions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('executions')
            .select('id')
            .where('status', 'in', [...statuses])
            .where('updated_at', '<', before)
            .limit(limit),
        )
        .where('status', 'in', [...statuses])
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * When a workflow has more than `keep` executions: the creation time of its `keep`-th
     * newest (everything created before it is beyond the bound), else undefined.
     */
    async countBoundary(workflowId: string, keep: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('executions')
        .select('created_at')
        .where('workflow_id', '=', workflowId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .offset(keep - 1)
        .executeTakeFirst();
      return row?.created_at;
    },

    /** Deletes up to `limit` finished executions of a workflow created before `before`. */
    async deleteWorkflowBefore(workflowId: string, before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('executions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('executions')
            .select('id')
            .where('workflow_id', '=', workflowId)
            .where('created_at', '<', before)
            .where('status', 'in', [...FINISHED_STATUSES])
            .limit(limit),
        )
        .where('status', 'in', [...FINISHED_STATUSES])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Workflow ids after `after` (keyset order), `limit` of them. */
    async workflowIds(after: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('workflows')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
