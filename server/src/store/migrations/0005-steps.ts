/** Migration 0005-steps: OAuth pop-up states and credential auth status (see ../tables/steps.ts). */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0005-steps for a dialect (no JSON columns, so both dialects are the same). */
export function createStepsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('oauth_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('credential_id', 'text')
        .addColumn('code_verifier', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();

      await db.schema
        .createTable('credential_auth')
        .addColumn('credential_id', 'text', (c) => c.primaryKey().references('credentials.id').onDelete('cascade'))
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('needs_reconnect', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status_message', 'text')
        .addColumn('checked_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('credential_auth').ifExists().execute();
      await db.schema.dropTable('oauth_states').ifExists().execute();
    },
  };
}
