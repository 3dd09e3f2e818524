/**
 * Migration 0014-app-icons: logos uploaded for portal apps (forms-dp 3 "App Logo"), one per
 * app, served at /api/apps/{slug}/icon.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0014-app-icons for a dialect. */
export function createAppIconsMigration(dialect: Dialect): Migration {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('app_icons')
        .addColumn('slug', 'text', (c) => c.primaryKey().references('portal_apps.slug').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('app_icons').execute();
    },
  };
}
