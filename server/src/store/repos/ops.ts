/**
 * The statements of the operator commands (server/src/ops/): instance counts for a backup's
 * manifest, the schema migrations applied and pending, the SQLite online copy, the hook secrets
 * a key rotation re-seals and the cursor of the stored-document upgrade.
 */
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, Migrator, sql } from 'kysely';
import type { DbHandle } from '../create-db.js';
import type { Database } from '../database.js';
import { createMigrationProvider } from '../migrations/index.js';
import type { HookSecretsTable } from '../tables/hooks.js';

/** How much an installation holds: what a backup's manifest records. */
export interface InstanceCounts {
  workspaces: number;
  workflows: number;
  executions: number;
  connections: number;
}

/** Counts the workspaces, workflows, executions and connections of the whole instance. */
export async function countInstance(db: Kysely<Database>): Promise<InstanceCounts> {
  const count = async (table: 'tenants' | 'workflows' | 'executions' | 'credentials') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    workspaces: await count('tenants'),
    workflows: await count('workflows'),
    executions: await count('executions'),
    connections: await count('credentials'),
  };
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

async function migrationSchema(handle: DbHandle): Promise<string | undefined> {
  if (handle.dialect !== 'postgres') return undefined;
  const rows = (await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(handle.db)).rows;
  return rows[0]?.schema ?? undefined;
}

async function migratorFor(handle: DbHandle): Promise<Migrator> {
  // As migrateToLatest (create-db.ts): name the current schema, or Kysely may find another's table.
  return new Migrator({
    db: handle.db,
    provider: createMigrationProvider(handle.dialect),
    migrationTableSchema: await migrationSchema(handle),
  });
}

/** Reads which migrations a database has applied and which this build would apply. */
export async function readMigrationStatus(handle: DbHandle): Promise<MigrationStatus> {
  const known = await (await migratorFor(handle)).getMigrations();
  const names = new Set(known.map((m) => m.name));
  let stored: string[] = [];
  try {
    const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
    stored = rows.rows.map((r) => r.name);
  } catch {
    // No bookkeeping table yet: a fresh database, nothing applied.
  }
  return {
    applied: known
      .filter((m) => m.executedAt !== undefined)
      .map((m) => ({ name: m.name, executedAt: (m.executedAt as Date).toISOString() })),
    pending: known.filter((m) => m.executedAt === undefined).map((m) => m.name),
    unknown: stored.filter((name) => !names.has(name)),
  };
}

/**
 * Applies every pending migration in order and answers the names applied. Refuses (throws)
 * a database newer than this build without touching it.
 */
export async function applyMigrations(handle: DbHandle): Promise<string[]> {
  const status = await readMigrationStatus(handle);
  if (status.unknown.length > 0) throw new DatabaseNewerError(status.unknown);
  const { error, results } = await (await migratorFor(handle)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A database carrying migrations this build does not know (made by a newer Junction). */
export class DatabaseNewerError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database was upgraded by a newer Junction (migration ${unknown.at(-1)} is unknown to this version); run that version or newer.`,
    );
    this.name = 'DatabaseNewerError';
  }
}

/**
 * Copies a SQLite file with SQLite's online backup: a consistent snapshot that includes what
 * still sits in the WAL file, while a server may be writing.
 */
export async function copySqliteDatabase(source: string, destination: string): Promise<void> {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  // The copy is a plain rollback-journal file: one file to carry, no -wal beside it.
  const copy = new SqliteDatabase(destination);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** A stored hook secret that a key rotation re-seals. */
export type SealedHookSecret = Pick<HookSecretsTable, 'hook_key' | 'kind' | 'tenant_id'> & {
  ciphertext: string;
  nonce: string;
  key_version: string;
};

/**
 * Up to `limit` hook secrets (all tenants) sealed with a key other than `keyVersion`, in
 * (hook key, kind) order after `after`: a cursor, so one that cannot be opened is not read again.
 */
export async function listHookSecretsWithOtherKey(
  db: Kysely<Database>,
  keyVersion: string,
  limit: number,
  after?: { hookKey: string; kind: string },
): Promise<SealedHookSecret[]> {
  let query = db
    .selectFrom('hook_secrets')
    .select(['hook_key', 'kind', 'tenant_id', 'ciphertext', 'nonce', 'key_version'])
    .where('ciphertext', 'is not', null)
    .where('key_version', '<>', keyVersion);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('hook_key', '>', after.hookKey),
        eb.and([eb('hook_key', '=', after.hookKey), eb('kind', '>', after.kind)]),
      ]),
    );
  }
  const rows = await query.orderBy('hook_key').orderBy('kind').limit(limit).execute();
  return rows as SealedHookSecret[];
}

/** Writes a re-sealed hook secret. */
export async function resealHookSecret(
  db: Kysely<Database>,
  row: Pick<HookSecretsTable, 'hook_key' | 'kind'>,
  sealed: { ciphertext: string; nonce: string; keyVersion: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('hook_secrets')
    .set({ ciphertext: sealed.ciphertext, nonce: sealed.nonce, key_version: sealed.keyVersion, updated_at: at })
    .where('hook_key', '=', row.hook_key)
    .where('kind', '=', row.kind)
    .execute();
}
