/**
 * Shared pieces of the engine tests: a local target API that counts calls (a small Fastify
 * app on 127.0.0.1), workflow documents (webhook → optional filter/delay → HTTP request), and
 * a bounded wait for an execution to reach a status.
 */
import type { ConditionGroup, Link, WorkflowDocument } from '@junction/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { httpGetStep, plainLink, webhookTrigger } from '../support/workflow-steps.js';

/** What the helpers call: the API harness, or a thin wrapper over `app.inject`. */
export interface Caller {
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  ): Promise<{ status: number; json: any }>;
}

/** The local target: `calls[path]` counts requests per path. */
export interface Target {
  app: FastifyInstance;
  port: number;
  host: string;
  calls: Record<string, number>;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Starts the target. Routes: GET /ok (200 `{ ok, n }`), GET /fail/:name?times=N&code=C (answers
 * C the first N calls, then 200; 429s carry Retry-After 0), GET /pause (answers after 0.6 s),
 * GET /slow (answers after 3 s).
 */
export async function startTarget(): Promise<Target> {
  const app = Fastify();
  const calls: Record<string, number> = {};
  const count = (key: string) => {
    calls[key] = (calls[key] ?? 0) + 1;
    return calls[key];
  };
  app.get('/ok', async (req) => ({ ok: true, n: count('/ok'), query: req.query }));
  app.get<{ Params: { name: string }; Querystring: { times?: string; code?: string } }>(
    '/fail/:name',
    async (req, reply) => {
      const n = count(`/fail/${req.params.name}`);
      const code = Number(req.query.code ?? 500);
      if (n <= Number(req.query.times ?? 1)) {
        if (code === 429) reply.header('retry-after', '0');
        return reply.code(code).send({ error: `planned failure ${n}` });
      }
      return { ok: true, n };
    },
  );
  const timers = new Set<NodeJS.Timeout>();
  app.get('/pause', async () => {
    count('/pause');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 600);
      timers.add(timer);
    });
    return { ok: true };
  });
  app.get('/slow', async () => {
    count('/slow');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      timers.add(timer);
    });
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    host: `127.0.0.1:${port}`,
    calls,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await app.close();
    },
  };
}

/** Options of {@link hookWorkflow}. */
export interface HookWorkflowOptions {
  /** The HTTP step's URL. */
  url: string;
  /** Conditions on the link from the trigger to the HTTP step. */
  filter?: ConditionGroup[];
  /** Seconds to wait on that link. */
  delaySeconds?: number;
  /** A second HTTP step after the first (its URL). */
  thenUrl?: string;
  name?: string;
  active?: boolean;
}

/** Step ids used by {@link hookWorkflow}. */
export const STEP = { trigger: 'st-hook', http: 'st-http', second: 'st-then' } as const;

/** A document: Webhook trigger → (filter, delay) → HTTP GET `url` (→ HTTP GET `thenUrl`). */
export function hookWorkflow(id: string, options: HookWorkflowOptions): WorkflowDocument {
  const httpStep = (stepId: string, name: string, url: string, x: number) =>
    httpGetStep({
      id: stepId,
      name,
      url,
      params: [{ key: 'amount', value: `\${${STEP.trigger}.amount}` }],
      x,
      testData: { ok: true },
    });
  const steps = [
    webhookTrigger(STEP.trigger, { amount: 42, sample: true }),
    httpStep(STEP.http, 'Call target', options.url, 200),
  ];
  const links: Link[] = [
    {
      id: 'ln-1',
      source: STEP.trigger,
      target: STEP.http,
      name: options.filter ? 'Filter: amount' : '',
      groups: options.filter ?? [],
      delaySeconds: options.delaySeconds ?? 0,
    },
  ];
  if (options.thenUrl) {
    steps.push(httpStep(STEP.second, 'Call target again', options.thenUrl, 400));
    links.push(plainLink('ln-2', STEP.http, STEP.second));
  }
  return {
    schemaVersion: 1,
    id,
    name: options.name ?? 'Engine test',
    active: options.active ?? true,
    steps,
    links,
  };
}

/** The filter "amount greater than 10". */
export const AMOUNT_OVER_10: ConditionGroup[] = [
  [{ lhs: `\${${STEP.trigger}.amount}`, conditionType: 'greaterThan', rhs: '10' }],
];

/** Creates a workflow through the API; answers its id. */
export async function createWorkflow(h: Caller, token: string, options: HookWorkflowOptions): Promise<string> {
  const document = hookWorkflow('placeholder', options);
  const res = await h.call('POST', '/api/workflows', {
    token,
    body: { name: document.name, active: options.active ?? true, document },
  });
  if (res.status !== 201) throw new Error(`create workflow answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json.id as string;
}

/**
 * The path a workflow's webhooks are posted to (`/hooks/{key}`), read from the API as the
 * trigger panel reads it: the key is random, never the workflow id.
 */
export async function hookPathOf(h: Caller, token: string, workflowId: string): Promise<string> {
  const res = await h.call('GET', `/api/workflows/${workflowId}/hook`, { token });
  if (res.status !== 200) throw new Error(`hook URL answered ${res.status}: ${JSON.stringify(res.json)}`);
  return new URL(res.json.url as string).pathname;
}

/** Terminal statuses. */
export const DONE = new Set(['succeeded', 'failed', 'filtered', 'cancelled', 'not_run']);

/**
 * Polls an execution until `until(status)` holds (default: a terminal status); bounded to
 * `tries` polls 25 ms apart. Answers the last GET body.
 */
export async function waitForExecution(
  h: Caller,
  token: string,
  executionId: string,
  until: (status: string) => boolean = (s) => DONE.has(s),
  tries = 400,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
): Promise<any> {
  let last: { status: number; json: { status?: string } } | undefined;
  for (let i = 0; i < tries; i++) {
    last = await h.call('GET', `/api/executions/${executionId}`, { token });
    if (last.status === 200 && last.json.status && until(last.json.status)) return last.json;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`execution ${executionId} never reached the expected status: ${JSON.stringify(last?.json)}`);
}
