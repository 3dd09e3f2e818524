/**
 * Which schema migrations a database has applied compared with this build's list
 * (./migrations/index.ts): what `junction db status` prints, what `junction db migrate` and every
 * start check first, so a database upgraded by a newer Junction is refused before anything runs.
 */
import { type Kysely, Migrator, sql } from 'kysely';
import { ConfigError } from '../env.js';
import type { Database, Dialect } from './database.js';
import { createMigrationProvider } from './migrations/index.js';

/** An open database and its engine (a DbHandle, without the close). */
export interface MigratableDb {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** The schema migrations of a database compared with this build's list. */
export interface MigrationStatus {
  /** Applied migrations this build knows, in order, with when they ran (ISO). */
  applied: { name: string; executedAt: string }[];
  /** This build's migrations not applied yet, in order. */
  pending: string[];
  /** Applied migrations this build does not know: the database is newer than this build. */
  unknown: string[];
}

/**
 * A database carrying migrations this build does not know (made by a newer Junction). A
 * ConfigError: the process refuses it with one line and exit code 2.
 */
export class DatabaseNewerError extends ConfigError {
  override name = 'DatabaseNewerError';
  constructor(readonly unknown: string[]) {
    super(
      `The database was upgraded by a newer Junction (migration ${unknown.at(-1)} is unknown to this version); run that version or newer.`,
    );
  }
}

/**
 * The schema holding Kysely's bookkeeping tables: on PostgreSQL the current one, named
 * explicitly, or Kysely may find another schema's tables in a shared database.
 */
export async function migrationSchema(handle: MigratableDb): Promise<string | undefined> {
  if (handle.dialect !== 'postgres') return undefined;
  const rows = (await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(handle.db)).rows;
  return rows[0]?.schema ?? undefined;
}

/** This build's migrator over a database. */
export async function createMigrator(handle: MigratableDb): Promise<Migrator> {
  return new Migrator({
    db: handle.db,
    provider: createMigrationProvider(handle.dialect),
    migrationTableSchema: await migrationSchema(handle),
  });
}

/** The names of the migrations a database has applied, read from Kysely's table (none on a fresh database). */
async function readAppliedNames(handle: MigratableDb): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
    return rows.rows.map((r) => r.name);
  } catch {
    // No bookkeeping table yet: a fresh database, nothing applied.
    return [];
  }
}

/** Reads which migrations a database has applied and which this build would apply. */
export async function readMigrationStatus(handle: MigratableDb): Promise<MigrationStatus> {
  const known = await (await createMigrator(handle)).getMigrations();
  const names = new Set(known.map((m) => m.name));
  const stored = await readAppliedNames(handle);
  return {
    applied: known
      .filter((m) => m.executedAt !== undefined)
      .map((m) => ({ name: m.name, executedAt: (m.executedAt as Date).toISOString() })),
    pending: known.filter((m) => m.executedAt === undefined).map((m) => m.name),
    unknown: stored.filter((name) => !names.has(name)),
  };
}

/** Throws DatabaseNewerError when the database has migrations this build does not know. */
export async function assertNotNewer(handle: MigratableDb): Promise<void> {
  const known = new Set(Object.keys(await createMigrationProvider(handle.dialect).getMigrations()));
  const unknown = (await readAppliedNames(handle)).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new DatabaseNewerError(unknown);
}
