import { type ApiClient, createNewWorkflow, type WorkflowDocument } from '@junction/core';
import { describe, expect, it, vi } from 'vitest';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import { versionBannerText } from './editor-releases.js';
import { createEditorStore } from './editor-store.js';

const env = { newId: () => crypto.randomUUID(), now: () => 1_700_000_000_000 };

/** A fake API: one ON workflow with a draft (revision 5, version 1 runs) and its version 1. */
function fakeApi() {
  const published = createNewWorkflow(env, { id: 'wf-1', name: 'Orders' });
  const draft: WorkflowDocument = { ...published, name: 'Orders (draft)' };
  let stored: StoredWorkflow = {
    id: 'wf-1',
    name: 'Orders (draft)',
    active: true,
    revision: 5,
    document: { ...draft, active: true },
    state: 'draft',
    publishedVersion: 1,
  };
  const posts: { path: string; body?: unknown }[] = [];
  const api = {
    get: vi.fn(async (path: string) => {
      if (path === '/api/workflows/{id}/versions/{number}') {
        return { number: 1, publishedAt: 'x', publishedBy: null, note: '', summary: [], document: published };
      }
      return stored;
    }),
    post: vi.fn(async (path: string, init: { body?: unknown }) => {
      posts.push({ path, body: init.body });
      stored = { ...stored, name: 'Orders (draft)', revision: 6, state: 'live', publishedVersion: 2 };
      return { workflow: stored, version: { number: 2, publishedAt: 'x', publishedBy: null, note: 'n', summary: [] } };
    }),
    put: vi.fn(),
  } as unknown as ApiClient;
  return { api, posts, put: api.put as unknown as ReturnType<typeof vi.fn> };
}

describe('editor store: drafts and versions', () => {
  it('shows the draft state, publishes with the note and the expected revision, and is live after', async () => {
    const { api, posts } = fakeApi();
    const store = createEditorStore({ ...env, api, notifyError: vi.fn() });
    await store.load('wf-1');
    expect(store).toMatchObject({ lifecycle: 'draft', publishedVersion: 1 });
    const version = await store.publish('  n  ');
    expect(version.number).toBe(2);
    expect(posts).toEqual([{ path: '/api/workflows/{id}/publish', body: { note: 'n', expectedRevision: 5 } }]);
    expect(store).toMatchObject({ lifecycle: 'live', publishedVersion: 2, revision: 6 });
  });

  it('opens a version read-only (nothing saved, the banner says which) and returns to the draft', async () => {
    const { api, put } = fakeApi();
    const store = createEditorStore({ ...env, api, notifyError: vi.fn() });
    await store.load('wf-1');
    await store.openVersion(1);
    expect(store.viewingVersion).toBe(1);
    expect(store.readOnlyReason).toBe(versionBannerText(1));
    expect(store.wf.name).toBe('Orders');
    store.wf.setName('Edited while viewing');
    await store.saveNow();
    expect(put).not.toHaveBeenCalled();
    await store.closeVersion();
    expect(store.viewingVersion).toBeNull();
    expect(store.readOnlyReason).toBeNull();
    expect(store.wf.name).toBe('Orders (draft)');
  });
});
