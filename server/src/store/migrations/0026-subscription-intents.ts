/**
 * Migration 0026-subscription-intents: `subscription_intents` (store/database.ts), the durable
 * record of an app webhook subscription made or being removed at a third party outside the
 * transaction that stores it (engine/triggers/intents.ts; RELIABILITY.md "Third-party
 * subscriptions through a crash").
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0026-subscription-intents for a dialect. */
export function createSubscriptionIntentsMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('subscription_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        // No foreign key to workflows: a workflow deleted meanwhile still has its subscription to undo.
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('hook_key', 'text', (c) => c.notNull())
        .addColumn('hook_url', 'text', (c) => c.notNull())
        .addColumn('unsubscribe_key', 'text', (c) => c.notNull())
        .addColumn('credential_id', 'text')
        .addColumn('answer', json)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The sweep's scan: intents due, oldest first.
      await db.schema
        .createIndex('subscription_intents_due_idx')
        .on('subscription_intents')
        .column('next_attempt_at')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('subscription_intents').ifExists().execute();
    },
  };
}
