/**
 * Migration 0012-hook-keys: every workflow gets its own webhook key, the `{key}` of
 * `/hooks/{key}` (192 random bits, never the workflow id, rotatable from the trigger panel).
 * Existing workflows — webhook ones included — get a fresh key here; the workflow id no longer
 * starts anything. The same on both dialects.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { newHookKey } from '../hook-key.js';

/** Builds migration 0012-hook-keys. */
export function createHookKeysMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE workflows ADD COLUMN hook_key TEXT`.execute(db);
      const rows = await sql<{ id: string }>`SELECT id FROM workflows`.execute(db);
      for (const row of rows.rows) {
        await sql`UPDATE workflows SET hook_key = ${newHookKey()} WHERE id = ${row.id}`.execute(db);
      }
      await sql`CREATE UNIQUE INDEX workflows_hook_key_idx ON workflows (hook_key)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP INDEX workflows_hook_key_idx`.execute(db);
      await sql`ALTER TABLE workflows DROP COLUMN hook_key`.execute(db);
    },
  };
}
