/**
 * Drafts and versions through the API (DESIGN "A workflow's life", docs/drafts-and-versions.md):
 * editing a workflow that is ON edits its draft while the published version keeps answering
 * webhooks; the publish impact; publish refused by the activation checks; runs finish on the
 * version they started with; a manual run uses the draft; versions, restore and discard; OFF
 * edits in place. On SQLite and PostgreSQL.
 */
import type { WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, STEP, startTarget, type Target, waitForExecution } from './support.js';

/** The document with the HTTP step's URL replaced (and, optionally, a new step's test removed). */
function withUrl(document: WorkflowDocument, url: string): WorkflowDocument {
  return {
    ...document,
    steps: document.steps.map((step) =>
      step.id === STEP.http
        ? {
            ...step,
            data: {
              ...step.data,
              fields: step.data.fields.map((f) => (f.name === 'url' ? { ...f, value: url } : f)),
            },
          }
        : step,
    ),
  };
}

const urlOf = (document: WorkflowDocument) =>
  document.steps.find((s) => s.id === STEP.http)?.data.fields.find((f) => f.name === 'url')?.value;

describe.each(openTestDatabases())('drafts and versions on $dialect', (testDb) => {
  let target: Target;
  let h: ApiHarness;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, { allowedHosts: target.host, reconcileIntervalMs: 200 });
    ({ token, tenantId } = await signUp(h, 'drafts'));
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  const get = async (id: string) => (await h.call('GET', `/api/workflows/${id}`, { token })).json;
  const save = async (id: string, document: WorkflowDocument) =>
    h.call('PUT', `/api/workflows/${id}`, { token, body: { document } });
  const fire = async (id: string, body: unknown = { amount: 1 }) =>
    (await h.call('POST', await hookPathOf(h, token, id), { body })).json.executionId as string;

  it('keeps the published version answering webhooks while the draft differs, then publishes it', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/v1?times=0') });
    const live = await get(id);
    expect(live).toMatchObject({ active: true, state: 'live', publishedVersion: 1 });
    const hookBefore = await hookPathOf(h, token, id);

    // Edit: the draft points at /v2; the editor reads the draft.
    const saved = await save(id, withUrl(live.document, target.url('/fail/v2?times=0')));
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ state: 'draft', publishedVersion: 1 });
    expect(urlOf((await get(id)).document)).toBe(target.url('/fail/v2?times=0'));

    // A webhook still runs version 1.
    const old = await waitForExecution(h, token, await fire(id));
    expect(old).toMatchObject({ status: 'succeeded', version: 1 });
    expect(target.calls['/fail/v1']).toBe(1);
    expect(target.calls['/fail/v2']).toBeUndefined();

    // A manual run from the editor runs the draft.
    const manual = await h.call('POST', `/api/workflows/${id}/runs`, { token, body: {} });
    expect(manual.status).toBe(202);
    const drafted = await waitForExecution(h, token, manual.json.executionId);
    expect(drafted).toMatchObject({ status: 'succeeded', ranDraft: true });
    expect(drafted.version).toBeUndefined();
    expect(target.calls['/fail/v2']).toBe(1);

    // The impact says what changes, in words.
    const impact = await h.call('GET', `/api/workflows/${id}/draft`, { token });
    expect(impact.status).toBe(200);
    expect(impact.json).toMatchObject({
      state: 'draft',
      publishedVersion: 1,
      removed: [],
      changed: [{ id: STEP.http, name: 'Call target' }],
      inFlight: { queued: 0, running: 0, waiting: 0 },
    });
    expect(impact.json.lines[0]).toMatch(/^Changed "Call target": url changed from ".*v1.*" to ".*v2.*"$/);

    // Publish with a note: version 2; the webhook URL is the same; webhooks now run /v2.
    const published = await h.call('POST', `/api/workflows/${id}/publish`, { token, body: { note: 'Use v2' } });
    expect(published.status).toBe(200);
    expect(published.json.version).toMatchObject({
      number: 2,
      note: 'Use v2',
      publishedBy: expect.stringContaining('@'),
    });
    expect(published.json.version.summary).toEqual(impact.json.lines);
    expect(published.json.workflow).toMatchObject({ state: 'live', publishedVersion: 2 });
    expect(await hookPathOf(h, token, id)).toBe(hookBefore);
    const fresh = await waitForExecution(h, token, await fire(id));
    expect(fresh).toMatchObject({ status: 'succeeded', version: 2 });
    expect(target.calls['/fail/v2']).toBe(2);

    // The history lists both, newest first; version 1 opens with its document.
    const versions = await h.call('GET', `/api/workflows/${id}/versions`, { token });
    expect(versions.json.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(versions.json.items[1].summary).toEqual(['First version']);
    const one = await h.call('GET', `/api/workflows/${id}/versions/1`, { token });
    expect(urlOf(one.json.document)).toBe(target.url('/fail/v1?times=0'));
    expect((await h.call('GET', `/api/workflows/${id}/versions/9`, { token })).status).toBe(404);

    // Nothing left to publish or discard.
    const again = await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('workflow.no_draft');
    expect((await h.call('DELETE', `/api/workflows/${id}/draft`, { token })).json.code).toBe('workflow.no_draft');

    // The audit log names the publish, with its version.
    const audit = await h.call('GET', `/api/tenants/${tenantId}/audit?action=workflow.published`, { token });
    expect(audit.json.items).toEqual([
      expect.objectContaining({
        action: 'workflow.published',
        target: id,
        detail: expect.objectContaining({ version: 2 }),
      }),
    ]);
  });

  it('restores a version as the draft, and discard returns to the published version', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/r1?times=0') });
    const live = await get(id);
    await save(id, withUrl(live.document, target.url('/fail/r2?times=0')));
    expect((await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} })).status).toBe(200);

    const restored = await h.call('POST', `/api/workflows/${id}/versions/1/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ state: 'draft', publishedVersion: 2 });
    expect(urlOf(restored.json.document)).toBe(target.url('/fail/r1?times=0'));
    // Restoring does not change what runs.
    await waitForExecution(h, token, await fire(id));
    expect(target.calls['/fail/r2']).toBe(1);
    expect(target.calls['/fail/r1']).toBeUndefined();

    const discarded = await h.call('DELETE', `/api/workflows/${id}/draft`, { token });
    expect(discarded.status).toBe(200);
    expect(discarded.json.state).toBe('live');
    expect(urlOf(discarded.json.document)).toBe(target.url('/fail/r2?times=0'));
    // An edit undone back to the published version leaves no draft.
    const same = await save(id, discarded.json.document);
    expect(same.json.state).toBe('live');
  });

  it('refuses to publish a draft that fails the activation checks, naming the step', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/b1?times=0') });
    const live = await get(id);
    const broken = withUrl(live.document, '');
    await save(id, broken);
    const refused = await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('activation.blocked');
    expect(refused.json.detail).toContain('"Call target"');
    // Still live on version 1, still in draft.
    expect(await get(id)).toMatchObject({ state: 'draft', publishedVersion: 1 });
    await waitForExecution(h, token, await fire(id));
    expect(target.calls['/fail/b1']).toBe(1);
  });

  it('lets a run waiting in a delay finish on the version it started with', async () => {
    // Long enough that the run still waits while the draft is saved and its impact read on a
    // busy machine (1 s was not: the run had left its delay before the impact was read).
    const id = await createWorkflow(h, token, { url: target.url('/fail/d1?times=0'), delaySeconds: 4 });
    const live = await get(id);
    const executionId = await fire(id);
    await waitForExecution(h, token, executionId, (s) => s === 'waiting');
    await save(id, withUrl(live.document, target.url('/fail/d2?times=0')));
    const impact = await h.call('GET', `/api/workflows/${id}/draft`, { token });
    expect(impact.json.inFlight).toEqual({ queued: 0, running: 0, waiting: 1 });
    expect((await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} })).status).toBe(200);
    const done = await waitForExecution(h, token, executionId, undefined, 400);
    expect(done).toMatchObject({ status: 'succeeded', version: 1 });
    expect(target.calls['/fail/d1']).toBe(1);
    expect(target.calls['/fail/d2']).toBeUndefined();
  });

  it('edits a workflow that is OFF in place, and switching OFF keeps the draft as the document', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/o1?times=0') });
    const live = await get(id);
    await save(id, withUrl(live.document, target.url('/fail/o2?times=0')));
    const off = await h.call('PUT', `/api/workflows/${id}/active`, { token, body: { active: false } });
    expect(off.status).toBe(200);
    const stored = await get(id);
    expect(stored).toMatchObject({ active: false, state: 'off' });
    expect(urlOf(stored.document)).toBe(target.url('/fail/o2?times=0'));

    const edited = await save(id, withUrl(stored.document, target.url('/fail/o3?times=0')));
    expect(edited.json.state).toBe('off');
    const refused = await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('workflow.not_active');
    // Switching ON again publishes: version 2 runs /o3.
    expect((await h.call('PUT', `/api/workflows/${id}/active`, { token, body: { active: true } })).status).toBe(200);
    expect(await get(id)).toMatchObject({ state: 'live', publishedVersion: 2 });
  });
});
