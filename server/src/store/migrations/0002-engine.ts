/**
 * Migration 0002-engine: executions, workflow versions, step runs and trigger events (see
 * ../tables/engine.ts).
 * Written once for both dialects; only the JSON column type differs.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0002-engine for a dialect. */
export function createEngineMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('executions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('workflow_revision', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('trigger_data', json)
        .addColumn('error', 'text')
        .addColumn('dedupe_key', 'text')
        .addColumn('resume_at', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('cursor', json)
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rerun_of', 'text')
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('executions_workflow_created_idx')
        .on('executions')
        .columns(['workflow_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('executions_workflow_status_idx')
        .on('executions')
        .columns(['workflow_id', 'status'])
        .execute();
      // The reconciler's scan: queued, running with a lease, waiting with a resume time.
      await db.schema.createIndex('executions_status_idx').on('executions').columns(['status', 'updated_at']).execute();

      // The document each execution runs, stored once per workflow revision.
      await db.schema
        .createTable('workflow_versions')
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('document', json, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workflow_versions_pk', ['workflow_id', 'revision'])
        .execute();

      await db.schema
        .createTable('step_runs')
        .addColumn('execution_id', 'text', (c) => c.notNull().references('executions.id').onDelete('cascade'))
        .addColumn('step_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('input', json)
        .addColumn('output', json)
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('step_runs_pk', ['execution_id', 'step_id'])
        .execute();

      await db.schema
        .createTable('trigger_events')
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('execution_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('trigger_events_pk', ['workflow_id', 'dedupe_key'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['trigger_events', 'step_runs', 'workflow_versions', 'executions']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
