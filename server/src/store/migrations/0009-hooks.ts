/** Migration 0009-hooks: secrets shared with apps by webhook handshakes (see ../tables/hooks.ts). */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0009-hooks (the same on both dialects). */
export function createHooksMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('hook_secrets')
        .addColumn('hook_key', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('ciphertext', 'text')
        .addColumn('nonce', 'text')
        .addColumn('key_version', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hook_secrets_pk', ['hook_key', 'kind'])
        .execute();
    },
  };
}
