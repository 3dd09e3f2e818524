/**
 * Migration 0018-error-report-age: an index on `error_reports.created_at`, so the retention pass
 * (engine/retention.ts) finds reports past their days or beyond the newest ERROR_REPORTS_KEEP
 * without reading every report (an attacked instance may hold hundreds of MiB of them).
 */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0018-error-report-age (the same on both databases). */
export function createErrorReportAgeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('error_reports_created_idx').on('error_reports').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('error_reports_created_idx').execute();
    },
  };
}
