/**
 * The ordered list of schema migrations, provided in code (no files read at run time, so
 * the bundled server carries its migrations with it).
 */
import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../database.js';
import { createInitialMigration } from './0001-initial.js';

/**
 * Builds the migration provider for a dialect. Names sort in apply order; never rename or
 * edit a released migration, add the next number instead.
 */
export function createMigrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': createInitialMigration(dialect),
      };
    },
  };
}
