/**
 * Migration 0015-instance-access: who may come in. The instance's one settings row (its owner
 * and sign-up policy), workspace invitations, and users the owner disabled.
 */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0015-instance-access (the same on both dialects). */
export function createInstanceAccessMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
      await db.schema
        .createTable('instance_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('signup_policy', 'text')
        .addColumn('signup_domains', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('invitations_tenant').on('invitations').columns(['tenant_id', 'email']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('invitations').execute();
      await db.schema.dropTable('instance_settings').execute();
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
    },
  };
}
