/**
 * `ops_progress` is part of the schema (migration 0025), on SQLite and PostgreSQL: a fresh
 * database has it before any operator command ran, and an installation where an older
 * `junction migrate --database` made the table itself (with a saved cursor in it) migrates
 * without an error and keeps that cursor.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_UPGRADE_JOB } from '../../server/src/ops/document-upgrade.js';
import { migrateToLatest } from '../../server/src/store/create-db.js';
import { createMigrator, readMigrationStatus } from '../../server/src/store/migration-status.js';
import { clearProgress, readProgress, saveProgress } from '../../server/src/store/repos/transfer.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';

const BEFORE = '0024-workflow-counts';

describe.each(openTestDatabases())('ops_progress on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
  }, 120_000);
  afterAll(() => opened?.close());

  it('is there after the migrations, before any operator command', async () => {
    const status = await readMigrationStatus(opened);
    expect(status.applied.map((m) => m.name)).toContain('0025-ops-progress');
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ops_progress`.execute(opened.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('saves, replaces (keeping the start) and forgets a job', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    await saveProgress(opened.db, 'a-job', { cursor: 'wf-1', counts: { seen: 1 }, startedAt: at, updatedAt: at });
    const later = '2026-01-01T00:01:00.000Z';
    await saveProgress(opened.db, 'a-job', { cursor: 'wf-2', counts: { seen: 2 }, startedAt: later, updatedAt: later });
    expect(await readProgress(opened.db, 'a-job')).toEqual({
      cursor: 'wf-2',
      counts: { seen: 2 },
      startedAt: at,
      updatedAt: later,
    });
    await clearProgress(opened.db, 'a-job');
    expect(await readProgress(opened.db, 'a-job')).toBeUndefined();
  });

  it('adopts the table an older migrate --database made, with its saved cursor', async () => {
    const migrator = await createMigrator(opened);
    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    // The table and row exactly as the command made them before migration 0025.
    await sql`CREATE TABLE IF NOT EXISTS ops_progress (
      job text PRIMARY KEY,
      cursor text NOT NULL,
      counts text NOT NULL,
      started_at text NOT NULL,
      updated_at text NOT NULL
    )`.execute(opened.db);
    const at = '2026-01-01T00:00:00.000Z';
    await sql`INSERT INTO ops_progress (job, cursor, counts, started_at, updated_at)
      VALUES (${DOCUMENT_UPGRADE_JOB}, 'wf-004', '{"seen":5}', ${at}, ${at})`.execute(opened.db);
    expect((await readMigrationStatus(opened)).pending).toContain('0025-ops-progress');

    await migrateToLatest(opened);
    expect((await readMigrationStatus(opened)).pending).toEqual([]);
    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toEqual({
      cursor: 'wf-004',
      counts: { seen: 5 },
      startedAt: at,
      updatedAt: at,
    });
  });
});
