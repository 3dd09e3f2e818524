import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Credential, SessionGrant, Workflow } from '@junction/api-spec';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, isApiError } from './api-error.js';
import { createApiClient } from './client.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_req, res) => res.writeHead(500).end();

const fetchImpl = (request: Request) => fetch(request);

function sendJson(res: ServerResponse, status: number, body: unknown, type = 'application/json', headers = {}): void {
  res.writeHead(status, { 'Content-Type': type, ...headers }).end(JSON.stringify(body));
}

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: false,
  createdAt: '2025-01-02T03:04:05.000Z',
};
const tenant = {
  id: 't1',
  name: 'My First Workspace',
  plan: 'free',
  planStatus: 'active',
  createdAt: '2025-01-02T03:04:05.000Z',
};
const workflow = {
  id: 'w1',
  name: 'Untitled Workflow (Draft)',
  active: false,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  revision: 3,
  document: { schemaVersion: 1, id: 'w1', name: 'Untitled Workflow (Draft)', active: false, steps: [], links: [] },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

describe('createApiClient', () => {
  it('resolves a typed success to the answer data, with path parameters filled in', async () => {
    handler = (_req, res) => sendJson(res, 200, workflow);
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const result = await api.get('/api/workflows/{id}', { params: { path: { id: 'w1' } } });

    expectTypeOf(result).toEqualTypeOf<Workflow>();
    expect(result.revision).toBe(3);
    expect(result.document.name).toBe('Untitled Workflow (Draft)');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/workflows/w1' });
  });

  it('sends the JSON body with its content type', async () => {
    handler = (_req, res) => sendJson(res, 200, { token: 'tok', expiresAt: '2025-02-01T00:00:00.000Z', user, tenant });
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const grant = await api.post('/api/auth/log-in', {
      body: { email: 'ada@example.com', password: 'correct horse battery' },
    });

    expectTypeOf(grant).toEqualTypeOf<SessionGrant>();
    expect(grant.token).toBe('tok');
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/api/auth/log-in');
    expect(seen[0].headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0].body)).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
  });

  it('serialises query parameters', async () => {
    handler = (_req, res) => sendJson(res, 200, { items: [] });
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const list = await api.get('/api/credentials', { params: { query: { app: 'demo-crm' } } });

    expectTypeOf(list.items).toEqualTypeOf<Credential[]>();
    expect(seen[0].url).toBe('/api/credentials?app=demo-crm');
  });

  it('sends the bearer token given at creation, then the one set later, and none once cleared', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const api = createApiClient({ baseUrl, fetch: fetchImpl, token: 'first' });

    await api.post('/api/auth/send-code');
    api.setToken('second');
    await api.post('/api/auth/send-code');
    api.setToken(null);
    await api.post('/api/auth/send-code');

    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer first', 'Bearer second', undefined]);
    expect(api.getToken()).toBeNull();
  });

  it('resolves a 204 answer to undefined', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const api = createApiClient({ baseUrl, fetch: fetchImpl, token: 't' });

    const result = await api.delete('/api/workflows/{id}', { params: { path: { id: 'w1' } } });

    expectTypeOf(result).toEqualTypeOf<undefined>();
    expect(result).toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/workflows/w1' });
  });

  it('throws ApiError carrying the Problem of a 4xx answer, with its field', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      code: 'rule.failed',
      detail: 'Use at least 12 characters.',
      field: 'password',
    };
    handler = (_req, res) => sendJson(res, 422, problem, 'application/problem+json');
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const error = await api
      .post('/api/auth/sign-up', { body: { email: 'ada@example.com', password: 'short' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.problem).toEqual(problem);
    expect(apiError.problem.field).toBe('password');
    expect(apiError.message).toBe('Use at least 12 characters.');
    expect(apiError.isNetworkError).toBe(false);
    expect(apiError.code).toBe('rule.failed');
  });

  it('uses the title as the message when the Problem has no detail, and mirrors Retry-After', async () => {
    handler = (_req, res) =>
      sendJson(res, 429, { type: 'about:blank', title: 'Too Many Requests', status: 429 }, 'application/problem+json', {
        'Retry-After': '30',
      });
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const error = (await api.get('/api/auth/me').catch((e: unknown) => e)) as ApiError;

    expect(error.message).toBe('Too Many Requests');
    expect(error.problem.retryAfter).toBe(30);
  });

  it('synthesises a Problem for a non-JSON error answer', async () => {
    handler = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>');
    const api = createApiClient({ baseUrl, fetch: fetchImpl });

    const error = (await api.get('/api/health').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.problem).toEqual({ type: 'about:blank', title: 'Bad Gateway', status: 502, code: 'upstream.failed' });
    expect(error.message).toBe('Bad Gateway');
  });

  it('throws ApiError with status 0 when the server cannot be reached', async () => {
    // A port that was just free: nothing listens there any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: fetchImpl });

    const error = (await api.get('/api/health').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.problem.title).toBe('Network error');
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toMatch(/^The server could not be reached/);
  });

  it('also reports a rejecting injected fetch as a network error', async () => {
    const api = createApiClient({ baseUrl, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });

    const error = (await api.get('/api/health').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(0);
    expect(error.message).toContain('Failed to fetch');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('exposes the openapi-fetch client as raw', async () => {
    handler = (_req, res) => sendJson(res, 200, { ok: true, db: 'up' });
    const api = createApiClient({ baseUrl, fetch: fetchImpl, token: 'tok' });

    const { data, response } = await api.raw.GET('/api/health');

    expect(response.status).toBe(200);
    expect(data).toEqual({ ok: true, db: 'up' });
    expect(seen[0].headers.authorization).toBe('Bearer tok');
  });

  it('rejects calls the contract does not allow, at compile time', () => {
    const api = createApiClient({ baseUrl, fetch: fetchImpl });
    // These lines only type-check (tsc); they are never sent.
    const unsent = () => {
      // @ts-expect-error: no such route
      void api.get('/api/nope');
      // @ts-expect-error: sign-up needs a body
      void api.post('/api/auth/sign-up');
      // @ts-expect-error: password must be a string
      void api.post('/api/auth/log-in', { body: { email: 'a@b.co', password: 5 } });
    };
    expect(typeof unsent).toBe('function');
  });
});
