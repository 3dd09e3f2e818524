/** Migration 0007-support: the support room's tables (see ../tables/support.ts). Owned by that room's helper. */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** Builds migration 0007-support for a dialect. */
export function createSupportMigration(_dialect: Dialect): Migration {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
  };
}
