/**
 * Migration 0017-workflow-releases: a workflow's draft (the edits of a workflow that is ON,
 * beside the published document) and its published versions (../tables/releases.ts).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0017-workflow-releases for a dialect (only the JSON column type differs). */
export function createWorkflowReleasesMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('workflow_drafts')
        .addColumn('workflow_id', 'text', (c) => c.primaryKey().references('workflows.id').onDelete('cascade'))
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('document', json, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('workflow_releases')
        .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('document', json, (c) => c.notNull())
        .addColumn('summary', json, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published_by', 'text')
        .addColumn('published_by_email', 'text')
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workflow_releases_pk', ['workflow_id', 'number'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('workflow_releases').execute();
      await db.schema.dropTable('workflow_drafts').execute();
    },
  };
}
