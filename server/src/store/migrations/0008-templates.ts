/** Migration 0008-templates: the templates' tables (see ../tables/templates.ts). */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0008-templates for a dialect. */
export function createTemplatesMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('icons', json, (c) => c.notNull())
        .addColumn('document', json, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('templates_tenant_idx')
        .on('templates')
        .columns(['tenant_id', 'created_at'])
        .execute();
    },
  };
}
