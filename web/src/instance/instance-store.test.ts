/**
 * The invitations card's and the audit page's stores over the server-state layer, against a
 * server on 127.0.0.1: what a screen observing them sees after each write.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, PROBLEM_MESSAGES } from '@junction/core';
import { autorun } from 'mobx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditStoreModel } from '../dashboard/audit-store.js';
import { createRootStore } from '../stores/root-store.js';
import { InstanceStoreModel } from './instance-store.js';

interface Invitation {
  id: string;
  email: string;
  role: 'editor';
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  status: 'pending';
}

const invitations: Invitation[] = [];
const events = Array.from({ length: 5 }, (_, i) => ({
  id: `e${5 - i}`,
  at: '2026-01-01T00:00:00.000Z',
  action: 'workflow.create',
  actorId: 'u1',
  actorEmail: 'ada@example.com',
  address: '127.0.0.1',
  target: null,
  detail: {},
}));
const seen: string[] = [];
let refuseRevoke = false;
let server: Server;
let baseUrl = '';

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) return void res.writeHead(status).end();
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  res.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, body: string, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = `${req.method} ${url.pathname}`;
  seen.push(`${route}${url.search}`);
  if (route === 'GET /api/invitations') return send(res, 200, { items: invitations });
  if (route === 'POST /api/invitations') {
    const { email } = JSON.parse(body) as { email: string };
    const invitation: Invitation = {
      id: `i${invitations.length + 1}`,
      email,
      role: 'editor',
      invitedBy: 'u1',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-08T00:00:00.000Z',
      status: 'pending',
    };
    invitations.push(invitation);
    return send(res, 201, { invitation, mailed: true });
  }
  if (req.method === 'DELETE' && url.pathname.startsWith('/api/invitations/')) {
    if (refuseRevoke) {
      return send(res, 403, { type: 'about:blank', title: 'Forbidden', status: 403, code: 'auth.role' });
    }
    invitations.splice(
      invitations.findIndex((i) => i.id === url.pathname.split('/').at(-1)),
      1,
    );
    return send(res, 204);
  }
  if (route === 'GET /api/tenants/t1/audit') {
    const before = url.searchParams.get('before');
    const start = before ? events.findIndex((e) => e.id === before) + 1 : 0;
    const items = events.slice(start, start + 2);
    const next = start + 2 < events.length ? items.at(-1)?.id : undefined;
    return send(res, 200, next ? { items, next } : { items });
  }
  if (route === 'GET /api/tenants/t1/audit/export') {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' }).end(`${JSON.stringify(events[0])}\n`);
    return;
  }
  send(res, 404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'resource.not_found' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString(), res));
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

function rootOf() {
  seen.length = 0;
  const api = createApiClient({ baseUrl, fetch: (request) => fetch(request), token: 'session-token' });
  return createRootStore({ api });
}

describe('the invitations resource', () => {
  it('shows a sent invitation, and a revoke at once, putting it back with the reason when refused', async () => {
    const store = rootOf().pageStore(InstanceStoreModel);
    const shown: string[][] = [];
    // The card: an observer of the resource.
    const stop = autorun(() => {
      shown.push((store.invitations.data?.items ?? []).map((i) => i.email));
    });
    await vi.waitFor(() => expect(store.invitations.isLoading).toBe(false));

    await store.invite('ada@example.com', 'editor');
    expect(store.invitations.data?.items.map((i) => i.email)).toEqual(['ada@example.com']);

    refuseRevoke = true;
    const revoking = store.revoke('i1');
    expect(store.invitations.data?.items).toEqual([]);
    const error = await revoking.catch((e: unknown) => e);
    refuseRevoke = false;
    expect(error).toMatchObject({ code: 'auth.role' });
    expect(store.invitations.data?.items.map((i) => i.email)).toEqual(['ada@example.com']);

    await store.revoke('i1');
    await vi.waitFor(() => expect(store.invitations.data?.items).toEqual([]));
    expect(shown[0]).toEqual([]);
    expect(shown).toContainEqual(['ada@example.com']);
    stop();
  });
});

describe('the audit log', () => {
  it('reads the newest page, appends older ones, and reads afresh after a download (which the server records)', async () => {
    const store = rootOf().pageStore(AuditStoreModel);
    const filters = { action: '', actorId: '', from: '', to: '' };
    const ids = () => store.log('t1', filters).resource.data?.items.map((e) => e.id);
    const stop = autorun(() => ids());
    await vi.waitFor(() => expect(ids()).toEqual(['e5', 'e4']));

    await store.log('t1', filters).loadMore();
    await store.log('t1', filters).loadMore();
    expect(ids()).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    expect(store.log('t1', filters).resource.data?.next).toBeUndefined();

    expect(await store.download('t1', filters)).toContain('"id":"e5"');
    await vi.waitFor(() => expect(ids()).toEqual(['e5', 'e4']));
    expect(seen).toEqual([
      'GET /api/tenants/t1/audit',
      'GET /api/tenants/t1/audit?before=e4',
      'GET /api/tenants/t1/audit?before=e2',
      'GET /api/tenants/t1/audit/export',
      'GET /api/tenants/t1/audit',
    ]);
    stop();
  });

  it("words a failed read with the table's sentence", async () => {
    const store = rootOf().pageStore(AuditStoreModel);
    const filters = { action: '', actorId: '', from: '', to: '' };
    const log = () => store.log('t2', filters).resource;
    const stop = autorun(() => log().state);
    await vi.waitFor(() => expect(log().problem?.text).toBe(PROBLEM_MESSAGES['resource.not_found'].text));
    stop();
  });
});
