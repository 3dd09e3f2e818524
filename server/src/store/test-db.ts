/**
 * Test helper: the databases a test suite should run against. SQLite (a temp file) always;
 * PostgreSQL too when `TEST_DATABASE_URL` is set, each opened database in its own fresh
 * schema so suites running in parallel never see each other's rows.
 *
 * @example
 * describe.each(openTestDatabases())('workflows on $dialect', (testDb) => {
 *   let opened: OpenTestDatabase;
 *   beforeAll(async () => { opened = await testDb.open(); });
 *   afterAll(() => opened.close());
 *   it('…', async () => { const services = createServices(opened.config); … });
 * });
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { createDb, type DbHandle, migrateToLatest } from './create-db.js';
import type { Dialect } from './database.js';

/** A database engine available to tests. */
export interface TestDatabase {
  dialect: Dialect;
  /** Opens an isolated, migrated database and a Config pointing at it. */
  open(overrides?: Partial<Config>): Promise<OpenTestDatabase>;
}

/** An isolated test database, already migrated. */
export interface OpenTestDatabase extends DbHandle {
  /** Points at this database (temp `dataDir`, `sqlitePath` or `databaseUrl` with its own schema); hand it to createServices or createApp. */
  config: Config;
  /** Closes the handle, then removes the temp folder (and drops the PostgreSQL schema); safe to call twice. Close your own apps first. */
  close(): Promise<void>;
}

/**
 * Builds a Config for tests: loopback host, port 0, a fresh temp data folder, no rate
 * limits, silent logs, outbox mail, open sign-up.
 */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'junction-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://127.0.0.1:5000',
    dataDir,
    mailFrom: 'Junction <no-reply@junction.local>',
    env: 'test',
    bodyLimit: 5 * 1024 * 1024,
    rateLimits: false,
    logLevel: 'silent',
    // As an automated install would: tests sign users up freely (access tests override it).
    signupPolicy: 'open',
    ...overrides,
  };
}

/** The databases to run a suite on: SQLite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function openTestDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ dialect: 'sqlite', open: openSqliteTestDatabase }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ dialect: 'postgres', open: (overrides) => openPostgresTestDatabase(url, overrides) });
  return list;
}

async function openSqliteTestDatabase(overrides: Partial<Config> = {}): Promise<OpenTestDatabase> {
  const config = createTestConfig(overrides);
  const handle = createDb(config);
  await migrateToLatest(handle);
  return {
    ...handle,
    config,
    close: once(async () => {
      await handle.close();
      if (!overrides.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
    }),
  };
}

async function openPostgresTestDatabase(baseUrl: string, overrides: Partial<Config> = {}): Promise<OpenTestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: baseUrl, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  // Every pooled connection starts with this search_path, so unqualified table names
  // (and Kysely's migration tables) land in the suite's own schema.
  url.searchParams.set('options', `-c search_path=${schema}`);
  const config = createTestConfig({ ...overrides, databaseUrl: url.toString() });
  const handle = createDb(config);
  try {
    await migrateToLatest(handle);
  } catch (error) {
    // Leave no schema behind when the suite cannot even start.
    await handle.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    throw error;
  }
  return {
    ...handle,
    config,
    close: once(async () => {
      await handle.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
      if (!overrides.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}
