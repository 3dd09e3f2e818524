/** Migration 0003-triggers: the triggers' tables (see ../tables/triggers.ts). */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0003-triggers for a dialect. */
export function createTriggersMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('trigger_subscriptions')
        // No foreign key to workflows: when a workflow is deleted while ON, its row stays until the
        // triggers have unsubscribed the app webhook it may hold (then it deletes the row).
        .addColumn('workflow_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('step_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('state', json, (c) => c.notNull())
        .addColumn('trigger_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('next_run_at', 'text')
        .addColumn('last_run_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The scheduler's scan: due schedules and polls, oldest first.
      await db.schema
        .createIndex('trigger_subscriptions_due_idx')
        .on('trigger_subscriptions')
        .column('next_run_at')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('trigger_subscriptions').ifExists().execute();
    },
  };
}
