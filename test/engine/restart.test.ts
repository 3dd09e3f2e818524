/**
 * A delay is durable (issue 4 item 6): the execution waits in the database, not in a sleeping
 * promise. Close the server while it waits, start a new one on the same database: it resumes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import { GOOD_PASSWORD, openTestDatabases } from '../api/harness.js';
import { createWorkflow, startTarget, type Target, waitForExecution } from './support.js';

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
    const hook = await h1.call('POST', `/hooks/${id}`, { body: { amount: 20 } });
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
});
