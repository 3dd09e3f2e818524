/**
 * Migration 0006-forms: public forms, their submissions and uploaded files (see
 * ../tables/forms.ts). Written once for both dialects; only the JSON column type differs.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0006-forms for a dialect. */
export function createFormsMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('forms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('workflow_id', 'text')
        .addColumn('content', json, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('forms_tenant_idx').on('forms').columns(['tenant_id', 'created_at']).execute();
      await db.schema.createIndex('forms_workflow_idx').on('forms').column('workflow_id').execute();

      await db.schema
        .createTable('form_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
        .addColumn('answers', json, (c) => c.notNull())
        .addColumn('execution_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('form_submissions_form_idx')
        .on('form_submissions')
        .columns(['form_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('form_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('submission_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('form_uploads_form_idx').on('form_uploads').column('form_id').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['form_uploads', 'form_submissions', 'forms']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
