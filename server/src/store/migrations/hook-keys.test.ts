import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepos } from '../repos/index.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { createHookKeysMigration } from './0012-hook-keys.js';

const at = '2026-01-01T00:00:00.000Z';
const workflow = (id: string) => ({
  id,
  tenantId: 't1',
  name: id,
  active: false,
  document: { steps: [] },
  revision: 1,
  createdAt: at,
  updatedAt: at,
});

describe.each(openTestDatabases())('webhook keys (migration 0012) on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
    await createRepos(opened.db).tenants.insert({
      id: 't1',
      name: 'T',
      plan: 'free',
      planStatus: 'active',
      createdAt: at,
    });
  });
  afterAll(() => opened?.close());

  it('gives every existing workflow its own random key, never its id', async () => {
    const repos = createRepos(opened.db);
    await repos.workflows.insert(workflow('wf-old-1'));
    await repos.workflows.insert(workflow('wf-old-2'));
    // Back to a database from before the migration, with those workflows in it.
    const migration = createHookKeysMigration();
    await migration.down?.(opened.db);
    await migration.up(opened.db);
    const rows = await sql<{ id: string; hook_key: string }>`SELECT id, hook_key FROM workflows ORDER BY id`.execute(
      opened.db,
    );
    expect(rows.rows.map((r) => r.id)).toEqual(['wf-old-1', 'wf-old-2']);
    for (const row of rows.rows) {
      expect(row.hook_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(row.hook_key).not.toContain(row.id);
    }
    expect(rows.rows[0].hook_key).not.toBe(rows.rows[1].hook_key);
    expect((await repos.workflows.get('t1', 'wf-old-1'))?.hookKey).toBe(rows.rows[0].hook_key);
  });

  it('makes a key for a new workflow and replaces it on rotation', async () => {
    const repos = createRepos(opened.db);
    await repos.workflows.insert(workflow('wf-new'));
    const before = (await repos.workflows.get('t1', 'wf-new'))?.hookKey;
    expect(before).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const after = await repos.workflows.rotateHookKey('t1', 'wf-new');
    expect(after).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(after).not.toBe(before);
    expect((await repos.workflows.get('t1', 'wf-new'))?.hookKey).toBe(after);
    expect(await repos.workflows.rotateHookKey('other-tenant', 'wf-new')).toBeUndefined();
  });
});
