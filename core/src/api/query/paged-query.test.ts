// A paged list of the server-state layer against a real HTTP server on 127.0.0.1 behind the real
// typed client: the first page on reading, the next appended with its cursor, one request for
// every caller, a fresh first page after a mutation, and a failed page that keeps what was read.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../api-error.js';
import { createApiClient } from '../client.js';
import { apiKey, createServerState, type ServerState } from './server-state.js';

/** The audit log the server pages through: ten events, newest first, three a page. */
const EVENTS = Array.from({ length: 10 }, (_, i) => ({ id: `e${10 - i}` }));
const PAGE = 3;

let server: Server;
let baseUrl = '';
const seen: string[] = [];
let failNext = false;
let hold: Promise<void> | null = null;

function send(res: ServerResponse, status: number, body: unknown): void {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  res.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(`${url.pathname}${url.search}`);
    void (async () => {
      if (hold) await hold;
      if (failNext) {
        failNext = false;
        return send(res, 503, { type: 'about:blank', title: 'Busy', status: 503, code: 'server.unavailable' });
      }
      const before = url.searchParams.get('before');
      const start = before ? EVENTS.findIndex((e) => e.id === before) + 1 : 0;
      const items = EVENTS.slice(start, start + PAGE);
      const last = items.at(-1);
      send(res, 200, start + PAGE < EVENTS.length && last ? { items, next: last.id } : { items });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function freshLayer(): ServerState {
  seen.length = 0;
  failNext = false;
  hold = null;
  return createServerState(createApiClient({ baseUrl, fetch: (request) => fetch(request) }));
}

const auditOf = (layer: ServerState, action?: string) =>
  layer.paged(
    '/api/tenants/{tenantId}/audit',
    { params: { path: { tenantId: 't1' }, query: action ? { action } : {} } },
    'before',
  );

describe('a paged list', () => {
  it('reads the first page, then appends the next ones with the cursor until there is none', async () => {
    const layer = freshLayer();
    const log = auditOf(layer);
    const stop = log.query.subscribe(() => {});
    await vi.waitFor(() => expect(log.query.state.status).toBe('success'));
    expect(log.query.state.data).toEqual({ items: EVENTS.slice(0, 3), next: 'e8', pageCount: 1 });
    expect(log.hasMore).toBe(true);

    await log.fetchMore();
    await log.fetchMore();
    await log.fetchMore();
    expect(log.query.state.data?.items.map((e) => e.id)).toEqual(EVENTS.map((e) => e.id));
    expect(log.hasMore).toBe(false);
    await log.fetchMore(); // nothing after the last page: no request
    expect(seen).toEqual([
      '/api/tenants/t1/audit',
      '/api/tenants/t1/audit?before=e8',
      '/api/tenants/t1/audit?before=e5',
      '/api/tenants/t1/audit?before=e2',
    ]);
    stop();
  });

  it('is one list for every caller of the same key, with one request for the next page', async () => {
    const layer = freshLayer();
    await auditOf(layer).query.fetch();
    expect(auditOf(layer)).toBe(auditOf(layer));
    expect(auditOf(layer, 'workflow.delete')).not.toBe(auditOf(layer));
    await Promise.all([auditOf(layer).fetchMore(), auditOf(layer).fetchMore()]);
    expect(seen.filter((url) => url.includes('before='))).toEqual(['/api/tenants/t1/audit?before=e8']);
    expect(auditOf(layer).query.state.data?.pageCount).toBe(2);
  });

  it('reads the first page afresh when a mutation invalidates its operation', async () => {
    const layer = freshLayer();
    const log = auditOf(layer);
    const stop = log.query.subscribe(() => {});
    await vi.waitFor(() => expect(log.query.state.status).toBe('success'));
    await log.fetchMore();
    expect(log.query.state.data?.pageCount).toBe(2);

    await layer.mutate(async () => 'recorded', {
      invalidates: [apiKey('/api/tenants/{tenantId}/audit', { path: { tenantId: 't1' } })],
    });
    expect(log.query.state.data).toEqual({ items: EVENTS.slice(0, 3), next: 'e8', pageCount: 1 });
    stop();
  });

  it('drops a next page whose list was read afresh while it was on its way', async () => {
    const layer = freshLayer();
    const log = auditOf(layer);
    await log.query.fetch();
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const more = log.fetchMore();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    hold = null;
    // The list is read afresh (a refetch answered) while the next page is held.
    const fresh = {
      id: 'new',
      at: '2026-11-29T00:00:00.000Z',
      action: 'workflow.created',
      actorId: null,
      actorEmail: null,
      address: null,
      target: null,
      detail: {},
    };
    log.query.setData({ items: [fresh], pageCount: 1 });
    release();
    await more;
    expect(log.query.state.data).toEqual({ items: [fresh], pageCount: 1 });
  });

  it("rejects with the server's Problem when the next page fails, keeping the pages read", async () => {
    const layer = freshLayer();
    const log = auditOf(layer);
    await log.query.fetch();
    failNext = true;
    const error = await log.fetchMore().catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('server.unavailable');
    expect(log.query.state.data?.items).toHaveLength(3);
    expect(log.isFetchingMore).toBe(false);
    await log.fetchMore();
    expect(log.query.state.data?.items).toHaveLength(6);
  });
});
