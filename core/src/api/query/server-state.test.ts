// The server-state layer against a real HTTP server on 127.0.0.1 behind the real typed client:
// shared requests, stale and fresh data, cancellation, polling, invalidation, optimistic edits.
// Timers run on a manual clock (polling and garbage collection are ticked, never waited for).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Workflow } from '@junction/api-spec';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type ApiError, isApiError } from '../api-error.js';
import { type ApiClient, createApiClient } from '../client.js';
import { PROBLEM_CODES } from '../problem-codes.js';
import { QueryCancelledError } from './query.js';
import { hashQueryKey, matchesKeyPrefix } from './query-key.js';
import { apiKey, createServerState, type ServerState } from './server-state.js';

/** One request the server saw. */
interface SeenRequest {
  method: string;
  url: string;
  body: string;
  /** True once the client went away before the answer was sent (an abort). */
  aborted: boolean;
}

/** Answers one request; may return a promise to hold the answer. */
type TestHandler = (request: SeenRequest, res: ServerResponse) => void | Promise<void>;

/** The running server. */
interface TestServer {
  baseUrl: string;
  seen: SeenRequest[];
  /** Sets the handler for `METHOD /path` (the path without its query). */
  on(route: string, handler: TestHandler): void;
  /** A client of this server (Node's fetch). */
  client(): ApiClient;
  close(): Promise<void>;
}

/** Sends `body` as JSON (or a Problem as `application/problem+json` when the status fails). */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  res.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
}

/** A promise with its resolve, for holding an answer until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Starts the server on a free port of 127.0.0.1. */
async function startTestServer(): Promise<TestServer> {
  const handlers = new Map<string, TestHandler>();
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString(),
        aborted: false,
      };
      seen.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) entry.aborted = true;
      });
      const handler = handlers.get(`${entry.method} ${entry.url.split('?')[0]}`);
      if (!handler)
        return sendJson(res, 404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'resource.not_found' });
      void handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    seen,
    on: (route, handler) => handlers.set(route, handler),
    client: () => createApiClient({ baseUrl, fetch: (request) => fetch(request) }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Timers that run only when the test advances the clock. */
function manualClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      nextId += 1;
      timers.set(nextId, { at: now + ms, fn });
      return nextId;
    },
    clearTimeout: (handle: unknown) => {
      timers.delete(handle as number);
    },
    /** Moves time on by `ms` and runs the timers then due. */
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now && timers.delete(id)) timer.fn();
      }
    },
  };
}

const workflow = (revision: number, name = 'Orders'): Workflow => ({
  id: 'w1',
  name,
  active: false,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  revision,
  document: { schemaVersion: 1, id: 'w1', name, active: false, steps: [], links: [] },
});

const conflict = {
  type: 'about:blank',
  title: 'Conflict',
  status: 409,
  code: PROBLEM_CODES.workflowRevisionConflict,
  detail: 'The workflow was saved by someone else.',
};

let server: TestServer;
let clock: ReturnType<typeof manualClock>;
let layer: ServerState;
const seenOf = (route: string) => server.seen.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => layer?.cache.clear());

function freshLayer(): ServerState {
  server.seen.length = 0;
  clock = manualClock();
  layer = createServerState(server.client(), clock);
  return layer;
}

describe('query keys', () => {
  it('names a resource by operation and parameters, whatever the order of properties', () => {
    expect(hashQueryKey(['GET /a', { b: 1, a: { d: 2, c: 3 } }])).toBe(
      hashQueryKey(['GET /a', { a: { c: 3, d: 2 }, b: 1 }]),
    );
    expect(hashQueryKey(['GET /a', { a: 1 }])).not.toBe(hashQueryKey(['GET /a', { a: 2 }]));
  });

  it('matches a prefix by operation and by the parameters it names', () => {
    const key = apiKey('/api/workflows/{id}/executions', { path: { id: 'w1' }, query: { limit: 25 } });
    expect(matchesKeyPrefix(key, apiKey('/api/workflows/{id}/executions'))).toBe(true);
    expect(matchesKeyPrefix(key, apiKey('/api/workflows/{id}/executions', { path: { id: 'w1' } }))).toBe(true);
    expect(matchesKeyPrefix(key, apiKey('/api/workflows/{id}/executions', { path: { id: 'w2' } }))).toBe(false);
    expect(matchesKeyPrefix(key, apiKey('/api/workflows/{id}'))).toBe(false);
  });

  it('names a read without parameters by the same key a query of it is stored under', async () => {
    const { query, cache } = freshLayer();
    const rows = query('/api/dashboard/workflows', undefined);
    expect(cache.find(apiKey('/api/dashboard/workflows'))).toBe(rows);
  });
});

describe('a query', () => {
  it('shares one request among every observer and reader of the same key', async () => {
    const { query } = freshLayer();
    const hold = gate();
    server.on('GET /api/workflows/w1', async (_req, res) => {
      await hold.promise;
      sendJson(res, 200, workflow(3));
    });
    const first = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    const states: string[] = [];
    const stopA = first.subscribe((state) => states.push(`${state.status}${state.isFetching ? '+fetching' : ''}`));
    const second = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    const stopB = second.subscribe(() => {});
    const read = layer.read('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    expect(second).toBe(first);
    await vi.waitFor(() => expect(seenOf('GET /api/workflows/w1')).toHaveLength(1));
    hold.open();

    expect((await read).revision).toBe(3);
    expectTypeOf(first.state.data).toEqualTypeOf<Workflow | undefined>();
    expect(first.state).toMatchObject({ status: 'success', isFetching: false, error: undefined });
    expect(first.state.data?.name).toBe('Orders');
    expect(states).toEqual(['pending+fetching', 'success']);
    expect(seenOf('GET /api/workflows/w1')).toHaveLength(1);
    stopA();
    stopB();
  });

  it("holds the server's Problem as its error and keeps the data of the last answer", async () => {
    const { query } = freshLayer();
    let status = 200;
    server.on('GET /api/workflows/w1', (_req, res) =>
      status === 200
        ? sendJson(res, 200, workflow(1))
        : sendJson(res, 503, { ...conflict, status: 503, code: 'server.unavailable' }),
    );
    const wf = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    await wf.fetch();
    status = 503;
    await expect(wf.fetch()).rejects.toSatisfy(isApiError);

    expect(wf.state.status).toBe('error');
    expect((wf.state.error as ApiError).code).toBe('server.unavailable');
    expect(wf.state.data?.revision).toBe(1);
  });

  it('asks again for a new observer only when its data is stale', async () => {
    const { query } = freshLayer();
    server.on('GET /api/dashboard/workflows', (_req, res) => sendJson(res, 200, { items: [] }));
    const rows = query('/api/dashboard/workflows', undefined, { staleMs: 10_000 });
    await rows.fetch();
    rows.subscribe(() => {})();
    expect(seenOf('GET /api/dashboard/workflows')).toHaveLength(1);

    clock.advance(10_000);
    const stop = rows.subscribe(() => {});
    await vi.waitFor(() => expect(rows.state.isFetching).toBe(false));
    expect(seenOf('GET /api/dashboard/workflows')).toHaveLength(2);
    stop();
  });

  it('aborts its request when the last observer leaves, and the state goes back', async () => {
    const { query } = freshLayer();
    server.on('GET /api/workflows/w1', () => {
      // Never answers: only the client going away ends it.
    });
    const wf = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    const stopA = wf.subscribe(() => {});
    const stopB = wf.subscribe(() => {});
    const pending = wf.fetch();
    await vi.waitFor(() => expect(seenOf('GET /api/workflows/w1')).toHaveLength(1));

    stopA();
    expect(wf.state.isFetching).toBe(true);
    stopB();

    await expect(pending).rejects.toBeInstanceOf(QueryCancelledError);
    expect(wf.state).toMatchObject({ status: 'pending', isFetching: false, error: undefined });
    await vi.waitFor(() => expect(seenOf('GET /api/workflows/w1')[0].aborted).toBe(true));
  });

  it('polls while observed, pauses when nobody observes, and resumes', async () => {
    const { query } = freshLayer();
    let runs = 0;
    server.on('GET /api/workflows/w1/executions', (_req, res) => {
      runs += 1;
      sendJson(res, 200, {
        items: [{ id: `e${runs}`, status: 'running', trigger: 'manual', startedAt: '2025-01-01T00:00:00Z' }],
      });
    });
    const list = query(
      '/api/workflows/{id}/executions',
      { params: { path: { id: 'w1' }, query: { limit: 25 } } },
      { pollMs: 2000 },
    );
    const stop = list.subscribe(() => {});
    await vi.waitFor(() => expect(list.state.data?.items[0].id).toBe('e1'));

    clock.advance(1999);
    expect(runs).toBe(1);
    clock.advance(1);
    await vi.waitFor(() => expect(list.state.data?.items[0].id).toBe('e2'));

    stop();
    clock.advance(10_000);
    expect(runs).toBe(2);

    const again = list.subscribe(() => {});
    await vi.waitFor(() => expect(runs).toBe(3));
    list.setPolling(null);
    clock.advance(10_000);
    expect(runs).toBe(3);
    again();
  });

  it('polls until the answer is final, each answer in the cache, and resolves with it', async () => {
    const { query, poll } = freshLayer();
    const statuses = ['queued', 'running', 'succeeded'];
    server.on('GET /api/executions/e1', (_req, res) =>
      sendJson(res, 200, { id: 'e1', status: statuses.shift() ?? 'succeeded' }),
    );
    const rounds: number[] = [];
    const done = poll(
      '/api/executions/{executionId}',
      { params: { path: { executionId: 'e1' } } },
      { until: (run) => run.status === 'succeeded', everyMs: 500, onRound: (round) => rounds.push(round) },
    );
    const run = query('/api/executions/{executionId}', { params: { path: { executionId: 'e1' } } });
    await vi.waitFor(() => expect(run.state.data?.status).toBe('queued'));
    expect(run.observerCount).toBe(1);
    clock.advance(499);
    expect(seenOf('GET /api/executions/e1')).toHaveLength(1);
    clock.advance(1);
    await vi.waitFor(() => expect(run.state.data?.status).toBe('running'));
    clock.advance(500);

    expect((await done).status).toBe('succeeded');
    expect(rounds).toEqual([0, 1, 2]);
    expect(seenOf('GET /api/executions/e1')).toHaveLength(3);
    expect(run.observerCount).toBe(0);
    clock.advance(10_000);
    expect(seenOf('GET /api/executions/e1')).toHaveLength(3);
  });

  it('gives up after its tries with the last answer, and stops on a failed request', async () => {
    const { poll } = freshLayer();
    server.on('GET /api/executions/e1', (_req, res) => sendJson(res, 200, { id: 'e1', status: 'waiting' }));
    const init = { params: { path: { executionId: 'e1' } } };
    const last = poll('/api/executions/{executionId}', init, { until: () => false, everyMs: 100, tries: 2 });
    await vi.waitFor(() => expect(seenOf('GET /api/executions/e1')).toHaveLength(1));
    clock.advance(100);
    expect((await last).status).toBe('waiting');
    expect(seenOf('GET /api/executions/e1')).toHaveLength(2);

    server.on('GET /api/executions/e2', (_req, res) =>
      sendJson(res, 404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'resource.not_found' }),
    );
    const gone = poll(
      '/api/executions/{executionId}',
      { params: { path: { executionId: 'e2' } } },
      { until: () => true, everyMs: 100 },
    );
    await expect(gone).rejects.toSatisfy(isApiError);
  });

  it('stops when its signal aborts: the request in flight is aborted and no more are sent', async () => {
    const { poll } = freshLayer();
    server.on('GET /api/executions/e1', () => {
      // Never answers: only the poll's end aborts it.
    });
    const leave = new AbortController();
    const polling = poll(
      '/api/executions/{executionId}',
      { params: { path: { executionId: 'e1' } } },
      { until: () => true, everyMs: 100, signal: leave.signal },
    );
    await vi.waitFor(() => expect(seenOf('GET /api/executions/e1')).toHaveLength(1));
    leave.abort();

    await expect(polling).rejects.toBeInstanceOf(QueryCancelledError);
    await vi.waitFor(() => expect(seenOf('GET /api/executions/e1')[0].aborted).toBe(true));
    clock.advance(1000);
    expect(seenOf('GET /api/executions/e1')).toHaveLength(1);
  });

  it('is dropped from the cache once unobserved for its garbage time', async () => {
    const { query, cache } = freshLayer();
    server.on('GET /api/dashboard/workflows', (_req, res) => sendJson(res, 200, { items: [] }));
    const rows = query('/api/dashboard/workflows', undefined, { gcMs: 1000 });
    const stop = rows.subscribe(() => {});
    await vi.waitFor(() => expect(rows.state.status).toBe('success'));
    stop();
    clock.advance(999);
    expect(cache.size).toBe(1);
    clock.advance(1);
    expect(cache.size).toBe(0);
  });
});

describe('a mutation', () => {
  it('invalidates what it changes: observed queries ask again, unobserved ones on their next observer', async () => {
    const { query, mutate } = freshLayer();
    let count = 0;
    server.on('GET /api/dashboard/workflows', (_req, res) => sendJson(res, 200, { items: Array(count).fill(null) }));
    server.on('GET /api/workflows/w1/executions', (_req, res) => sendJson(res, 200, { items: [] }));
    server.on('POST /api/workflows', (_req, res) => {
      count += 1;
      sendJson(res, 201, workflow(1));
    });
    const rows = query('/api/dashboard/workflows', undefined, { staleMs: 60_000 });
    const stop = rows.subscribe(() => {});
    const runs = query('/api/workflows/{id}/executions', { params: { path: { id: 'w1' } } }, { staleMs: 60_000 });
    await runs.fetch();
    await vi.waitFor(() => expect(rows.state.status).toBe('success'));

    await mutate((api) => api.post('/api/workflows', { body: {} }), {
      invalidates: [apiKey('/api/dashboard/workflows'), apiKey('/api/workflows/{id}/executions')],
    });

    expect(rows.state.data?.items).toHaveLength(1);
    expect(seenOf('GET /api/dashboard/workflows')).toHaveLength(2);
    expect(runs.state.isInvalidated).toBe(true);
    expect(seenOf('GET /api/workflows/w1/executions')).toHaveLength(1);
    const stopRuns = runs.subscribe(() => {});
    await vi.waitFor(() => expect(seenOf('GET /api/workflows/w1/executions')).toHaveLength(2));
    stop();
    stopRuns();
  });

  it('shows an optimistic edit at once and rolls it back when the server refuses it', async () => {
    const { query, mutate } = freshLayer();
    server.on('GET /api/workflows/w1', (_req, res) => sendJson(res, 200, workflow(3)));
    const hold = gate();
    server.on('PUT /api/workflows/w1', async (_req, res) => {
      await hold.promise;
      sendJson(res, 409, conflict);
    });
    const key = apiKey('/api/workflows/{id}', { path: { id: 'w1' } });
    const wf = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    await wf.fetch();

    const save = mutate(
      (api) =>
        api.put('/api/workflows/{id}', {
          params: { path: { id: 'w1' } },
          body: { document: workflow(3, 'Invoices').document, expectedRevision: 3 },
        }),
      { optimistic: [{ key, update: (old) => ({ ...(old as Workflow), name: 'Invoices' }) }] },
    );
    expect(wf.state.data?.name).toBe('Invoices');
    hold.open();

    const error = await save.catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(PROBLEM_CODES.workflowRevisionConflict);
    expect(wf.state).toMatchObject({ status: 'success', isFetching: false });
    expect(wf.state.data?.name).toBe('Orders');
  });

  it("writes the server's answer into the cache on success", async () => {
    const { query, mutate } = freshLayer();
    server.on('GET /api/workflows/w1', (_req, res) => sendJson(res, 200, workflow(3)));
    server.on('PUT /api/workflows/w1', (_req, res) => sendJson(res, 200, workflow(4, 'Invoices')));
    const key = apiKey('/api/workflows/{id}', { path: { id: 'w1' } });
    const wf = query('/api/workflows/{id}', { params: { path: { id: 'w1' } } });
    await wf.fetch();

    await mutate(
      (api) =>
        api.put('/api/workflows/{id}', {
          params: { path: { id: 'w1' } },
          body: { document: workflow(3, 'Invoices').document, expectedRevision: 3 },
        }),
      {
        optimistic: [{ key, update: (old) => ({ ...(old as Workflow), name: 'Invoices' }) }],
        onSuccess: (saved, cache) => cache.find<Workflow>(key)?.setData(saved),
      },
    );
    expect(wf.state.data).toMatchObject({ name: 'Invoices', revision: 4 });
    expect(seenOf('GET /api/workflows/w1')).toHaveLength(1);
  });
});
