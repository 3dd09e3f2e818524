/**
 * Talking to a Junction over real sockets: one bounded request, sign-up, the scenarios'
 * workflow (Webhook → HTTP request to the target carrying the event's seq), a paced webhook
 * load that fills a {@link Ledger}, and latency figures.
 */
import type { WorkflowDocument } from '@junction/core';
import { Agent, request } from 'undici';
import { httpGetStep, plainLink, webhookTrigger } from '../../support/workflow-steps.js';
import type { Ledger } from './invariant.js';

/** A password that passes the sign-up rules. */
export const PASSWORD = 'Plenty-of-letters-42';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: scenarios read arbitrary JSON.
  json: any;
}

const shared = new Agent({ connections: 256, keepAliveTimeout: 4_000 });

/** One request, bounded by `timeoutMs` (default 30 s); a network failure throws. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    raw?: string | Buffer;
    headers?: Record<string, string>;
    timeoutMs?: number;
    dispatcher?: Agent;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const res = await request(`${base}${path}`, {
    method: method as 'GET',
    headers,
    body,
    dispatcher: opts.dispatcher ?? shared,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

let users = 0;

/** Signs up a fresh account; answers its token and tenant id. */
export async function signUp(base: string, name = 'rel'): Promise<{ token: string; tenantId: string; email: string }> {
  users += 1;
  const email = `${name}-${users}-${Date.now()}@example.com`;
  const res = await call(base, 'POST', '/api/auth/sign-up', {
    body: { email, password: PASSWORD, firstName: name },
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  return { token: res.json.token, tenantId: res.json.tenant.id, email };
}

/** Step ids of {@link effectWorkflow}. */
export const STEPS = { trigger: 'st-hook', call: 'st-call' } as const;

/** Webhook → HTTP GET `url` with `?seq=${st-hook.seq}`. */
export function effectWorkflow(url: string, name = 'Reliability'): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name,
    active: true,
    steps: [
      webhookTrigger(STEPS.trigger, { seq: 0 }),
      httpGetStep({
        id: STEPS.call,
        name: 'Call target',
        url,
        params: [{ key: 'seq', value: `\${${STEPS.trigger}.seq}` }],
        x: 200,
        testData: { status: 200 },
      }),
    ],
    links: [plainLink('ln-1', STEPS.trigger, STEPS.call)],
  };
}

/** Webhook paths (`/hooks/{key}`) of the workflows {@link createWorkflow} made, by workflow id. */
const hookPaths = new Map<string, string>();

/**
 * The path webhooks for a workflow made by {@link createWorkflow} are posted to: its random
 * key, as the trigger panel shows it (the workflow id starts nothing).
 */
export function hookPathFor(workflowId: string): string {
  const path = hookPaths.get(workflowId);
  if (!path) throw new Error(`no webhook key known for workflow ${workflowId}: create it with createWorkflow`);
  return path;
}

/** Creates a workflow (ON) from a document and reads its webhook URL; answers its id. */
export async function createWorkflow(base: string, token: string, document: WorkflowDocument): Promise<string> {
  const res = await call(base, 'POST', '/api/workflows', {
    token,
    body: { name: document.name, active: document.active, document },
  });
  if (res.status !== 201) throw new Error(`create workflow answered ${res.status}: ${res.text}`);
  const id = res.json.id as string;
  const hook = await call(base, 'GET', `/api/workflows/${id}/hook`, { token });
  if (hook.status !== 200) throw new Error(`hook URL answered ${hook.status}: ${hook.text}`);
  hookPaths.set(id, new URL(hook.json.url as string).pathname);
  return id;
}

/** Sends one webhook carrying `seq` and records its fate in the ledger; answers the latency in ms. */
export async function sendWebhook(
  base: string,
  workflowId: string,
  seq: number,
  ledger: Ledger,
  opts: { timeoutMs?: number; dispatcher?: Agent; tolerateErrors?: boolean } = {},
): Promise<{ ms: number; status: number }> {
  ledger.sent.add(seq);
  const started = performance.now();
  try {
    const res = await call(base, 'POST', hookPathFor(workflowId), {
      body: { seq, at: Date.now() },
      timeoutMs: opts.timeoutMs ?? 30_000,
      dispatcher: opts.dispatcher,
    });
    const ms = performance.now() - started;
    if (res.status === 200 && typeof res.json?.executionId === 'string') ledger.acked.set(seq, res.json.executionId);
    else if (
      (res.status === 429 || res.status === 503 || res.status === 507) &&
      res.headers['retry-after'] !== undefined
    )
      ledger.refused += 1;
    else if (!opts.tolerateErrors) throw new Error(`webhook ${seq} answered ${res.status}: ${res.text}`);
    return { ms, status: res.status };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('webhook ')) throw error;
    ledger.cut += 1;
    return { ms: performance.now() - started, status: 0 };
  }
}

/** Figures of a paced load. */
export interface LoadFigures {
  sent: number;
  ok: number;
  refused: number;
  cut: number;
  seconds: number;
  /** Acknowledged per second. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Sends `rate` webhooks a second for `seconds` (or until `stop()` says so), each with the next
 * seq from `nextSeq`; at most `maxInFlight` wait at once (the rest are not sent: the generator
 * never hides a slow server by queueing on the client side).
 */
export async function paceWebhooks(opts: {
  base: () => string;
  workflowId: string;
  rate: number;
  seconds: number;
  ledger: Ledger;
  nextSeq: () => number;
  stop?: () => boolean;
  maxInFlight?: number;
  timeoutMs?: number;
  /** Told every answer's status (0: none); with it, error answers are counted, not thrown. */
  onStatus?: (status: number) => void;
}): Promise<LoadFigures> {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  const intervalMs = 1000 / opts.rate;
  let sent = 0;
  let ok = 0;
  let refused = 0;
  let cut = 0;
  const maxInFlight = opts.maxInFlight ?? 500;
  while (performance.now() - started < opts.seconds * 1000 && !opts.stop?.()) {
    const due = Math.floor((performance.now() - started) / intervalMs) + 1;
    while (sent < due && inFlight.size < maxInFlight) {
      sent += 1;
      const p = sendWebhook(opts.base(), opts.workflowId, opts.nextSeq(), opts.ledger, {
        timeoutMs: opts.timeoutMs,
        tolerateErrors: opts.onStatus !== undefined,
      }).then(({ ms, status }) => {
        opts.onStatus?.(status);
        if (status === 200) {
          ok += 1;
          latencies.push(ms);
        } else if (status === 0) cut += 1;
        else refused += 1;
      });
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, intervalMs / 2)));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return { sent, ok, refused, cut, seconds, rate: ok / seconds, ...percentiles(latencies) };
}

/** p50/p95/p99/max of a list of milliseconds (0 when empty). */
export function percentiles(values: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
