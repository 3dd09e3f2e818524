/**
 * Migration 0016-audit-sessions: the audit log (who did what, when, from which address, in
 * which workspace), a connection's visibility (private to its creator, or the workspace's), and
 * when a session was last used (the idle timeout).
 */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0016-audit-sessions (the same on both dialects). */
export function createAuditSessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Null for events outside a workspace (a failed sign-in of an unknown address).
        .addColumn('tenant_id', 'text', (c) => c.references('tenants.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('address', 'text')
        .addColumn('target', 'text')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('audit_events_tenant_at').on('audit_events').columns(['tenant_id', 'at']).execute();
      await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at']).execute();
      // Connections made before roles stay shared with their workspace, as they were.
      await db.schema
        .alterTable('credentials')
        .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('workspace'))
        .execute();
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
      await db.schema.alterTable('credentials').dropColumn('visibility').execute();
      await db.schema.dropTable('audit_events').execute();
    },
  };
}
