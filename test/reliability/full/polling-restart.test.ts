/**
 * Polling through restarts, a republish and out-of-order items: a declared
 * (developer portal) app's polling trigger reads `/orders` from the target every 300 ms (real
 * time, Junction as a child process). Items are added while Junction is killed -9 and started
 * again, the list comes back shuffled on every call (new items anywhere, not newest first),
 * and the workflow is saved again while ON. Every item added after activation fires exactly
 * once (0 duplicates, 0 drops); the items present at activation never fire.
 */
import path from 'node:path';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createWorkflow, signUp } from '../support/client.js';
import { readExecutionsSqlite } from '../support/invariant.js';
import {
  type Child,
  freePort,
  removeDir,
  sleep,
  startJunction,
  stopAll,
  tempDir,
  waitFor,
} from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const KILLS = scaled(2, 10);
const ITEMS_PER_ROUND = scaled(10, 40);

function ordersApp(slug: string, port: number) {
  return {
    appSlug: slug,
    appName: 'Orders (reliability)',
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

function ordersWorkflow(slug: string, credentialId: string): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'New orders',
    active: false,
    steps: [
      {
        id: 'st-orders',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: 'New order',
          type: slug,
          app: slug,
          label: 'Orders (reliability)',
          action: 'newOrder',
          triggerlabel: 'New order',
          hasauth: true,
          credential: credentialId,
          testData: { id: 'sample', seq: 0 },
          pollingParams: { dedupe_key: 'id', data_head: 'orders' },
        }),
      },
    ],
    links: [],
  };
}

describe('polling through restarts, a republish and shuffled lists', () => {
  let target: FaultTarget;
  let dataDir: string;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('polling');
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
  });

  it('fires every new item exactly once', { timeout: KILLS * 60_000 + 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    const start = () =>
      startJunction({
        port,
        dataDir,
        env: { JUNCTION_ALLOWED_HOSTS: target.host, POLL_INTERVAL_MS: '300', TRIGGER_SCAN_MS: '100' },
      });
    let server: Child = await start();
    const { token } = await signUp(base, 'polling');
    const slug = `orders-rel-${Date.now()}`;
    const app = await call(base, 'POST', '/api/apps', { token, body: ordersApp(slug, target.port) });
    expect(app.status, app.text).toBe(201);
    const credential = await call(base, 'POST', '/api/credentials', {
      token,
      body: { app: slug, name: 'Orders', values: { api_key: 'orders-key-123' } },
    });
    expect(credential.status, credential.text).toBe(201);
    const workflowId = await createWorkflow(base, token, ordersWorkflow(slug, credential.json.id));

    let n = 0;
    const add = () => {
      n += 1;
      target.orders.push({ id: `order-${n}`, seq: n });
    };
    for (let i = 0; i < 5; i++) add();
    const existing = n;
    const on = await call(base, 'PUT', `/api/workflows/${workflowId}/active`, { token, body: { active: true } });
    expect(on.status, on.text).toBe(200);

    const rounds: Record<string, number | string>[] = [];
    for (let round = 1; round <= KILLS + 1; round++) {
      const from = n + 1;
      for (let i = 0; i < ITEMS_PER_ROUND; i++) {
        add();
        await sleep(50 + Math.random() * 150);
      }
      let event = 'republish';
      if (round <= KILLS) {
        await server.kill9();
        // Items that appear while Junction is down.
        for (let i = 0; i < 3; i++) add();
        server = await start();
        event = 'kill -9 + restart';
      } else {
        const current = await call(base, 'GET', `/api/workflows/${workflowId}`, { token });
        const put = await call(base, 'PUT', `/api/workflows/${workflowId}`, {
          token,
          body: { document: current.json.document, expectedRevision: current.json.revision },
        });
        expect(put.status, put.text).toBe(200);
      }
      rounds.push({ round, event, 'items added': `${from}–${n}` });
    }
    const expected = n - existing;
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).length >= expected,
      `${expected} executions (one per new item)`,
      60_000,
    );
    // A few more polls must not fire anything again.
    await sleep(1500);
    const rows = readExecutionsSqlite(db, workflowId);
    const seen = new Map<number, number>();
    for (const row of rows) if (row.seq !== undefined) seen.set(row.seq, (seen.get(row.seq) ?? 0) + 1);
    const rowsBy = (f: (count: number | undefined, item: number) => boolean) =>
      Array.from({ length: n }, (_, i) => i + 1).filter((item) => f(seen.get(item), item));
    const drops = rowsBy((count, item) => item > existing && count === undefined);
    const duplicates = rowsBy((count) => (count ?? 0) > 1);
    const oldFired = rowsBy((count, item) => item <= existing && count !== undefined);
    report('polling through restarts', rounds);
    report('polling: accounting', [
      {
        kills: KILLS,
        'items at activation': existing,
        'new items': expected,
        executions: rows.length,
        drops: drops.length,
        duplicates: duplicates.length,
        'old items fired': oldFired.length,
        polls: target.calls['/orders'] ?? 0,
      },
    ]);
    expect({ drops, duplicates, oldFired }).toEqual({ drops: [], duplicates: [], oldFired: [] });
    expect(rows).toHaveLength(expected);
    await server.stop();
  });
});
