/**
 * Test helper: core's real API client over an in-memory fake of the apps endpoints, so portal
 * tests exercise the same calls the browser makes. Every request is recorded.
 */
import { type AppDefinition, createApiClient } from '@junction/core';

/** One recorded request. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** The fake's state and controls. */
export interface FakePortalApi {
  api: ReturnType<typeof createApiClient>;
  calls: FakeCall[];
  apps: Map<string, AppDefinition>;
  listings: Map<string, Record<string, unknown>>;
  /** Makes the next call to `method path` answer this status and problem. */
  failNext(method: string, path: string, status: number, problem: Record<string, unknown>): void;
}

/** Builds the fake with some apps already declared. */
export function createFakePortalApi(initial: AppDefinition[] = []): FakePortalApi {
  const apps = new Map(initial.map((a) => [a.appSlug, structuredClone(a)]));
  const listings = new Map<string, Record<string, unknown>>();
  const calls: FakeCall[] = [];
  const failures = new Map<string, { status: number; problem: Record<string, unknown> }>();
  const json = (status: number, body: unknown, type = 'application/json') =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': type } });

  const handle = (method: string, path: string, body: unknown): Response => {
    const failure = failures.get(`${method} ${path}`);
    if (failure) {
      failures.delete(`${method} ${path}`);
      return json(
        failure.status,
        { type: 'about:blank', status: failure.status, ...failure.problem },
        'application/problem+json',
      );
    }
    if (method === 'GET' && path === '/api/apps') {
      return json(200, {
        items: [...apps.values()].map((a) => ({
          appSlug: a.appSlug,
          appName: a.appName,
          editable: true,
          apiType: a.authInfo.apiType,
        })),
      });
    }
    if (method === 'POST' && path === '/api/apps') {
      const app = body as AppDefinition;
      apps.set(app.appSlug, structuredClone(app));
      listings.set(app.appSlug, {
        appSlug: app.appSlug,
        name: app.appName,
        description: '',
        homepage: '',
        icon: '',
        category: '',
        group: '',
        status: 'Draft',
        formDataEndpoint: '',
        updatedAt: '2025-01-01T00:00:00.000Z',
      });
      return json(201, app);
    }
    if (method === 'GET' && path === '/api/credentials') return json(200, { items: [] });
    if (method === 'GET' && path === '/api/auth/me') return json(200, { id: 'u1', currentTenantId: 't1' });
    const match = /^\/api\/apps\/([^/]+)(\/listing|\/test-auth)?$/.exec(path);
    const slug = match ? decodeURIComponent(match[1]) : '';
    if (!match || !apps.has(slug))
      return json(
        404,
        { type: 'about:blank', title: 'Not Found', status: 404, detail: 'App not found.' },
        'application/problem+json',
      );
    if (!match[2] && method === 'GET') return json(200, apps.get(slug));
    if (!match[2] && method === 'PUT') {
      apps.set(slug, structuredClone(body as AppDefinition));
      return json(200, body);
    }
    if (match[2] === '/listing' && method === 'GET') return json(200, listings.get(slug));
    if (match[2] === '/listing' && method === 'PUT') {
      const next = { ...listings.get(slug), ...(body as object) };
      listings.set(slug, next);
      return json(200, next);
    }
    if (match[2] === '/test-auth') {
      const ok = JSON.stringify(body).includes('good');
      const app = apps.get(slug)!;
      app.authInfo = { ...app.authInfo, testResponseStatus: ok, testResponse: { ok } };
      return json(200, {
        ok,
        statusCode: ok ? 200 : 401,
        response: { ok },
        message: ok ? 'Request Successful' : 'Request Failed',
        testedAt: '2025-01-01T00:00:00.000Z',
      });
    }
    return json(405, { type: 'about:blank', title: 'Method Not Allowed', status: 405 }, 'application/problem+json');
  };

  const api = createApiClient({
    baseUrl: 'http://junction.test',
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const body = text ? JSON.parse(text) : undefined;
      calls.push({ method: request.method, path: url.pathname, body });
      return handle(request.method, url.pathname, body);
    },
  });
  api.setToken('test-token');
  return {
    api,
    calls,
    apps,
    listings,
    failNext(method, path, status, problem) {
      failures.set(`${method} ${path}`, { status, problem });
    },
  };
}
