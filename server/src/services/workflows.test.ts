import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../store/test-db.js';
import { openTestServices, type TestServices } from './test-services.js';
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
    expect((await t.services.workflows.list(ctx)).find((w) => w.id === wf.id)).toMatchObject({
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
});
