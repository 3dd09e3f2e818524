/**
 * Migration 0025-ops-progress: `ops_progress`, where a resumable operator job stands (one row per
 * job: the `junction migrate --database` cursor, ops/document-upgrade.ts). Before this migration
 * the command created the table itself on first use, outside the schema's history. The same on
 * both dialects.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** Builds migration 0025-ops-progress. */
export function createOpsProgressMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // IF NOT EXISTS: an installation that ran `junction migrate --database` before this
      // migration already has the table, made by that command with these very columns; it is
      // adopted as it is (its row, a saved cursor, still resumes the job).
      await sql`CREATE TABLE IF NOT EXISTS ops_progress (
        job TEXT PRIMARY KEY,
        cursor TEXT NOT NULL,
        counts TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP TABLE IF EXISTS ops_progress`.execute(db);
    },
  };
}
