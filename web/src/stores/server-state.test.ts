import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, UNREACHABLE_TEXT } from '@junction/core';
import { autorun } from 'mobx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceOf, serverStateOf } from './server-state.js';

let answer: (res: ServerResponse) => void = (res) => res.writeHead(204).end();
const seen: { url: string; aborted: boolean }[] = [];
const server = createServer((req, res) => {
  const entry = { url: req.url ?? '', aborted: false };
  seen.push(entry);
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true;
  });
  answer(res);
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = () => createApiClient({ baseUrl: origin, fetch: (request) => globalThis.fetch(request) });

describe('the web adapter of the server-state layer', () => {
  it('gives one layer per API client', () => {
    const api = client();
    expect(serverStateOf(api)).toBe(serverStateOf(api));
    expect(serverStateOf(client())).not.toBe(serverStateOf(api));
  });

  it('fetches while a reaction reads the resource, and shows the answer', async () => {
    seen.length = 0;
    answer = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}');
    const rows = resourceOf(serverStateOf(client()).query('/api/dashboard/workflows', undefined));
    const states: string[] = [];
    const stop = autorun(() => states.push(rows.isLoading ? 'loading' : `rows ${rows.data?.items.length}`));
    await vi.waitFor(() => expect(states.at(-1)).toBe('rows 0'));
    expect(states[0]).toBe('loading');
    expect(seen).toHaveLength(1);
    stop();
  });

  it('aborts the request when the last reader is gone', async () => {
    seen.length = 0;
    answer = () => {};
    const wf = resourceOf(serverStateOf(client()).query('/api/workflows/{id}', { params: { path: { id: 'w9' } } }));
    const stop = autorun(() => wf.state);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop();
    await vi.waitFor(() => expect(seen[0].aborted).toBe(true));
    expect(wf.state.isFetching).toBe(false);
  });

  it("shows a failure through core's message table", async () => {
    // Nothing listens on the discard port: the connection is refused, as when the server is down.
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: (request) => globalThis.fetch(request) });
    const rows = resourceOf(serverStateOf(api).query('/api/dashboard/workflows', undefined));
    const stop = autorun(() => rows.problem);
    await vi.waitFor(() =>
      expect(rows.problem).toEqual({ code: 'network.unreachable', text: UNREACHABLE_TEXT, canRetry: true }),
    );
    stop();
  });
});
