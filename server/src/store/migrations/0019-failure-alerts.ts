/**
 * Migration 0019-failure-alerts: `failure_alerts` (tables/alerts.ts), the workspace's and each
 * workflow's alert switch and the state between runs (services/failure-alerts.ts).
 */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0019-failure-alerts (the same on both databases). */
export function createFailureAlertsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('failure_alerts')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('interval_minutes', 'integer')
        .addColumn('failing', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_mail_at', 'text')
        .addColumn('unsent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('off_token', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('failure_alerts_pk', ['tenant_id', 'workflow_id'])
        .execute();
      await db.schema
        .createIndex('failure_alerts_token_idx')
        .on('failure_alerts')
        .column('off_token')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('failure_alerts').execute();
    },
  };
}
