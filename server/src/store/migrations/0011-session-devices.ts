/** Migration 0011-session-devices: the device a session signed in from, for the profile's session list. */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0011-session-devices (the same on both dialects; old sessions keep null). */
export function createSessionDevicesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
    },
  };
}
