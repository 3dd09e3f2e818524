/**
 * Migration 0013-workspace-app-events: the events a workspace added to an app it does not own
 * (onboarding 4 "Custom-trigger wizard": a custom trigger for a catalogue or built-in app), one
 * row per workspace and app, laid over the app for that workspace only.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0013-workspace-app-events for a dialect. */
export function createWorkspaceAppEventsMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('workspace_app_events')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('app_slug', 'text', (c) => c.notNull())
        .addColumn('actions', json, (c) => c.notNull())
        .addColumn('triggers', json, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workspace_app_events_pk', ['tenant_id', 'app_slug'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('workspace_app_events').execute();
    },
  };
}
