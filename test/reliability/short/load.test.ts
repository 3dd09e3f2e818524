/**
 * Load: Junction embedded (one process, SQLite, in-process queue) as a child process;
 * 100 webhooks a second for N seconds (short: 10 s, long: 300 s), each run calling the target;
 * then a burst of 2,000 concurrent connections, each answered 2xx or 429/503 with Retry-After,
 * none hanging. Figures printed (never asserted): acknowledged rate, latency percentiles, the
 * server's resident memory before, after and its growth, drain time. The accounting invariant
 * holds over everything.
 */
import path from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkflow,
  effectWorkflow,
  paceWebhooks,
  percentiles,
  STEPS,
  sendWebhook,
  signUp,
} from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsSqlite,
} from '../support/invariant.js';
import { freePort, removeDir, sleep, startJunction, stopAll, tempDir, waitFor } from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const SECONDS = scaled(10, 300);
const RATE = 100;
const BURST = 2000;

describe('load on an embedded Junction', () => {
  let target: FaultTarget;
  let dataDir: string;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('load');
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
  });

  it(`holds ${RATE} webhooks/s for ${SECONDS} s and answers a burst of ${BURST} connections`, {
    timeout: SECONDS * 1000 + 300_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    const server = await startJunction({ port, dataDir, env: { JUNCTION_ALLOWED_HOSTS: target.host } });
    const { token } = await signUp(base, 'load');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));
    const ledger = createLedger();
    let seq = 0;
    // Warm-up (not counted in the figures, counted in the invariant).
    await paceWebhooks({ base: () => base, workflowId, rate: 20, seconds: 1, ledger, nextSeq: () => ++seq });
    await sleep(500);
    const rssStartKb = server.rssKb();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssKb()), 1000);
    const load = await paceWebhooks({
      base: () => base,
      workflowId,
      rate: RATE,
      seconds: SECONDS,
      ledger,
      nextSeq: () => ++seq,
    });
    clearInterval(sampler);
    const drainStarted = performance.now();
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'the load to drain',
      120_000,
    );
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const rssEndKb = server.rssKb();

    // The burst: every request on its own connection, all at once.
    const dispatcher = new Agent({ connections: BURST, pipelining: 0, connectTimeout: 30_000 });
    const burstStarted = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        sendWebhook(base, workflowId, ++seq, ledger, { timeoutMs: 60_000, dispatcher }),
      ),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    await dispatcher.close();
    const byStatus: Record<string, number> = {};
    for (const a of answers) {
      const key = a.status === 0 ? 'no answer' : String(a.status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const burstLatency = percentiles(answers.filter((a) => a.status !== 0).map((a) => a.ms));
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'the burst to drain',
      120_000,
    );
    const rssAfterBurstKb = server.rssKb();

    const rows = readExecutionsSqlite(db, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 1 });
    report('load: 100 webhooks/s', [
      {
        seconds: SECONDS,
        'target rate/s': RATE,
        sent: load.sent,
        acknowledged: load.ok,
        refused: load.refused,
        'no answer': load.cut,
        'held rate/s': load.rate,
        'p50 ms': load.p50,
        'p95 ms': load.p95,
        'p99 ms': load.p99,
        'max ms': load.max,
        'drain s': drainSeconds,
        'RSS start MB': rssStartKb / 1024,
        'RSS peak MB': Math.max(...samples, rssEndKb) / 1024,
        'RSS end MB': rssEndKb / 1024,
        'RSS growth MB': (rssEndKb - rssStartKb) / 1024,
      },
    ]);
    report('load: burst of concurrent connections', [
      {
        connections: BURST,
        ...byStatus,
        'all answered within s': burstSeconds,
        'p50 ms': burstLatency.p50,
        'p99 ms': burstLatency.p99,
        'max ms': burstLatency.max,
        'RSS after burst MB': rssAfterBurstKb / 1024,
      },
    ]);
    report('load: accounting', [
      {
        sent: result.sent,
        acknowledged: result.acknowledged,
        refused: result.refused,
        executions: result.executions,
        lost: result.lost,
        duplicates: result.duplicates,
        'target calls': effects.calls,
        effects: effects.effects,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    // None hanging: every connection of the burst was answered, 2xx or 429/503 with Retry-After.
    expect(answers.filter((a) => a.status === 0)).toEqual([]);
    expect(answers.every((a) => [200, 429, 503].includes(a.status))).toBe(true);
    expect(load.cut).toBe(0);
    await server.stop();
  });
});
