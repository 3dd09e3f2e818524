import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiClient, ApiError, createNewWorkflow, problemText, type WorkflowDocument } from '@junction/core';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../../public/boot-prefetch.js?raw';
import { createRootStore } from '../../stores/root-store.js';
import { serverStateOf } from '../../stores/server-state.js';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import {
  type PrefetchWindow,
  prefetchedAnswer,
  settledAnswer,
  startWorkflowPrefetch,
} from '../../stores/workflow-prefetch.js';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, workflowKey } from './editor-base.js';
import { createEditorStore, EditorStore, type IEditorStore } from './editor-store.js';

let counter = 0;
const env = { newId: () => `id-${++counter}`, now: () => 1_700_000_000_000 };

function storedFrom(doc: WorkflowDocument, revision = 1): StoredWorkflow {
  return { id: doc.id, name: doc.name, active: doc.active, revision, document: doc };
}

/** A fake API with one stored workflow; PUT bumps the revision and records the body. */
function fakeApi(doc: WorkflowDocument, options: { failPut?: ApiError } = {}) {
  let stored = storedFrom(doc);
  const puts: { document: WorkflowDocument; expectedRevision?: number }[] = [];
  const api = {
    get: vi.fn(async (_path: string, init: { params: { path: { id: string } } }) => {
      if (init.params.path.id !== stored.id) {
        throw new ApiError({ type: 'about:blank', code: 'resource.not_found', title: 'Not Found', status: 404 });
      }
      return stored;
    }),
    post: vi.fn(async () => stored),
    put: vi.fn(async (_path: string, init: { body: { document: WorkflowDocument; expectedRevision?: number } }) => {
      puts.push(init.body);
      if (options.failPut) throw options.failPut;
      stored = { ...storedFrom(init.body.document, stored.revision + 1), name: init.body.document.name };
      return stored;
    }),
  } as unknown as ApiClient;
  return { api, puts };
}

describe('editor store (editor-core 4.1, 4.5)', () => {
  let notifyError: ReturnType<typeof vi.fn<(message: string) => void>>;
  let doc: WorkflowDocument;

  beforeEach(() => {
    vi.useFakeTimers();
    notifyError = vi.fn<(message: string) => void>();
    doc = createNewWorkflow(env, { id: 'wf-1', name: 'Untitled Workflow (Draft)' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function makeStore(api: ApiClient): IEditorStore {
    return createEditorStore({ ...env, api, notifyError });
  }

  it('loads a workflow outside the history, with the two placeholders', async () => {
    const { api } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    expect(store.loadPhase).toBe('loaded');
    expect(store.wf.steps.map((s) => s.data.name)).toEqual(['Click to Add Trigger', 'Click to Add Action']);
    expect(store.wf.canUndo).toBe(false);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('fails the load of an unknown id (the no-access page)', async () => {
    const { api } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('other');
    expect(store.loadPhase).toBe('failed');
    expect(store.isLoaded).toBe(false);
  });

  it('autosaves once, 800 ms after the last edit, with the expected revision', async () => {
    const { api, puts } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    store.startAutosave();
    store.wf.setName('First');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    store.wf.setName('Second');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(puts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(puts).toHaveLength(1);
    expect(puts[0].document.name).toBe('Second');
    expect(puts[0].expectedRevision).toBe(1);
    expect(store.savePhase).toBe('saved');
    expect(store.revision).toBe(2);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('still saves within the max wait while edits keep coming less than 800 ms apart', async () => {
    const { api, puts } = fakeApi(doc);
    const store = createEditorStore({ ...env, now: () => Date.now(), api, notifyError });
    await store.load('wf-1');
    store.startAutosave();
    for (let i = 0; i * 500 < AUTOSAVE_MAX_WAIT_MS - 500; i += 1) {
      store.wf.setName(`Name ${i}`);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(puts).toHaveLength(0);
    store.wf.setName('Still typing');
    await vi.advanceTimersByTimeAsync(500);
    expect(puts).toHaveLength(1);
    expect(puts[0].document.name).toBe('Still typing');
  });

  it('does not save a server load', async () => {
    const { api, puts } = fakeApi(doc);
    const store = makeStore(api);
    store.startAutosave();
    await store.load('wf-1');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(puts).toHaveLength(0);
    expect(store.savePhase).toBe('idle');
  });

  it('saves an undo too (editor-core 4.5)', async () => {
    const { api, puts } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    store.startAutosave();
    const actionId = store.wf.steps[1].id;
    store.deleteStep(actionId);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(puts.at(-1)?.document.steps).toHaveLength(1);
    expect(store.wf.undo()).toBe('delete step');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(puts.at(-1)?.document.steps.map((s) => s.id)).toContain(actionId);
  });

  it('marks a failed save and tells the user once per failure', async () => {
    const conflict = new ApiError({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'workflow.revision_conflict',
    });
    const { api } = fakeApi(doc, { failPut: conflict });
    const store = makeStore(api);
    await store.load('wf-1');
    store.wf.setName('Renamed');
    await store.saveNow();
    expect(store.savePhase).toBe('saveFailed');
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith(problemText(conflict));
    expect(store.hasUnsavedChanges).toBe(true);
  });

  it('stops saving after a revision conflict (by its code) and rolls the cached workflow back', async () => {
    const conflict = new ApiError({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'workflow.revision_conflict',
    });
    const { api, puts } = fakeApi(doc, { failPut: conflict });
    const store = makeStore(api);
    await store.load('wf-1');
    const cached = () => serverStateOf(api).cache.getData<StoredWorkflow>(workflowKey('wf-1'));
    expect(cached()?.name).toBe('Untitled Workflow (Draft)');
    store.wf.setName('Renamed');
    const save = store.saveNow();
    expect(cached()?.name).toBe('Renamed');
    await save;
    expect(cached()?.name).toBe('Untitled Workflow (Draft)');
    expect(store.isConflicted).toBe(true);

    store.wf.setName('Renamed again');
    await store.saveNow();
    expect(puts).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('keeps the saved workflow in the cache after a save', async () => {
    const { api } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    store.wf.setName('Renamed');
    await store.saveNow();
    expect(serverStateOf(api).cache.getData<StoredWorkflow>(workflowKey('wf-1'))).toMatchObject({
      name: 'Renamed',
      revision: 2,
    });
  });

  it('keeps the selection out of the history and clears it when the step is deleted', async () => {
    const { api } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    const actionId = store.wf.steps[1].id;
    store.select(actionId);
    expect(store.wf.canUndo).toBe(false);
    store.deleteStep(actionId);
    expect(store.selectedStepId).toBeNull();
  });

  it('names a duplicate through core and lists the missing-app issues', async () => {
    const { api } = fakeApi(doc);
    const store = makeStore(api);
    await store.load('wf-1');
    expect(store.issues.filter((i) => i.code === 'missing-app').map((i) => i.text)).toEqual([
      'Missing app selection.',
      'Missing app selection.',
    ]);
    const name = store.duplicateStep(store.wf.steps[1].id);
    expect(name).toBe(store.wf.steps.at(-1)?.data.name);
    expect(store.wf.history.undoDescriptions()).toEqual(['duplicated step']);
  });
});

describe('a failed save', () => {
  it("says the message table's sentence for the Problem's code", () => {
    expect(
      problemText(
        new ApiError({ type: 'about:blank', title: 'Conflict', status: 409, code: 'workflow.revision_conflict' }),
      ),
    ).toBe('Someone else saved this workflow first. Reload the page to see their changes.');
    expect(
      problemText(new ApiError({ type: 'about:blank', code: 'network.unreachable', title: 'Network', status: 0 })),
    ).toBe('The server cannot be reached. Check your connection, then try again.');
  });
});

describe('the boot-time workflow GET (editor benchmark)', () => {
  const doc = createNewWorkflow(env, { id: 'wf-7', name: 'Prefetched' });
  const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url, headers: request.headers });
    if (request.url === '/api/workflows/wf-7') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(storedFrom(doc, 4)));
    } else response.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
  });
  let origin = '';
  beforeEach(async () => {
    seen.length = 0;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A window at `search` with a stored token, whose fetch reaches the local server. */
  function windowAt(search: string, pathname = '/'): PrefetchWindow {
    return {
      location: { origin, pathname, search },
      localStorage: { getItem: (key: string) => (key === 'junction.token' ? 'tok-1' : null) },
      fetch: (url, init) => globalThis.fetch(url, init),
    };
  }

  it('starts GET /api/workflows/{id} with the stored token; load takes it once instead of asking again', async () => {
    const get = vi.fn(async () => {
      throw new Error('load must use the prefetched answer');
    });
    const api = { get, getToken: () => 'tok-1' } as unknown as ApiClient;
    const root = createRootStore({ ...env, api });
    root.handOverWorkflowPrefetch(startWorkflowPrefetch(windowAt('?id=wf-7&u=1')));
    const store = root.createModel(EditorStore, {}, { notifyError: () => undefined });
    await store.load('wf-7');
    expect(store.loadPhase).toBe('loaded');
    expect(store.wf.name).toBe('Prefetched');
    expect(store.revision).toBe(4);
    expect(get).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/workflows/wf-7');
    expect(seen[0].headers.authorization).toBe('Bearer tok-1');
    expect(root.takePrefetchedWorkflow('wf-7')).toBeNull();
  });

  it('opens at once from an answer that has arrived (the first render shows the workflow), until the page lets it go', async () => {
    const get = vi.fn(async () => {
      throw new Error('nothing must be asked again');
    });
    const setToken = vi.fn();
    const api = { get, getToken: () => null, setToken } as unknown as ApiClient;
    const root = createRootStore({ ...env, api });
    const prefetch = startWorkflowPrefetch(windowAt('?id=wf-7'));
    root.handOverWorkflowPrefetch(prefetch);
    const store = root.createModel(EditorStore, {}, { notifyError: () => undefined });
    // Not arrived yet: nothing opens, and the answer stays for load.
    expect(store.openArrived('wf-7', 'tok-1')).toBe(false);
    expect(store.loadPhase).toBe('unloaded');
    await prefetch?.answer;
    expect(prefetch?.settled).toMatchObject({ id: 'wf-7', revision: 4 });
    // Another workflow or token does not take it.
    expect(store.openArrived('wf-8', 'tok-1')).toBe(false);
    expect(store.openArrived('wf-7', 'someone-else')).toBe(false);
    expect(store.openArrived('wf-7', 'tok-1')).toBe(true);
    expect(store.loadPhase).toBe('loaded');
    expect(store.wf.name).toBe('Prefetched');
    expect(store.revision).toBe(4);
    expect(store.hasUnsavedChanges).toBe(false);
    expect(setToken).toHaveBeenCalledWith('tok-1');
    // Once the page showing the store is mounted it lets go: a later editor (or load) asks the server.
    store.releaseBootWorkflow();
    expect(root.settledWorkflow('wf-7', 'tok-1')).toBeNull();
    expect(root.takePrefetchedWorkflow('wf-7')).toBeNull();
    expect(get).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('leaves the arrived answer to the render React keeps when it throws one away: no second GET', async () => {
    const get = vi.fn(async () => {
      throw new Error('nothing must be asked again');
    });
    const api = { get, getToken: () => 'tok-1', setToken: vi.fn() } as unknown as ApiClient;
    const root = createRootStore({ ...env, api });
    const prefetch = startWorkflowPrefetch(windowAt('?id=wf-7'));
    root.handOverWorkflowPrefetch(prefetch);
    await prefetch?.answer;
    // EditorPage's state initialisers run in a render StrictMode repeats, or that a concurrent
    // render throws away: each makes its own store and opens it from the answer.
    const discarded = root.createModel(EditorStore, {}, { notifyError: () => undefined });
    expect(discarded.openArrived('wf-7', 'tok-1')).toBe(true);
    const kept = root.createModel(EditorStore, {}, { notifyError: () => undefined });
    expect(kept.openArrived('wf-7', 'tok-1')).toBe(true);
    expect(kept.wf.name).toBe('Prefetched');
    expect(kept.revision).toBe(4);
    // The kept page's effect lets go and loads nothing: the store is open already.
    kept.releaseBootWorkflow();
    expect(kept.loadPhase).toBe('loaded');
    expect(get).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('is not used for another workflow or token, and a failed answer is left to load', async () => {
    const prefetch = startWorkflowPrefetch(windowAt('?id=wf-7'));
    expect(prefetchedAnswer(prefetch, 'wf-7', 'someone-else')).toBeNull();
    expect(prefetchedAnswer(prefetch, 'wf-8', 'tok-1')).toBeNull();
    await prefetch?.answer;
    const missing = startWorkflowPrefetch(windowAt('?id=missing'));
    expect(await prefetchedAnswer(missing, 'missing', 'tok-1')).toBeNull();
    expect(settledAnswer(missing, 'missing', 'tok-1')).toBeNull();
  });

  it('is not started for a code to exchange, a template, or another page', () => {
    expect(startWorkflowPrefetch(windowAt('?id=wf-7&c=abc'))).toBeNull();
    expect(startWorkflowPrefetch(windowAt('?id=wf-7&template_id=t1'))).toBeNull();
    expect(startWorkflowPrefetch(windowAt('?id=wf-7', '/dashboard'))).toBeNull();
    expect(seen).toHaveLength(0);
  });

  /** Runs web/public/boot-prefetch.js (index.html's boot script) in `win`; returns what it started. */
  function boot(win: PrefetchWindow): PrefetchWindow['__junctionWorkflowPrefetch'] {
    new Function('window', bootScript)(win);
    return win.__junctionWorkflowPrefetch;
  }

  it('starts in the boot script on the same conditions, and the app takes that answer without asking again', async () => {
    for (const [search, pathname] of [
      ['?id=wf-7&c=abc', '/'],
      ['?id=wf-7&template_id=t1', '/'],
      ['?id=wf-7', '/dashboard'],
      ['', '/'],
    ]) {
      expect(boot(windowAt(search, pathname))).toBeUndefined();
    }
    expect(seen).toHaveLength(0);
    const win = windowAt('?id=wf-7&u=1');
    const booted = boot(win);
    expect(booted).toMatchObject({ id: 'wf-7', token: 'tok-1' });
    expect(startWorkflowPrefetch(win)).toBe(booted);
    expect(await prefetchedAnswer(booted ?? null, 'wf-7', 'tok-1')).toMatchObject({ revision: 4 });
    expect(settledAnswer(booted ?? null, 'wf-7', 'tok-1')).toMatchObject({ revision: 4 });
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.authorization).toBe('Bearer tok-1');
    expect(await boot(windowAt('?id=missing'))?.answer).toBeNull();
  });
});
