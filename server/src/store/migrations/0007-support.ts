/** Migration 0007-support: tickets, error reports and checkout sessions (see ../tables/support.ts). */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0007-support for a dialect. */
export function createSupportMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('tickets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('editor_url', 'text', (c) => c.notNull())
        .addColumn('app', 'text')
        .addColumn('event', 'text')
        .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tickets_tenant_idx').on('tickets').columns(['tenant_id', 'created_at']).execute();
      await db.schema.createIndex('tickets_created_idx').on('tickets').columns(['created_at']).execute();
      await db.schema
        .createTable('error_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('current_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
