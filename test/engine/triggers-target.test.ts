/**
 * Polling a declared (developer portal) app against a local target API that the test scripts:
 * items out of order, an item whose fields change, items without the Unique ID Key, an app
 * that fails, and a trigger step replaced while ON.
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import { GOOD_PASSWORD } from '../api/harness.js';
import {
  type Clock,
  createClock,
  createWorkflow,
  executions,
  freePort,
  type Junction,
  startJunction,
  waitForExecutions,
  waitUntil,
} from './triggers-support.js';

const POLL_MS = 60_000;
const API_KEY = 'orders-key-123';

interface Order {
  id?: string;
  status: string;
}

/** The target: GET /orders answers `{ orders }` as scripted, or `failWith` when set. */
interface OrdersTarget {
  app: FastifyInstance;
  port: number;
  orders: Order[];
  failWith?: number;
  calls: number;
}

async function startOrders(): Promise<OrdersTarget> {
  const app = Fastify();
  const target: OrdersTarget = { app, port: 0, orders: [], calls: 0 };
  app.get('/orders', async (req, reply) => {
    target.calls += 1;
    if (req.headers['x-api-key'] !== API_KEY) return reply.code(401).send({ detail: 'Bad API key' });
    if (target.failWith) return reply.code(target.failWith).send({ detail: 'Down for maintenance' });
    return { orders: target.orders };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  target.port = typeof address === 'object' && address ? address.port : 0;
  return target;
}

function ordersApp(slug: string, port: number) {
  return {
    appSlug: slug,
    appName: 'Orders Poll',
    category: 'Commerce',
    iconURL: 'https://example.com/orders.png',
    actions: {
      listOrders: { title: 'List orders', method: 'get', url: `http://127.0.0.1:${port}/orders`, fields: [] },
    },
    triggers: {
      newOrder: {
        label: 'New order',
        type: 'polling',
        action: 'listOrders',
        pollingParams: { dedupe_key: 'id', data_head: 'orders' },
      },
    },
    authInfo: {
      apiType: 'apikey',
      testAuth: 'listOrders',
      apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    },
  };
}

function ordersWorkflow(slug: string, credentialId: string, stepId: string): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'New orders',
    active: false,
    steps: [
      {
        id: stepId,
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: 'New order',
          type: slug,
          app: slug,
          label: 'Orders Poll',
          action: 'newOrder',
          triggerlabel: 'New order',
          hasauth: true,
          credential: credentialId,
          testData: { id: 'sample', status: 'new' },
          pollingParams: { dedupe_key: 'id', data_head: 'orders' },
        }),
      },
    ],
    links: [],
  };
}

const ids = (list: { triggerData: unknown }[]) => list.map((x) => (x.triggerData as Order).id).sort();

describe.each(openTestDatabases())('polling a declared app on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let clock: Clock;
  let j: Junction;
  let target: OrdersTarget;
  let token: string;
  let credentialId: string;
  const slug = `orders-poll-${Date.now()}`;

  const setActive = (workflowId: string, active: boolean) =>
    j.call('PUT', `/api/workflows/${workflowId}/active`, { token, body: { active } });
  const activation = async (workflowId: string) =>
    (await j.call('GET', `/api/workflows/${workflowId}/active`, { token })).json;
  const poll = async (workflowId: string) => {
    clock.advance(POLL_MS + 1);
    const at = new Date(clock.ms).toISOString();
    await waitUntil(async () => (await activation(workflowId)).lastRunAt === at, 'a poll to finish');
  };

  beforeAll(async () => {
    target = await startOrders();
    const port = await freePort();
    opened = await testDb.open({
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      pollIntervalMs: POLL_MS,
      triggerScanMs: 20,
      allowedHosts: `127.0.0.1:${target.port}`,
    });
    clock = createClock();
    j = await startJunction(opened.config, clock, false);
    const email = `orders-${Date.now()}@example.com`;
    const signUp = await j.call('POST', '/api/auth/sign-up', { body: { email, password: GOOD_PASSWORD } });
    token = signUp.json.token;
    const app = await j.call('POST', '/api/apps', { token, body: ordersApp(slug, target.port) });
    expect(app.status, app.text).toBe(201);
    const credential = await j.call('POST', '/api/credentials', {
      token,
      body: { app: slug, name: 'Orders', values: { api_key: API_KEY } },
    });
    expect(credential.status, credential.text).toBe(201);
    credentialId = credential.json.id;
  });

  afterAll(async () => {
    await j?.close();
    await opened?.close();
    await target?.app.close();
  });

  it('refuses to switch ON when the first poll fails, naming the reason', async () => {
    target.failWith = 422;
    const workflowId = await createWorkflow(j, token, ordersWorkflow(slug, credentialId, 'st-orders-0'));
    const refused = await setActive(workflowId, true);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe('Could not read "New order": Orders Poll answered 422: Down for maintenance');
    expect(await activation(workflowId)).toEqual({ active: false });
    target.failWith = undefined;
  });

  it('fires unseen items once whatever their position, ignores changed fields, reports keyless items', async () => {
    target.orders = [
      { id: 'o2', status: 'new' },
      { id: 'o1', status: 'new' },
    ];
    const workflowId = await createWorkflow(j, token, ordersWorkflow(slug, credentialId, 'st-orders-1'));
    expect((await setActive(workflowId, true)).status).toBe(200);

    // New items in the middle and at the end of the list (not newest first).
    target.orders = [
      { id: 'o1', status: 'new' },
      { id: 'o5', status: 'new' },
      { id: 'o2', status: 'new' },
      { id: 'o3', status: 'new' },
    ];
    await poll(workflowId);
    expect(ids(await waitForExecutions(j, token, workflowId, 2))).toEqual(['o3', 'o5']);

    // Changed fields and a reshuffled list: same ids, nothing fires. A keyless item is reported.
    target.orders = [
      { id: 'o3', status: 'paid' },
      { status: 'no id here' },
      { id: 'o1', status: 'shipped' },
      { id: 'o5', status: 'paid' },
      { id: 'o2', status: 'cancelled' },
    ];
    await poll(workflowId);
    await waitUntil(async () => (await activation(workflowId)).lastError !== undefined, 'the keyless report');
    expect((await activation(workflowId)).lastError).toBe(
      "Polling \"New order\": 1 item(s) had no 'id' (the trigger's Unique ID Key) and were skipped.",
    );

    // The app fails: the error shows; it recovers and only the new item fires.
    target.failWith = 422;
    await poll(workflowId);
    await waitUntil(
      async () => String((await activation(workflowId)).lastError).includes('Down for maintenance'),
      'the failure',
    );
    expect((await activation(workflowId)).lastError).toBe(
      'Polling "New order" failed: Orders Poll answered 422: Down for maintenance',
    );
    target.failWith = undefined;
    target.orders = [{ id: 'o6', status: 'new' }, ...target.orders.filter((o) => o.id)];
    await poll(workflowId);
    expect(ids(await waitForExecutions(j, token, workflowId, 3))).toEqual(['o3', 'o5', 'o6']);
    await waitUntil(async () => (await activation(workflowId)).lastError === undefined, 'the error to clear');

    // The trigger step replaced while ON (a new step id): it re-primes instead of firing everything.
    const saved = (await j.call('GET', `/api/workflows/${workflowId}`, { token })).json;
    const replaced = ordersWorkflow(slug, credentialId, 'st-orders-new');
    const put = await j.call('PUT', `/api/workflows/${workflowId}`, {
      token,
      body: { document: { ...replaced, id: workflowId, active: true }, expectedRevision: saved.revision },
    });
    expect(put.status, put.text).toBe(200);
    await poll(workflowId);
    target.orders = [{ id: 'o7', status: 'new' }, ...target.orders];
    await poll(workflowId);
    const all = await waitForExecutions(j, token, workflowId, 4);
    expect(ids(all)).toEqual(['o3', 'o5', 'o6', 'o7']);
    expect(await executions(j, token, workflowId)).toHaveLength(4);
    expect((await setActive(workflowId, false)).status).toBe(200);
  });
});
