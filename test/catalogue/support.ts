/**
 * Shared helpers of the catalogue contract tests: a local fake of a third-party API
 * on 127.0.0.1:0 that records every request and answers through routes, an HttpClient that
 * sends the service's real origins to the fake (through the SSRF-guarded client), a runner
 * over `executeStep`, and the two-poll dedupe check over the engine's `extractItems`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateAppDefinition } from '@junction/core';
import { expect } from 'vitest';
import { extractItems } from '../../server/src/engine/triggers/polling.js';
import type { BuiltinAppDefinition } from '../../server/src/integrations/builtin/types.js';
import { executeStep, type StepExecution } from '../../server/src/integrations/executor.js';
import type { Sandbox } from '../../server/src/sandbox/runner.js';
import { createHttpClient, type HttpClient } from '../../server/src/security/http-client.js';

/** One request the fake received. */
export interface FakeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** Query pairs in order. */
  query: [string, string][];
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The raw body text ('' when none). */
  text: string;
  /** The body parsed as JSON when it is JSON, as a form when it is a form, else undefined. */
  body: unknown;
  /** Path parameters of the matched route (`:name` segments). */
  params: Record<string, string>;
}

/** What a route answers; `body` is sent as JSON unless it is a string. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route handler. */
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

/** A running fake service. */
export interface FakeService {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  /** `127.0.0.1:{port}`, for the guarded client's allowlist. */
  hostPort: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** The newest request (throws when none). */
  last(): FakeRequest;
  /** Adds a route: `'GET /v1/items/:id'`. Later routes with the same key replace earlier ones. */
  on(route: string, handler: FakeHandler): void;
  close(): Promise<void>;
}

/** Settings of {@link startFake}. */
export interface FakeOptions {
  /**
   * The documented auth check; a request it refuses gets `unauthorized` (default 401
   * `{ error: 'unauthorized' }`) and no route runs.
   */
  auth?: (req: FakeRequest) => boolean;
  unauthorized?: FakeReply;
}

interface Route {
  method: string;
  parts: string[];
  handler: FakeHandler;
}

/**
 * Starts a fake of a service on 127.0.0.1:0. Unknown routes answer 404 `{ error: 'not_found' }`.
 *
 * @example
 * const fake = await startFake({ auth: (r) => r.headers.authorization === 'Bearer t' });
 * fake.on('POST /api/chat.postMessage', (r) => ({ body: { ok: true, ts: '1.2' } }));
 */
export async function startFake(options: FakeOptions = {}): Promise<FakeService> {
  const routes = new Map<string, Route>();
  const requests: FakeRequest[] = [];
  const server: Server = createServer((incoming, res) => {
    void handle(incoming).then(
      (reply) => {
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...reply.headers };
        let payload = '';
        if (reply.body !== undefined) {
          if (typeof reply.body === 'string') {
            payload = reply.body;
            headers['content-type'] ??= 'text/plain';
          } else {
            payload = JSON.stringify(reply.body);
            headers['content-type'] ??= 'application/json; charset=utf-8';
          }
        }
        res.writeHead(status, headers).end(payload);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
      },
    );
  });

  async function handle(incoming: IncomingMessage): Promise<FakeReply> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(incoming.url ?? '/', 'http://fake.local');
    const contentType = String(incoming.headers['content-type'] ?? '');
    let body: unknown;
    if (text !== '' && contentType.includes('json')) body = JSON.parse(text);
    else if (text !== '' && contentType.includes('x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(text));
    }
    const headers: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(incoming.headers)) {
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    const req: FakeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: [...url.searchParams.entries()],
      headers,
      text,
      body,
      params: {},
    };
    requests.push(req);
    if (options.auth && !options.auth(req)) {
      return options.unauthorized ?? { status: 401, body: { error: 'unauthorized' } };
    }
    const segments = url.pathname.split('/');
    for (const route of routes.values()) {
      if (route.method !== req.method || route.parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = route.parts.every((part, i) => {
        if (part.startsWith(':')) {
          params[part.slice(1)] = decodeURIComponent(segments[i]);
          return segments[i] !== '';
        }
        return part === segments[i];
      });
      if (!matches) continue;
      req.params = params;
      return route.handler(req);
    }
    return { status: 404, body: { error: 'not_found', path: url.pathname } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    last() {
      const found = requests.at(-1);
      if (!found) throw new Error('The fake received no request.');
      return found;
    },
    on(route, handler) {
      const [method, path] = route.split(' ');
      routes.set(route, { method: method.toUpperCase(), parts: path.split('/'), handler });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An HttpClient that sends requests for the service's real origins (`https://slack.com`) to
 * the fake instead, through the SSRF-guarded client allowing only the fake's host:port.
 * A request to any other origin is sent unchanged (and the guard refuses it).
 *
 * @example const http = rewritingClient(fake, ['https://slack.com']);
 */
export function rewritingClient(fake: Pick<FakeService, 'origin' | 'hostPort'>, realOrigins: string[]): HttpClient {
  const guarded = createHttpClient({ allowedHosts: fake.hostPort, timeoutMs: 10_000 });
  const rewrite = (url: string): string => {
    for (const origin of realOrigins) {
      if (url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`)) {
        return fake.origin + url.slice(origin.length);
      }
    }
    return url;
  };
  return { send: (r) => guarded.send({ ...r, url: rewrite(r.url) }), close: () => guarded.close() };
}

/** Runs one action of a catalogue app through `executeStep` (absolute URLs: `{base}` unused); custom-code actions run in `sandbox`. */
export function runAction(
  app: BuiltinAppDefinition,
  actionKey: string,
  values: Record<string, unknown>,
  credential: Record<string, string>,
  http: HttpClient,
  sandbox?: Sandbox,
): Promise<StepExecution> {
  return executeStep({
    app,
    actionKey,
    values,
    credential,
    base: 'https://unused.invalid',
    http,
    ...(sandbox ? { sandbox } : {}),
  });
}

/**
 * Asserts that a definition passes core's validateAppDefinition and ships as a catalogue app
 * must: source 'first100', https URLs, its icon, a help text on every visible field.
 */
export function expectValidCatalogueApp(app: BuiltinAppDefinition): void {
  const result = validateAppDefinition(app);
  expect(result.errors).toEqual([]);
  expect(app.source).toBe('first100');
  expect(app.apiDocs).toMatch(/^https:\/\//);
  expect(app.iconURL).toBe(`/icons/${app.appSlug}.svg`);
  for (const [key, action] of Object.entries(app.actions)) {
    expect(action.url, `${key} uses an absolute https URL`).toMatch(/^https:\/\//);
    for (const field of action.fields) {
      if (field.hidden) continue;
      expect(field.description ?? '', `${key}.${field.name} has a help text`).not.toBe('');
    }
  }
  if (app.authInfo.apiType === 'oauth2') {
    expect(app.authInfo.auth_url).toMatch(/^https:\/\//);
    expect(app.authInfo.token_url).toMatch(/^https:\/\//);
    expect(app.authInfo.scopes ?? '').not.toBe('');
  }
}

/**
 * Polls a trigger's list action twice, with `between` adding items at the service in between,
 * and answers the keys `extractItems` yields on the second poll that the first did not
 * (what the engine's seen-keys store lets through), oldest first.
 */
export async function newKeysAcrossPolls(
  app: BuiltinAppDefinition,
  triggerKey: string,
  values: Record<string, unknown>,
  credential: Record<string, string>,
  http: HttpClient,
  between: () => void | Promise<void>,
  sandbox?: Sandbox,
): Promise<{ first: string[]; fresh: string[]; second: string[] }> {
  const trigger = app.triggers[triggerKey];
  if (!trigger?.action || !trigger.pollingParams || !('dedupe_key' in trigger.pollingParams)) {
    throw new Error(`${triggerKey} is not a polling trigger.`);
  }
  const { dedupe_key: dedupeKey, data_head: dataHead } = trigger.pollingParams;
  const poll = async () => {
    const result = await runAction(app, trigger.action!, values, credential, http, sandbox);
    expect(result.error).toBeUndefined();
    const extracted = extractItems(result.output, dataHead, dedupeKey);
    if (!extracted.ok) throw new Error(extracted.error);
    expect(extracted.withoutKey).toBe(0);
    return extracted.items.map((i) => i.key);
  };
  const first = await poll();
  await between();
  const second = await poll();
  const seen = new Set(first);
  return { first, second, fresh: second.filter((key) => !seen.has(key)) };
}

/** The query of a recorded request as an object (last value wins). */
export function queryOf(req: FakeRequest): Record<string, string> {
  return Object.fromEntries(req.query);
}
