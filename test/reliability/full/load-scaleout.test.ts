/**
 * Scale-out load: 300 webhooks a second on PostgreSQL (a schema of its own
 * under TEST_DATABASE_URL, dropped at the end) + BullMQ (TEST_REDIS_URL under a unique
 * QUEUE_PREFIX), an API-only server (RUN_WORKERS=off) and two `junction worker` processes, each
 * run calling the target. Short: 10 s, RELIABILITY_LONG=1: 300 s. Then the accounting
 * invariant. Figures printed (never asserted): acknowledged, refused (429/503 with
 * Retry-After), executions, lost, duplicates, p50/p99, drain time and each process's memory.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenTestDatabase, openTestDatabases } from '../../../server/src/store/test-db.js';
import { createWorkflow, effectWorkflow, paceWebhooks, STEPS, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsPostgres,
  statusCounts,
} from '../support/invariant.js';
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
import { missingService, suiteName } from '../../setup/skip.js';

const SECONDS = scaled(10, 300);
const RATE = 300;
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;

const missing = missingService('postgres', 'redis');
describe.skipIf(missing)(suiteName('scale-out load: PostgreSQL + BullMQ, two workers', missing), () => {
  const testDb = postgres!;
  let opened: OpenTestDatabase;
  let target: FaultTarget;
  let dirs: string[] = [];

  beforeAll(async () => {
    opened = await testDb.open();
    target = await startFaultTarget();
    dirs = [tempDir('so-api'), tempDir('so-w1'), tempDir('so-w2')];
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    await opened?.close();
    for (const dir of dirs) removeDir(dir);
  });

  it(`holds ${RATE} webhooks/s for ${SECONDS} s with nothing lost`, { timeout: SECONDS * 1000 + 600_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const databaseUrl = opened.config.databaseUrl as string;
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `rel-so-${randomBytes(4).toString('hex')}`,
      JUNCTION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      JUNCTION_ALLOWED_HOSTS: target.host,
    };
    const api = await startJunction({ port, dataDir: dirs[0], env: { ...shared, RUN_WORKERS: 'off' } });
    const workers: Child[] = [];
    for (const i of [1, 2]) {
      workers.push(
        await startJunction({ port, dataDir: dirs[i], kind: 'worker', env: { ...shared, PUBLIC_URL: base } }),
      );
    }
    const procs: [string, Child][] = [
      ['api', api],
      ['worker 1', workers[0]],
      ['worker 2', workers[1]],
    ];
    const { token } = await signUp(base, 'scaleout');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));
    const ledger = createLedger();
    let seq = 0;
    // Warm-up (not in the load figures, in the invariant).
    await paceWebhooks({ base: () => base, workflowId, rate: 30, seconds: 1, ledger, nextSeq: () => ++seq });
    await sleep(1000);
    const rssStart = procs.map(([, c]) => c.rssKb());
    const peaks = [...rssStart];
    const sampler = setInterval(() => {
      procs.forEach(([, c], i) => {
        peaks[i] = Math.max(peaks[i], c.rssKb());
      });
    }, 1000);
    const statuses: Record<string, number> = {};
    const load = await paceWebhooks({
      base: () => base,
      workflowId,
      rate: RATE,
      seconds: SECONDS,
      ledger,
      nextSeq: () => ++seq,
      onStatus: (s) => {
        statuses[s] = (statuses[s] ?? 0) + 1;
      },
    });
    const drainStarted = performance.now();
    await waitFor(
      async () => (await readExecutionsPostgres(databaseUrl, workflowId)).every((r) => FINISHED.has(r.status)),
      'the load to drain',
      scaled(300_000, 600_000),
    );
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    clearInterval(sampler);
    const rssEnd = procs.map(([, c]) => c.rssKb());
    const rows = await readExecutionsPostgres(databaseUrl, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 1 });
    const byStatus = statusCounts(rows);
    report(`scale-out load: ${RATE} webhooks/s, PostgreSQL + BullMQ, 2 workers`, [
      {
        seconds: SECONDS,
        'target rate/s': RATE,
        sent: load.sent,
        acknowledged: load.ok,
        'refused (429/503 + Retry-After)': load.refused,
        'no answer': load.cut,
        'held rate/s': load.rate,
        'p50 ms': load.p50,
        'p99 ms': load.p99,
        'max ms': load.max,
        'drain s': drainSeconds,
        answers: Object.entries(statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
      },
    ]);
    report(
      'scale-out load: memory',
      procs.map(([name], i) => ({
        process: name,
        'RSS start MB': rssStart[i] / 1024,
        'RSS peak MB': peaks[i] / 1024,
        'RSS end MB': rssEnd[i] / 1024,
        'RSS growth MB': (rssEnd[i] - rssStart[i]) / 1024,
      })),
    );
    report('scale-out load: accounting', [
      {
        sent: result.sent,
        acknowledged: result.acknowledged,
        refused: result.refused,
        executions: result.executions,
        succeeded: byStatus.succeeded ?? 0,
        lost: result.lost,
        duplicates: result.duplicates,
        stranded: result.stranded,
        'target calls': effects.calls,
        effects: effects.effects,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    // Every request answered: 200, or 429/503 with Retry-After (sendWebhook counts only those as refused).
    expect(load.cut).toBe(0);
    expect(load.ok + load.refused).toBe(load.sent);
    await Promise.all(procs.map(([, c]) => c.stop()));
  });
});
