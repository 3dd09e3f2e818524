/**
 * Schema upgrades at start, on SQLite and PostgreSQL: a start applies the pending migrations
 * with one log line each; a server given a database a newer Junction upgraded refuses it with
 * one line and exit code 2, touching nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/src/compose.js';
import { readMigrationStatus } from '../../server/src/store/migration-status.js';
import { createMigrationProvider } from '../../server/src/store/migrations/index.js';
import { createTestConfig, type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;

describe('a start on a fresh SQLite database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-fresh-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('logs one line per migration applied', async () => {
    const lines: { migration?: string; message?: string }[] = [];
    const logger = {
      info: (fields: object, message?: string) => lines.push({ ...fields, message }),
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    };
    const services = createServices(createTestConfig({ dataDir }), { logger: logger as never });
    await services.ready;
    await services.close();
    const names = Object.keys(await createMigrationProvider('sqlite').getMigrations());
    expect(lines.filter((l) => l.message === 'Applied database migration').map((l) => l.migration)).toEqual(names);
  });
});

describe.each(openTestDatabases())('a database newer than this Junction on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
      opened.db,
    );
  }, 120_000);
  afterAll(() => opened?.close());

  it('is refused by the server with one line and exit code 2', async () => {
    const env = {
      ...process.env,
      DATA_DIR: opened.config.dataDir,
      DATABASE_URL: opened.config.databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SIGNUP_POLICY: 'open',
    };
    if (!opened.config.databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', tsx, path.join(root, 'server/src/main.ts')],
        { env, cwd: root, timeout: 120_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Junction could not start: The database was upgraded by a newer Junction (migration 9999-from-the-future is unknown to this version); run that version or newer.',
    );
    expect((await readMigrationStatus(opened)).unknown).toEqual(['9999-from-the-future']);
  }, 150_000);
});
