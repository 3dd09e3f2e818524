/**
 * Shared pieces of the trigger tests: Junction listening on a real 127.0.0.1 port (the Demo CRM
 * it serves is called over HTTP by polls and subscriptions) with a movable clock, restartable
 * on the same database, and trigger workflow documents (Demo CRM polling and webhook, Schedule).
 */
import net from 'node:net';
import { createStepData, type WorkflowDocument } from '@junction/core';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../server/src/app.js';
import type { Config } from '../../server/src/config.js';
import { createServices, type ServicesWithLifecycle } from '../../server/src/compose.js';
import { GOOD_PASSWORD } from '../api/harness.js';

/** A clock tests move by hand; every Junction instance of a test shares it. */
export interface Clock {
  ms: number;
  now(): number;
  advance(ms: number): void;
}

/** A clock starting at the current time. */
export function createClock(): Clock {
  const clock: Clock = {
    ms: Date.now(),
    now: () => clock.ms,
    advance(ms) {
      clock.ms += ms;
    },
  };
  return clock;
}

/** A free TCP port on 127.0.0.1 (Junction must know its public URL before it listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A response with its JSON parsed. */
export interface Reply {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  json: any;
}

/** One running Junction process (in this test process). */
export interface Junction {
  app: FastifyInstance;
  services: ServicesWithLifecycle;
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  close(): Promise<void>;
}

/**
 * Starts Junction over `config` (its database already migrated or not) and, when `listen`,
 * on `config.port`. Services use `clock`.
 */
export async function startJunction(config: Config, clock: Clock, listen = true): Promise<Junction> {
  const services = createServices(config, { now: clock.now });
  await services.ready;
  const app = await createApp(config, { services });
  if (listen) await app.listen({ host: '127.0.0.1', port: config.port });
  return {
    app,
    services,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let payload: string | undefined;
      if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      const res = await app.inject({ method: method as 'GET', url, headers, payload });
      let json: unknown;
      try {
        json = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, text: res.body, json };
    },
    async close() {
      await app.close();
      await services.close();
    },
  };
}

/** A signed-up user with a Demo CRM account. */
export interface CrmUser {
  token: string;
  tenantId: string;
  apiKey: string;
  credentialId: string;
}

let users = 0;

/** Signs up and creates the Demo CRM account in one click. */
export async function signUpWithCrm(j: Junction): Promise<CrmUser> {
  users += 1;
  const email = `triggers-${users}-${Date.now()}@example.com`;
  const signUp = await j.call('POST', '/api/auth/sign-up', {
    body: { email, password: GOOD_PASSWORD, firstName: 'T' },
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const token = signUp.json.token as string;
  const key = await j.call('POST', '/api/demo-crm/keys', { token, body: {} });
  if (key.status !== 201) throw new Error(`demo-crm key answered ${key.status}: ${key.text}`);
  return { token, tenantId: signUp.json.tenant.id, apiKey: key.json.apiKey, credentialId: key.json.credential.id };
}

/** Creates a contact in the Demo CRM; answers its id. */
export async function createContact(j: Junction, user: CrmUser, email: string): Promise<string> {
  const res = await j.call('POST', '/demo-crm/contacts', { headers: { 'x-api-key': user.apiKey }, body: { email } });
  if (res.status !== 201) throw new Error(`create contact answered ${res.status}: ${res.text}`);
  return res.json.id as string;
}

/** Trigger step ids. */
export const TRIGGER_STEP = 'st-trigger';

function triggerOnly(name: string, data: Parameters<typeof createStepData>[0]): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name,
    active: false,
    steps: [{ id: TRIGGER_STEP, kind: 'trigger', position: { x: 0, y: 0 }, data: createStepData(data) }],
    links: [],
  };
}

/** Demo CRM 'New contact' (polling) → nothing else. */
export function pollingWorkflow(credentialId: string | null, stepId = TRIGGER_STEP): WorkflowDocument {
  const doc = triggerOnly('New contacts (polling)', {
    name: 'New contact',
    type: 'demo-crm',
    app: 'demo-crm',
    label: 'Demo CRM',
    action: 'newContact',
    triggerlabel: 'New contact',
    hasauth: true,
    credential: credentialId,
    authname: 'Demo CRM',
    testData: { id: 'sample', email: 'sample@example.com' },
    pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
  });
  doc.steps[0].id = stepId;
  return doc;
}

/** Demo CRM 'New contact (instant)' (webhook subscription). */
export function crmHookWorkflow(credentialId: string): WorkflowDocument {
  return triggerOnly('New contacts (instant)', {
    name: 'New contact (instant)',
    type: 'demo-crm',
    app: 'demo-crm',
    label: 'Demo CRM',
    action: 'newContactHook',
    triggerlabel: 'New contact (instant)',
    hasauth: true,
    credential: credentialId,
    testData: { id: 'sample', email: 'sample@example.com' },
    performList: 'subscribeHook',
    unsubscribe: 'unsubscribeHook',
    webhookKey: 'contact',
  });
}

/** Schedule trigger with the given field values. */
export function scheduleWorkflow(values: Record<string, unknown>): WorkflowDocument {
  return triggerOnly('Every minute', {
    name: 'Schedule',
    type: 'schedule',
    app: 'schedule',
    label: 'Schedule',
    action: 'schedule',
    triggerlabel: 'Schedule',
    fields: Object.entries(values).map(([name, value]) => ({ name, value })),
    testData: { scheduledAt: '2025-01-01T00:00:00.000Z' },
  });
}

/** Creates a workflow (OFF) from a document; answers its id. */
export async function createWorkflow(j: Junction, token: string, document: WorkflowDocument): Promise<string> {
  const res = await j.call('POST', '/api/workflows', { token, body: { name: document.name, document } });
  if (res.status !== 201) throw new Error(`create workflow answered ${res.status}: ${res.text}`);
  return res.json.id as string;
}

/** An execution as listed. */
export interface ListedExecution {
  id: string;
  status: string;
  trigger: string;
  triggerData: unknown;
}

/** Every execution of a workflow, oldest first. */
export async function executions(j: Junction, token: string, workflowId: string): Promise<ListedExecution[]> {
  const res = await j.call('GET', `/api/workflows/${workflowId}/executions?limit=100`, { token });
  if (res.status !== 200) throw new Error(`list executions answered ${res.status}: ${res.text}`);
  return [...(res.json.items as ListedExecution[])].reverse();
}

/** Waits (bounded: `tries` × 25 ms) until the workflow has `count` executions; answers them. */
export async function waitForExecutions(
  j: Junction,
  token: string,
  workflowId: string,
  count: number,
  tries = 400,
): Promise<ListedExecution[]> {
  let list: ListedExecution[] = [];
  for (let i = 0; i < tries; i++) {
    list = await executions(j, token, workflowId);
    if (list.length >= count) return list;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} executions, saw ${list.length}: ${JSON.stringify(list)}`);
}

/** Waits (bounded) until `check` answers true. */
export async function waitUntil(check: () => Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
