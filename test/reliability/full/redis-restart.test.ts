/**
 * Redis restarted under load: Junction runs with REDIS_URL (BullMQ queue)
 * on a private redis-server the test starts on its own port (never the shared one), without
 * persistence. Mid-load the redis-server is killed -9 and stays down (short: 3 s, long: 30 s),
 * then starts again empty: every job it held is gone. Webhooks keep being acknowledged (the
 * row is committed before the answer), and the reconciler re-enqueues the queued rows, so
 * every acknowledged webhook still has exactly one finished execution.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, effectWorkflow, paceWebhooks, STEPS, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsSqlite,
  statusCounts,
} from '../support/invariant.js';
import {
  type Child,
  freePort,
  removeDir,
  startJunction,
  startRedis,
  stopAll,
  tempDir,
  waitFor,
} from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const DOWN_SECONDS = scaled(3, 30);
const RATE = scaled(40, 100);

describe('Redis restarted under load', () => {
  let target: FaultTarget;
  let dataDir: string;
  let redisDir: string;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('redis');
    redisDir = tempDir('redis-data');
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
    if (redisDir) removeDir(redisDir);
  });

  it(`keeps every acknowledged webhook through ${DOWN_SECONDS} s without Redis`, {
    timeout: DOWN_SECONDS * 1000 + 300_000,
  }, async () => {
    const redisPort = await freePort();
    let redis: Child = await startRedis(redisPort, redisDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    const server = await startJunction({
      port,
      dataDir,
      env: {
        JUNCTION_ALLOWED_HOSTS: target.host,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        RECONCILE_INTERVAL_MS: '1000',
      },
    });
    const { token } = await signUp(base, 'redis');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));
    const ledger = createLedger();
    let seq = 0;
    const load = (seconds: number) =>
      paceWebhooks({ base: () => base, workflowId, rate: RATE, seconds, ledger, nextSeq: () => ++seq });

    const before = await load(2);
    const killedAt = performance.now();
    await redis.kill9();
    const during = await load(DOWN_SECONDS);
    const stuck = statusCounts(readExecutionsSqlite(db, workflowId));
    redis = await startRedis(redisPort, redisDir);
    const downSeconds = (performance.now() - killedAt) / 1000;
    const after = await load(2);
    const drainStarted = performance.now();
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'every execution to finish after Redis came back',
      90_000,
    );
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const rows = readExecutionsSqlite(db, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 2 });
    report('Redis restarted under load', [
      { phase: 'before', sent: before.sent, acknowledged: before.ok, refused: before.refused, 'p99 ms': before.p99 },
      {
        phase: `Redis down ${downSeconds.toFixed(1)} s`,
        sent: during.sent,
        acknowledged: during.ok,
        refused: during.refused,
        'p99 ms': during.p99,
        'left queued': stuck.queued ?? 0,
      },
      { phase: 'after', sent: after.sent, acknowledged: after.ok, refused: after.refused, 'p99 ms': after.p99 },
      {
        phase: `drained in ${drainSeconds.toFixed(1)} s`,
        sent: result.sent,
        acknowledged: result.acknowledged,
        executions: result.executions,
        lost: result.lost,
        duplicates: result.duplicates,
        effects: effects.effects,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    await server.stop();
    await redis.stop();
  });
});
