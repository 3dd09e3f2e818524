import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from './create-db.js';

describe('createDb on SQLite', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'junction-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data folder and junction.db with WAL and foreign keys on', async () => {
    const dataDir = path.join(root, 'nested', 'data');
    const handle = createDb({ dataDir });
    expect(handle.dialect).toBe('sqlite');
    await migrateToLatest(handle);
    expect(existsSync(path.join(dataDir, 'junction.db'))).toBe(true);
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(handle.db);
    const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(handle.db);
    const busy = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(handle.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    expect(busy.rows[0]?.timeout).toBeGreaterThan(0);
    await handle.close();
    await handle.close();
  });

  it('honours sqlitePath, including :memory:', async () => {
    const handle = createDb({ dataDir: root, sqlitePath: ':memory:' });
    await migrateToLatest(handle);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(handle.db);
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'users',
        'tenants',
        'memberships',
        'sessions',
        'verification_codes',
        'one_time_tokens',
        'workflows',
        'credentials',
      ]),
    );
    await handle.close();
  });
});
