/**
 * Executions that wait for a slot (engine/preclaim.ts, runner.ts `claimWaiting`): with one runner
 * slot, a burst of webhooks is inserted queued behind the first; each runs once when a slot
 * frees, with its start time then, and one cancelled while it waits never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, startTarget, type Target, waitForExecution } from './support.js';

describe.each(openTestDatabases())('executions waiting for a slot on $dialect', (testDb) => {
  let target: Target;
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, { allowedHosts: target.host, workerConcurrency: 1 });
    token = (await signUp(h, 'waiting-claim')).token;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('runs each once when a slot frees, and never runs one cancelled while it waited', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/slow') });
    const path = await hookPathOf(h, token, id);
    const send = (amount: number) => h.call('POST', path, { body: { amount } });
    // The first takes the one slot (its step answers after 3 s); the next two wait behind it, queued.
    const first = (await send(1)).json.executionId as string;
    await waitForExecution(h, token, first, (status) => status === 'running');
    const later = await Promise.all([send(2), send(3)]);
    expect(later.map((r) => r.status)).toEqual([200, 200]);
    const [second, third] = later.map((r) => r.json.executionId as string);
    for (const waiting of [second, third]) {
      expect((await h.call('GET', `/api/executions/${waiting}`, { token })).json.status).toBe('queued');
    }
    const cancelled = await h.call('POST', `/api/executions/${third}/cancel`, { token });
    expect(cancelled.json.status).toBe('cancelled');

    const ran = [await waitForExecution(h, token, first), await waitForExecution(h, token, second, undefined, 1_000)];
    expect(ran.map((e) => e.status)).toEqual(['succeeded', 'succeeded']);
    // The second started when the first had ended, not when it arrived.
    expect(Date.parse(ran[1].startedAt)).toBeGreaterThanOrEqual(Date.parse(ran[0].finishedAt));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.call('GET', `/api/executions/${third}`, { token })).json.status).toBe('cancelled');
    expect(target.calls['/slow']).toBe(2);
  });
});
