/**
 * `junction backup` / `junction restore` services on SQLite and PostgreSQL: a backup taken while
 * the server runs, the installation wiped, the archive restored, and the same workflows, runs,
 * connections (still decrypting) and uploaded files are there; a backup from a newer schema, of the other
 * engine, or into a data folder a server holds is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import type { Config } from '../../server/src/config.js';
import { createBackup, readBackupManifest, restoreBackup } from '../../server/src/ops/backup.js';
import { createDb } from '../../server/src/store/create-db.js';
import { openHarness, openTestDatabases } from '../api/harness.js';
import { startTarget, type Target } from '../engine/support.js';
import { openConnection, SECRET, type Seeded, seedInstance } from './support.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target?.close());

function schemaOf(config: Config): string | undefined {
  const options = config.databaseUrl ? new URL(config.databaseUrl).searchParams.get('options') : null;
  return options ? /search_path=(\w+)/.exec(options)?.[1] : undefined;
}

describe.each(openTestDatabases())('backup and restore on $dialect', (testDb) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-ops-backup-'));
  const work = mkdtempSync(path.join(tmpdir(), 'junction-ops-archive-'));
  const archive = path.join(work, 'nightly.tar.gz');
  let config: Config;
  let seeded: Seeded;
  let keyBefore: string;

  beforeAll(async () => {
    const h = await openHarness(testDb, { dataDir, allowedHosts: target.host });
    config = h.config;
    seeded = await seedInstance(h, target);
    keyBefore = readFileSync(path.join(dataDir, 'junction.key'), 'utf8');
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'upload-1'), "a visitor's file");
    // Taken while the server runs: SQLite's recent writes are still in the WAL file.
    const { manifest } = await createBackup(config, { out: archive, junctionVersion: '0.1.0' });
    expect(manifest).toMatchObject({
      dialect: testDb.dialect,
      hasKeyFile: true,
      keysFrom: 'key-file',
      hasUploads: true,
      junctionVersion: '0.1.0',
    });
    expect(manifest.counts).toMatchObject({ workspaces: 1, workflows: 2, executions: 1, connections: 1 });
    // The wipe: the server stops, its database (PostgreSQL schema dropped) and data folder go.
    const schema = schemaOf(config);
    await h.app.close();
    await h.db.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  }, 180_000);

  afterAll(async () => {
    const schema = schemaOf(config);
    if (schema) {
      const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('writes one archive with the database, the key file and a manifest', () => {
    const entries = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
    const db = testDb.dialect === 'sqlite' ? './junction.db' : './junction.pgdump';
    expect(entries).toEqual(expect.arrayContaining(['./manifest.json', './junction.key', db, './uploads/upload-1']));
  });

  it('restores the same workflows, runs and connections, which still decrypt', async () => {
    const manifest = await restoreBackup(config, archive);
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(readFileSync(path.join(dataDir, 'junction.key'), 'utf8')).toBe(keyBefore);
    expect(readFileSync(path.join(dataDir, 'uploads', 'upload-1'), 'utf8')).toBe("a visitor's file");
    const app = await createApp({ ...config, allowedHosts: target.host }, { logger: { write: () => undefined } });
    try {
      const token = seeded.account.token;
      const auth = { authorization: `Bearer ${token}` };
      const workflows = await app.inject({ method: 'GET', url: '/api/workflows', headers: auth });
      expect(workflows.statusCode).toBe(200);
      expect(JSON.stringify(workflows.json())).toContain('Nightly sync');
      const run = await app.inject({ method: 'GET', url: `/api/executions/${seeded.executionId}`, headers: auth });
      expect(run.statusCode).toBe(200);
      expect(run.json()).toMatchObject({ status: 'succeeded' });
    } finally {
      await app.close();
    }
    const handle = createDb(config);
    try {
      expect(await openConnection(handle, config, seeded.account.tenantId, seeded.credentialId)).toEqual(SECRET);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses a backup from a newer schema, naming the version to use', async () => {
    const folder = mkdtempSync(path.join(work, 'newer-'));
    execFileSync('tar', ['-xzf', archive, '-C', folder]);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    manifest.migrations.push('9999-from-the-future');
    manifest.junctionVersion = '9.0.0';
    writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
    const newer = path.join(work, 'newer.tar.gz');
    execFileSync('tar', ['-czf', newer, '-C', folder, '.']);
    expect((await readBackupManifest(newer)).junctionVersion).toBe('9.0.0');
    await expect(restoreBackup(config, newer)).rejects.toThrow(
      'This backup comes from a newer Junction (9.0.0, migration 9999-from-the-future)',
    );
  });

  it('names a program it needs that is not installed', async () => {
    const path0 = process.env.PATH;
    process.env.PATH = work;
    try {
      await expect(createBackup(config, { out: path.join(work, 'none.tar.gz') })).rejects.toThrow(
        testDb.dialect === 'sqlite'
          ? 'tar is not installed: install tar where this command runs.'
          : 'pg_dump is not installed: install the PostgreSQL client tools (postgresql-client) where this command runs.',
      );
    } finally {
      process.env.PATH = path0;
    }
  });

  it('refuses while a server holds the data folder, and a backup of the other engine', async () => {
    await expect(restoreBackup(config, archive, { inUse: () => 'process 4242 runs Junction here.' })).rejects.toThrow(
      'Stop the server first: process 4242 runs Junction here.',
    );
    const other: Config =
      testDb.dialect === 'sqlite'
        ? { ...config, databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' }
        : { ...config, databaseUrl: undefined };
    await expect(restoreBackup(other, archive)).rejects.toThrow('use junction export / import');
  });
});
