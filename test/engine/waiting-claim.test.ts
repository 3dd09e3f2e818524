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
    const id = await createWorkflow(h, token, { url: target.url('/pause') });
    const path = await hookPathOf(h, token, id);
    const sent = await Promise.all([1, 2, 3].map((n) => h.call('POST', path, { body: { amount: n } })));
    const ids = sent.map((r) => r.json.executionId as string);
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200]);

    // One slot: the later two wait, queued.
    const waiting = await h.call('GET', `/api/executions/${ids[2]}`, { token });
    expect(waiting.json.status).toBe('queued');
    const cancelled = await h.call('POST', `/api/executions/${ids[2]}/cancel`, { token });
    expect(cancelled.json.status).toBe('cancelled');

    const ran = [await waitForExecution(h, token, ids[0]), await waitForExecution(h, token, ids[1])];
    expect(ran.map((e) => e.status)).toEqual(['succeeded', 'succeeded']);
    // The second started when the first had ended (after its 0.6 s pause), not when it arrived.
    expect(Date.parse(ran[1].startedAt)).toBeGreaterThanOrEqual(Date.parse(ran[0].finishedAt));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.call('GET', `/api/executions/${ids[2]}`, { token })).json.status).toBe('cancelled');
    expect(target.calls['/pause']).toBe(2);
  });
});
