/** `error_reports` (tables/support.ts): browser crash reports, written once. */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { ErrorReportsTable } from '../tables/support.js';

/** Writes `error_reports`. */
export interface ErrorReportsRepo {
  insert(row: Insertable<ErrorReportsTable>): Promise<void>;
}

/** Builds the repository over a database or a transaction. */
export function createErrorReportsRepo(db: Kysely<Database>): ErrorReportsRepo {
  return {
    async insert(row) {
      await db.insertInto('error_reports').values(row).execute();
    },
  };
}
