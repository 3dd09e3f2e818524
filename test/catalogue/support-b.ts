/**
 * Contract-test support for the catalogue's part-B apps: a local fake of a service
 * on 127.0.0.1:0 and an HttpClient that sends every request meant for the service's real
 * https origin to the fake instead, through the guarded client. The fake records what
 * arrived (method, path, query, headers, parsed body) and the client records the URL the
 * definition built, so a test asserts the exact documented request.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AppDefinition, parseDynamicSpec, validateAppDefinition } from '@junction/core';
import { expect } from 'vitest';
import { extractItems } from '../../server/src/engine/triggers/polling.js';
import type { BuiltinAppDefinition } from '../../server/src/integrations/builtin/types.js';
import { executeStep, type StepExecution } from '../../server/src/integrations/executor.js';
import { createHttpClient, type HttpClient } from '../../server/src/security/http-client.js';

/** One request as the fake received it. */
export interface FakeRequest {
  method: string;
  /** The URL the definition built, before it was sent to the fake (real origin). */
  url: string;
  /** Host of that URL, e.g. 'api.github.com'. */
  host: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** JSON or form body parsed; undefined when empty. */
  body: unknown;
  params: Record<string, string>;
}

/** What a route answers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeOptions {
  /** 'GET /repos/:owner/:repo/issues' → handler. Unmatched requests answer 404. */
  routes: Record<string, Route>;
  /** The documented auth check; a request failing it answers `unauthorized` (default 401 JSON). */
  auth?: (req: FakeRequest) => boolean;
  unauthorized?: FakeAnswer;
}

export interface Fake {
  origin: string;
  /** The client a test hands to executeStep: real origins rewritten to the fake's. */
  http: HttpClient;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** The last request received. */
  last(): FakeRequest;
  close(): Promise<void>;
}

function compile(pattern: string): { method: string; test: (path: string) => Record<string, string> | null } {
  const [method, path] = pattern.split(' ');
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const param = /^:(\w+)(.*)$/.exec(part);
      if (param) {
        // ':id.json' is the parameter 'id' followed by the literal '.json'.
        names.push(param[1]);
        return `([^/]+?)${literal(param[2])}`;
      }
      return literal(part);
    })
    .join('/');
  const regexp = new RegExp(`^${source}$`);
  return {
    method,
    test: (p) => {
      const m = regexp.exec(p);
      if (!m) return null;
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    },
  };
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === '') return undefined;
  if ((type ?? '').includes('application/x-www-form-urlencoded')) return parseQuery(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Starts a fake service. Each request carries its original URL in `x-original-url` (the
 * client adds it; the fake strips it from the recorded headers).
 */
export async function startFake(options: FakeOptions): Promise<Fake> {
  const routes = Object.entries(options.routes).map(([pattern, handler]) => ({ ...compile(pattern), handler }));
  const requests: FakeRequest[] = [];
  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const local = new URL(incoming.url ?? '/', 'http://fake.invalid');
      const original = String(incoming.headers['x-original-url'] ?? local.href);
      const headers = { ...incoming.headers };
      delete headers['x-original-url'];
      const req: FakeRequest = {
        method: incoming.method ?? 'GET',
        url: original,
        host: new URL(original).host,
        path: local.pathname,
        query: parseQuery(local.searchParams),
        headers,
        rawBody,
        body: parseBody(rawBody, incoming.headers['content-type']),
        params: {},
      };
      requests.push(req);
      let answer: FakeAnswer = { status: 404, body: { message: 'Not Found' } };
      if (options.auth && !options.auth(req)) {
        answer = options.unauthorized ?? { status: 401, body: { message: 'Bad credentials' } };
      } else {
        for (const route of routes) {
          const params = route.method === req.method ? route.test(req.path) : null;
          if (params) {
            req.params = params;
            answer = await route.handler(req);
            break;
          }
        }
      }
      const status = answer.status ?? 200;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(status, {
        ...(text === '' ? {} : { 'content-type': 'application/json' }),
        ...answer.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  const guarded = createHttpClient({ allowedHosts: `127.0.0.1:${port}`, timeoutMs: 5_000 });
  const rewrite = (url: string) => url.replace(/^https:\/\/[^/]+/, origin);
  const http: HttpClient = {
    send: (r) => guarded.send({ ...r, url: rewrite(r.url), headers: { ...r.headers, 'x-original-url': r.url } }),
    close: () => guarded.close(),
  } as HttpClient;
  return {
    origin,
    http,
    requests,
    last: () => {
      const req = requests.at(-1);
      if (!req) throw new Error('The fake received no request.');
      return req;
    },
    close: async () => {
      await guarded.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs one action of an app against a fake, remembering that the action was exercised. */
export function stepRunner(
  app: BuiltinAppDefinition,
  fake: () => Fake,
  credential: Record<string, string>,
): { run: (actionKey: string, values?: Record<string, unknown>) => Promise<StepExecution>; covered: Set<string> } {
  const covered = new Set<string>();
  return {
    covered,
    run: async (actionKey, values = {}) => {
      covered.add(actionKey);
      return executeStep({ app, actionKey, values, credential, base: 'https://unused.invalid', http: fake().http });
    },
  };
}

/**
 * The checks every catalogue definition passes: core's validation, source first100, an
 * https API docs URL, an icon URL, absolute https action URLs, help texts on visible fields,
 * dynamic dropdowns naming this app's own actions, polling triggers with a dedupe key and a
 * data head, webhook triggers with subscribe and unsubscribe actions.
 */
export function checkDefinition(app: BuiltinAppDefinition): void {
  const validation = validateAppDefinition(app as unknown as AppDefinition);
  expect(validation.errors).toEqual([]);
  expect(app.source).toBe('first100');
  expect(app.apiDocs).toMatch(/^https:\/\//);
  expect(app.iconURL).toBe(`/icons/${app.appSlug}.svg`);
  for (const [key, action] of Object.entries(app.actions)) {
    if (action.customForm?.custom !== true) expect(action.url, key).toMatch(/^(https:\/\/|\$\{auth\.)/);
    for (const field of action.fields) {
      if (field.hidden) continue;
      expect(field.description, `${key}.${field.name} has a help text`).toBeTruthy();
      const dynamic = field.schema?.dynamic;
      if (dynamic) {
        const spec = parseDynamicSpec(dynamic);
        expect(spec?.app).toBe(app.appSlug);
        expect(Object.keys(app.actions)).toContain(spec?.action);
      }
    }
  }
  for (const [key, trigger] of Object.entries(app.triggers)) {
    if (trigger.type === 'polling') {
      expect(Object.keys(app.actions), key).toContain(trigger.action);
      expect(trigger.pollingParams).toMatchObject({ dedupe_key: expect.any(String), data_head: expect.any(String) });
    } else {
      expect(Object.keys(app.actions), key).toContain(trigger.performList);
      expect(Object.keys(app.actions), key).toContain(trigger.unsubscribe);
    }
  }
}

/**
 * Polls a trigger's list action twice with new items added in between, and asserts that the
 * second poll yields exactly the new items (no duplicates, no drops), oldest first.
 */
export async function checkPollDedupe(
  app: BuiltinAppDefinition,
  triggerKey: string,
  run: (actionKey: string, values?: Record<string, unknown>) => Promise<StepExecution>,
  values: Record<string, unknown>,
  addItems: () => string[] | Promise<string[]>,
): Promise<void> {
  const trigger = app.triggers[triggerKey];
  const params = trigger.pollingParams as { dedupe_key: string; data_head: string };
  const poll = async () => {
    const result = await run(trigger.action as string, values);
    expect(result.ok, JSON.stringify(result.output)).toBe(true);
    const extracted = extractItems(result.output, params.data_head, params.dedupe_key);
    if (!extracted.ok) throw new Error(extracted.error);
    expect(extracted.withoutKey).toBe(0);
    return extracted.items.map((i) => i.key);
  };
  const first = await poll();
  expect(first.length).toBeGreaterThan(0);
  const added = await addItems();
  const second = await poll();
  const seen = new Set(first);
  expect(second.filter((key) => !seen.has(key))).toEqual(added);
}
