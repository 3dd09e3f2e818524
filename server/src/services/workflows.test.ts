import { readFileSync } from 'node:fs';
import { readImport } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../store/test-db.js';
import { openTestServices, type TestServices } from '../test-services.js';
import type { AuthContext } from '../kernel/types.js';

describe.each(openTestDatabases())('workflows on $dialect', (testDb) => {
  let t: TestServices;
  let ctx: AuthContext;
  beforeAll(async () => {
    t = await openTestServices(testDb);
    ({ ctx } = await t.signUp('flows@example.com'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the editor-core 4.6 new workflow from a name', async () => {
    const created = await t.services.workflows.create(ctx, { name: 'Leads to Slack' });
    expect(created).toMatchObject({ name: 'Leads to Slack', active: false, revision: 1 });
    expect(created.document).toMatchObject({ id: created.id, name: 'Leads to Slack', active: false, schemaVersion: 1 });
    expect(created.document.steps.map((s) => [s.kind, s.data.name, s.position])).toEqual([
      ['trigger', 'Click to Add Trigger', { x: 220, y: 40 }],
      ['action', 'Click to Add Action', { x: 220, y: 240 }],
    ]);
    expect(created.document.links).toHaveLength(1);
    expect(await t.services.workflows.get(ctx, created.id)).toEqual(created);
    const unnamed = await t.services.workflows.create(ctx, {});
    expect(unnamed.name).toBe('Untitled Workflow');
  });

  it('creates from a full document under a server-chosen id', async () => {
    const base = await t.services.workflows.create(ctx, { name: 'Source' });
    const copy = await t.services.workflows.create(ctx, { document: { ...base.document, name: 'Copy' } });
    expect(copy.id).not.toBe(base.id);
    expect(copy.document.id).toBe(copy.id);
    expect(copy.name).toBe('Copy');
    await expect(t.services.workflows.create(ctx, { document: { nope: true } })).rejects.toMatchObject({ status: 422 });
  });

  it('updates with a revision check and refuses a stale one with 409', async () => {
    const wf = await t.services.workflows.create(ctx, { name: 'Rev' });
    const renamed = await t.services.workflows.update(ctx, wf.id, {
      document: { ...wf.document, name: 'Rev 2' },
      expectedRevision: 1,
    });
    expect(renamed).toMatchObject({ name: 'Rev 2', revision: 2, document: { name: 'Rev 2' } });
    await expect(
      t.services.workflows.update(ctx, wf.id, {
        document: { ...wf.document, name: 'Lost update' },
        expectedRevision: 1,
      }),
    ).rejects.toMatchObject({ status: 409, field: 'expectedRevision' });
    // Without expectedRevision the save goes through; `active` is not a document edit (only
    // activation switches a workflow), so the stored value stays.
    const unchecked = await t.services.workflows.update(ctx, wf.id, { document: { ...wf.document, active: true } });
    expect(unchecked).toMatchObject({ revision: 3, active: false, document: { active: false } });
    expect((await t.services.workflows.list(ctx)).items.find((w) => w.id === wf.id)).toMatchObject({
      name: 'Rev',
      active: false,
    });
  });

  it('refuses a document whose id differs from the address, and an invalid document with JSON paths', async () => {
    const wf = await t.services.workflows.create(ctx, { name: 'Checked' });
    await expect(
      t.services.workflows.update(ctx, wf.id, { document: { ...wf.document, id: 'other-id' } }),
    ).rejects.toMatchObject({
      status: 422,
      field: 'document.id',
    });
    const broken = { ...wf.document, links: [{ ...wf.document.links[0], target: 'missing-step' }] };
    const error = await t.services.workflows.update(ctx, wf.id, { document: broken }).catch((e) => e);
    expect(error).toMatchObject({
      status: 422,
      errors: [{ field: 'document.links[0].target', message: expect.any(String) }],
    });
    expect((await t.services.workflows.get(ctx, wf.id)).revision).toBe(1);
  });

  it('deletes, and then answers 404', async () => {
    const wf = await t.services.workflows.create(ctx, { name: 'Doomed' });
    await t.services.workflows.remove(ctx, wf.id);
    await expect(t.services.workflows.get(ctx, wf.id)).rejects.toMatchObject({
      status: 404,
      detail: 'Workflow not found.',
    });
    await expect(t.services.workflows.remove(ctx, wf.id)).rejects.toMatchObject({ status: 404 });
  });

  it("answers an import as the dashboard's readImport does: the same refusals, a legacy file stored once converted", async () => {
    const base = await t.services.workflows.create(ctx, { name: 'Exported' });
    // A file the dashboard refuses is refused by the server with the same errors.
    const bad = { ...base.document, links: [{ id: 'l', source: 'nope', target: 'nope' }] };
    const read = readImport(JSON.stringify(bad));
    if (read.ok) throw new Error('the dashboard accepted an invalid document');
    const refused = await t.services.workflows.create(ctx, { document: bad }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      errors: read.errors.map((e) => ({ field: e.path.replace(/^\$/, 'document'), message: e.message })),
    });
    // A legacy export the dashboard converts is stored as it was read, OFF.
    const legacy = readFileSync(new URL('../../../test/fixtures/legacy/delay.json', import.meta.url), 'utf8');
    const converted = readImport(legacy);
    if (!converted.ok) throw new Error(converted.message);
    const stored = await t.services.workflows.create(ctx, { name: converted.name, document: converted.document });
    expect(stored).toMatchObject({ name: 'Follow up after signup', active: false });
    expect(stored.document.steps).toEqual(converted.document.steps);
  });
});
