/** Migration 0004-apps: the apps' tables (see ../tables/apps.ts). */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0004-apps for a dialect: portal apps and the Demo CRM's keys, contacts and hooks. */
export function createAppsMigration(dialect: Dialect): Migration {
  const json = dialect === 'postgres' ? sql`jsonb` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('portal_apps')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('definition', json, (c) => c.notNull())
        .addColumn('summary', json, (c) => c.notNull())
        .addColumn('client_secret', json)
        .addColumn('listing', json)
        .addColumn('listing_status', 'text', (c) => c.notNull().defaultTo('Draft'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('portal_apps_tenant_idx').on('portal_apps').column('tenant_id').execute();
      await db.schema.createIndex('portal_apps_status_idx').on('portal_apps').column('listing_status').execute();

      await db.schema
        .createTable('demo_crm_keys')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('demo_crm_contacts')
        .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tags', json, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('demo_crm_contacts_tenant_idx')
        .on('demo_crm_contacts')
        .columns(['tenant_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('demo_crm_contacts_email_idx')
        .on('demo_crm_contacts')
        .columns(['tenant_id', 'email_lower'])
        .execute();

      await db.schema
        .createTable('demo_crm_hooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('demo_crm_hooks_tenant_idx').on('demo_crm_hooks').column('tenant_id').execute();
    },
  };
}
