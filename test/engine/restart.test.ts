/**
 * A delay is durable: the execution waits in the database, not in a sleeping
 * promise. Close the server while it waits, start a new one on the same database: it resumes.
 * The reconciler runs executions a crash left queued: at start, and while running for
 * rows whose queue message was lost.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import { GOOD_PASSWORD, openTestDatabases } from '../api/harness.js';
import { createWorkflow, hookPathOf, startTarget, type Target, waitForExecution } from './support.js';

describe.each(openTestDatabases())('a delayed run across a restart on $dialect', (testDb) => {
  let target: Target;
  let opened: OpenTestDatabase;

  beforeAll(async () => {
    target = await startTarget();
    opened = await testDb.open({ allowedHosts: target.host, reconcileIntervalMs: 100 });
  });
  afterAll(async () => {
    await opened?.close();
    await target?.close();
  });

  const caller = (app: FastifyInstance) => ({
    async call(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        ...(opts.body === undefined ? {} : { payload: opts.body as object }),
      });
      return { status: res.statusCode, text: res.body, json: res.body ? JSON.parse(res.body) : undefined };
    },
  });

  it('resumes a waiting execution after the server restarts, and runs its step once', async () => {
    const first = await createApp(opened.config);
    const h1 = caller(first);
    const signUp = await h1.call('POST', '/api/auth/sign-up', {
      body: { email: `restart-${Date.now()}@example.com`, password: GOOD_PASSWORD, firstName: 'Ada' },
    });
    const token = signUp.json.token as string;
    const id = await createWorkflow(h1, token, { url: target.url('/fail/delayed?times=0'), delaySeconds: 1 });
    const hook = await h1.call('POST', await hookPathOf(h1, token, id), { body: { amount: 20 } });
    expect(hook.status).toBe(200);
    const waiting = await waitForExecution(h1, token, hook.json.executionId, (s) => s === 'waiting');
    expect(waiting.steps).toEqual([]);
    await first.close();
    expect(target.calls['/fail/delayed']).toBeUndefined();

    const second = await createApp(opened.config);
    try {
      const done = await waitForExecution(caller(second), token, hook.json.executionId);
      expect(done.status).toBe('succeeded');
      expect(target.calls['/fail/delayed']).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('runs executions left queued by a process that stopped before running them, each once', async () => {
    // The API process records and acknowledges, then stops before any worker ran the runs (its
    // in-process queue is gone with it): the rows stay queued.
    const api = await createApp({ ...opened.config, runWorkers: false });
    const ha = caller(api);
    const signUp = await ha.call('POST', '/api/auth/sign-up', {
      body: { email: `reconcile-${Date.now()}@example.com`, password: GOOD_PASSWORD, firstName: 'Ada' },
    });
    const token = signUp.json.token as string;
    const id = await createWorkflow(ha, token, { url: target.url('/fail/left-queued?times=0') });
    const acked: string[] = [];
    for (const amount of [1, 2, 3]) {
      const hook = await ha.call('POST', await hookPathOf(ha, token, id), { body: { amount } });
      expect(hook.status).toBe(200);
      acked.push(hook.json.executionId);
    }
    expect((await waitForExecution(ha, token, acked[0], () => true)).status).toBe('queued');
    await api.close();

    // A new process finds them at start and runs each exactly once.
    const worker = await createApp(opened.config);
    try {
      const hw = caller(worker);
      for (const executionId of acked) {
        expect((await waitForExecution(hw, token, executionId)).status).toBe('succeeded');
      }
      expect(target.calls['/fail/left-queued']).toBe(3);

      // While it runs: a row committed by another process whose queue message never arrives
      // (that process's queue died) is picked up by the periodic scan after its grace period.
      const lost = await createApp({ ...opened.config, runWorkers: false });
      let lostId: string;
      try {
        const hook = await caller(lost).call('POST', await hookPathOf(caller(lost), token, id), {
          body: { amount: 4 },
        });
        expect(hook.status).toBe(200);
        lostId = hook.json.executionId;
      } finally {
        await lost.close();
      }
      const started = Date.now();
      const done = await waitForExecution(hw, token, lostId, undefined, 600);
      expect(done.status).toBe('succeeded');
      console.log(`reconciler picked up a lost queued execution after ${Date.now() - started} ms`);
      expect(target.calls['/fail/left-queued']).toBe(4);
    } finally {
      await worker.close();
    }
  }, 60_000);
});
