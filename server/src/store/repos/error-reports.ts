/** `error_reports` (tables/support.ts): browser crash reports, written once, pruned by age and count. */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { ErrorReportsTable } from '../tables/support.js';

/** Writes and prunes `error_reports`. */
export interface ErrorReportsRepo {
  insert(row: Insertable<ErrorReportsTable>): Promise<void>;
  /** Deletes up to `limit` reports created before `before` (ISO); answers how many. */
  deleteBefore(before: string, limit: number): Promise<number>;
  /** Deletes up to `limit` of the reports beyond the newest `keep`; answers how many. */
  deleteBeyond(keep: number, limit: number): Promise<number>;
}

/** Builds the repository over a database or a transaction. */
export function createErrorReportsRepo(db: Kysely<Database>): ErrorReportsRepo {
  const deleteIds = async (ids: string[]) => {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('error_reports').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  };
  return {
    async insert(row) {
      await db.insertInto('error_reports').values(row).execute();
    },
    async deleteBefore(before, limit) {
      const rows = await db
        .selectFrom('error_reports')
        .select('id')
        .where('created_at', '<', before)
        .limit(limit)
        .execute();
      return deleteIds(rows.map((r) => r.id));
    },
    async deleteBeyond(keep, limit) {
      const rows = await db
        .selectFrom('error_reports')
        .select('id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(limit)
        .execute();
      return deleteIds(rows.map((r) => r.id));
    },
  };
}
