/**
 * Opens Junction's database: SQLite through better-sqlite3 by default (a file in the data
 * folder), PostgreSQL through node-postgres when `config.databaseUrl` is set. Both speak
 * the same Kysely schema (./database.ts) and the same migrations (./migrations/).
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import type PgModule from 'pg';
import type { Config } from '../config.js';
import type { Database, Dialect } from './database.js';
import { assertNotNewer } from './migration-status.js';
import { createMigrationProvider } from './migrations/index.js';
import { NulFreeTextPlugin } from './nul-free.js';
import { OwnSchemaPostgresDialect } from './pg-own-schema.js';
import { prepareRepeatedStatements } from './pg-prepared.js';
import { FifoSqliteDialect } from './sqlite-fifo.js';
import { withStatementCache } from './sqlite-statements.js';

/** An open database: the Kysely instance, which engine it is, and how to close it. */
export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes the SQLite file or drains the PostgreSQL pool. Safe to call twice. */
  close(): Promise<void>;
}

/** Milliseconds a SQLite writer waits for another process's lock before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** Where the SQLite file lives for a configuration (`sqlitePath`, else `${dataDir}/junction.db`). */
export function resolveSqlitePath(config: Pick<Config, 'dataDir' | 'sqlitePath'>): string {
  return config.sqlitePath ?? path.join(config.dataDir, 'junction.db');
}

/**
 * Opens the database named by the configuration. Does not migrate: call
 * `migrateToLatest(handle)` (createServices does it on start).
 *
 * @example
 * const handle = createDb(loadConfig());
 * await migrateToLatest(handle);
 * const users = await handle.db.selectFrom('users').selectAll().execute();
 * await handle.close();
 */
export function createDb(config: Pick<Config, 'dataDir' | 'sqlitePath' | 'databaseUrl'>): DbHandle {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openSqlite(resolveSqlitePath(config));
}

function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') createPrivately(file);
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed while one writer commits; busy_timeout makes a second
  // process (junction worker) wait for the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // As the engine's connection (engine/sqlite-writer.ts): checkpoint every ~40 MB of WAL.
  sqlite.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<Database>({
    // Waiters for the one connection queue in order; a release wakes one (./sqlite-fifo.ts).
    dialect: new FifoSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new NulFreeTextPlugin()],
  });
  return { db, dialect: 'sqlite', close: once(() => db.destroy()) };
}

/**
 * The database holds every secret Junction keeps: its folder is created 0700 and the file 0600
 * (an older 0644 file is narrowed). SQLite gives its -wal and -shm files the database file's
 * mode, so they are 0600 too.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  try {
    chmodSync(file, 0o600);
  } catch {
    // Not ours to change (a file owned by another user that we may still write): leave it.
  }
}

function openPostgres(connectionString: string): DbHandle {
  // A connection string may carry `?options=-c search_path=...`; tests use that to give
  // each suite its own schema.
  // Loaded only for PostgreSQL: a SQLite server starts without node-postgres.
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client whose server went away (PostgreSQL restarted or failed over) makes the pool
  // emit 'error'; without a listener that error would end the whole process. The pool has
  // already dropped that client and the next query opens a fresh connection, so there is
  // nothing else to do here (queries in flight fail on their own and are retried by callers).
  pool.on('error', () => undefined);
  prepareRepeatedStatements(pool);
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), plugins: [new NulFreeTextPlugin()] });
  return { db, dialect: 'postgres', close: once(() => db.destroy()) };
}

/**
 * Applies every pending migration, in order, calling `onApplied` with each one's name once it
 * ran. Concurrent starters are safe: Kysely takes a lock (an advisory lock on PostgreSQL)
 * around the run. A database a newer Junction upgraded is refused first (DatabaseNewerError,
 * a ConfigError: one line, exit code 2) and left untouched.
 */
export async function migrateToLatest(handle: DbHandle, onApplied?: (name: string) => void): Promise<void> {
  await assertNotNewer(handle);
  // Kysely looks for its bookkeeping tables in every schema it can see; with several
  // schemas in one database (a test schema per suite, or a shared server) it would find
  // another schema's and skip creating its own. Name the current schema explicitly.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? ((await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(handle.db)).rows[0]?.schema ??
        undefined)
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: createMigrationProvider(handle.dialect),
    migrationTableSchema,
  });
  // Introspection reads our own schema only (./pg-own-schema.ts), so another schema's DDL at
  // this moment cannot fail the run.
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  for (const result of results ?? []) if (result.status === 'Success') onApplied?.(result.migrationName);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}
