/**
 * Run-end notices (server/src/engine/observe.ts): a listener hears each execution this process
 * ran, with how it ended, once its end is stored (what the step-overhead bench times).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRunEnd } from '../../server/src/engine/observe.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { AMOUNT_OVER_10, createWorkflow, hookPathOf, startTarget, type Target } from './support.js';

describe.each(openTestDatabases())('run-end notices on $dialect', (testDb) => {
  let target: Target;
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, { allowedHosts: target.host });
    token = (await signUp(h, 'run-end')).token;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('tells a listener when each run ended and how, after its end is stored', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok'), filter: AMOUNT_OVER_10 });
    const heard = new Map<string, { outcome: string; stored: Promise<unknown> }>();
    const arrived: (() => void)[] = [];
    const stop = onRunEnd((executionId, outcome) => {
      heard.set(executionId, {
        outcome,
        stored: h.call('GET', `/api/executions/${executionId}`, { token }).then((r) => r.json.status),
      });
      arrived.shift()?.();
    });
    try {
      const waitOne = () => new Promise<void>((resolve) => arrived.push(resolve));
      const passed = waitOne();
      const ran = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 42 } });
      await passed;
      const filtered = waitOne();
      const stopped = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 3 } });
      await filtered;

      expect(heard.get(ran.json.executionId)?.outcome).toBe('succeeded');
      expect(await heard.get(ran.json.executionId)?.stored).toBe('succeeded');
      expect(heard.get(stopped.json.executionId)?.outcome).toBe('filtered');
      expect(await heard.get(stopped.json.executionId)?.stored).toBe('filtered');
    } finally {
      stop();
    }
  });
});
