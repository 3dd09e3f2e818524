/**
 * `junction migrate --database` service on SQLite and PostgreSQL: stored legacy documents are
 * converted in batches, current ones left alone, broken ones reported and kept; a dry run writes
 * nothing; a run killed after its first batch resumes after the saved cursor and ends with every
 * document current.
 */
import { readFileSync } from 'node:fs';
import { isLegacyDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_UPGRADE_JOB, upgradeStoredDocuments } from '../../server/src/ops/document-upgrade.js';
import { readProgress } from '../../server/src/store/repos/transfer.js';
import { createWorkflowsRepo } from '../../server/src/store/repos/workflows.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import { hookWorkflow } from '../engine/support.js';
import { insertWorkspace } from './support.js';

const legacy = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/legacy/${name}.json`, import.meta.url), 'utf8'));
const LEGACY = ['tiny', 'webhook-trigger', 'delay', 'filter-or-groups'];
const TENANT = 't-upgrade';

describe.each(openTestDatabases())('migrate --database on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  const documents = () => createWorkflowsRepo(opened.db);

  beforeAll(async () => {
    opened = await testDb.open();
    const at = new Date().toISOString();
    await insertWorkspace(opened, TENANT);
    const rows: [string, unknown][] = [
      ...LEGACY.map((name, i): [string, unknown] => [`wf-${i}-${name}`, legacy(name)]),
      ['wf-8-current', { ...hookWorkflow('wf-8-current', { url: 'http://127.0.0.1:9/ok' }), active: false }],
      ['wf-9-broken', legacy('broken-two-triggers')],
    ];
    for (const [id, document] of rows) {
      await documents().insert({
        id,
        tenantId: TENANT,
        name: id,
        active: false,
        document,
        revision: 1,
        createdAt: at,
        updatedAt: at,
      });
    }
  }, 120_000);
  afterAll(() => opened?.close());

  it('reports what would change on a dry run and writes nothing', async () => {
    const report = await upgradeStoredDocuments(opened, { dryRun: true, batchSize: 2 });
    expect(report).toMatchObject({ isDryRun: true, seen: 6, changed: 4, fromLegacy: 4 });
    expect(report.failed).toEqual([
      expect.objectContaining({ id: 'wf-9-broken', reason: expect.stringContaining('trigger') }),
    ]);
    expect(isLegacyDocument((await documents().get(TENANT, 'wf-0-tiny'))?.document)).toBe(true);
    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toBeUndefined();
  });

  it('resumes after a kill from the saved cursor and ends with every document current', async () => {
    const batches: number[] = [];
    // The first run dies after its first batch of two (as a killed process would, after the cursor was saved).
    await expect(
      upgradeStoredDocuments(opened, {
        batchSize: 2,
        onBatch: (done) => {
          batches.push(done);
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(batches).toEqual([2]);
    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toMatchObject({ cursor: 'wf-1-webhook-trigger' });
    expect(isLegacyDocument((await documents().get(TENANT, 'wf-0-tiny'))?.document)).toBe(false);
    expect(isLegacyDocument((await documents().get(TENANT, 'wf-2-delay'))?.document)).toBe(true);

    const progress: number[] = [];
    const report = await upgradeStoredDocuments(opened, { batchSize: 2, onBatch: (done) => progress.push(done) });
    expect(report).toMatchObject({ resumedAfter: 'wf-1-webhook-trigger', seen: 6, changed: 4, fromLegacy: 4 });
    expect(report.changes.map((c) => c.id)).toEqual(['wf-2-delay', 'wf-3-filter-or-groups']);
    expect(progress).toEqual([4, 6]);
    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toBeUndefined();
    for (const name of LEGACY.map((n, i) => `wf-${i}-${n}`)) {
      const stored = await documents().get(TENANT, name);
      expect(stored?.document).toMatchObject({ schemaVersion: 1, id: name });
      expect(stored?.revision).toBe(2);
    }
    expect(isLegacyDocument((await documents().get(TENANT, 'wf-9-broken'))?.document)).toBe(true);

    const again = await upgradeStoredDocuments(opened, { batchSize: 2 });
    expect(again).toMatchObject({ seen: 6, changed: 0, unchanged: 5 });
    expect(again.failed.map((f) => f.id)).toEqual(['wf-9-broken']);
  });
});
