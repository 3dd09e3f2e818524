/**
 * A `junction worker` killed mid-step in the scale-out set-up: an API-only
 * server (RUN_WORKERS=off) and two worker processes share PostgreSQL and a private
 * redis-server. The target holds every call; once all are in flight, one worker is killed -9
 * and the target answers the rest. The dead worker's executions keep their lease until it
 * expires (10 s; the live worker's held steps keep theirs by heartbeat), then the surviving
 * worker's reconciler (default interval) or BullMQ's stalled check takes them back and sends the
 * step again with the same Idempotency-Key: at most 2 calls per key, exactly 1 effect, every
 * acknowledged webhook one succeeded execution, all of it finished within 15 s of the kill.
 * Needs TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenTestDatabase, openTestDatabases } from '../../../server/src/store/test-db.js';
import { createWorkflow, effectWorkflow, STEPS, sendWebhook, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsPostgres,
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
import { missingService, suiteName } from '../../setup/skip.js';

const IN_FLIGHT = scaled(10, 40);
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');

const missing = missingService('postgres');
describe.skipIf(missing)(suiteName('a junction worker killed mid-step', missing), () => {
  const testDb = postgres!;
  let opened: OpenTestDatabase;
  let target: FaultTarget;
  let dirs: string[] = [];

  beforeAll(async () => {
    opened = await testDb.open();
    target = await startFaultTarget();
    dirs = [tempDir('wk-api'), tempDir('wk-1'), tempDir('wk-2'), tempDir('wk-redis')];
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    await opened?.close();
    for (const dir of dirs) removeDir(dir);
  });

  it('re-sends the dead worker’s steps once their lease expires, within 15 s: ≤ 2 calls, 1 effect', {
    timeout: 300_000,
  }, async () => {
    const redisPort = await freePort();
    await startRedis(redisPort, dirs[3]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const shared = {
      DATABASE_URL: opened.config.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      JUNCTION_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      JUNCTION_ALLOWED_HOSTS: target.host,
      // The defaults: the lease (10 s), RECONCILE_INTERVAL_MS (3 s), BullMQ's stalled check.
      STEP_TIMEOUT_MS: '20000',
    };
    const api = await startJunction({ port, dataDir: dirs[0], env: { ...shared, RUN_WORKERS: 'off' } });
    const workers: Child[] = [];
    for (const i of [1, 2]) {
      workers.push(
        await startJunction({ port, dataDir: dirs[i], kind: 'worker', env: { ...shared, PUBLIC_URL: base } }),
      );
    }
    const { token } = await signUp(base, 'worker-kill');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));

    target.hold = true;
    const ledger = createLedger();
    for (let seq = 1; seq <= IN_FLIGHT; seq++) await sendWebhook(base, workflowId, seq, ledger);
    await waitFor(() => target.effects.calls.size === IN_FLIGHT, `${IN_FLIGHT} held calls`, 60_000);
    // Held past a lease: the surviving worker's steps must keep theirs by heartbeat alone.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const killedAt = performance.now();
    await workers[0].kill9();
    target.hold = false;
    target.release();
    await waitFor(
      async () =>
        (await readExecutionsPostgres(opened.config.databaseUrl as string, workflowId)).every((r) =>
          FINISHED.has(r.status),
        ),
      'every execution to finish after the worker died',
      180_000,
    );
    const recoveredSeconds = (performance.now() - killedAt) / 1000;
    const rows = await readExecutionsPostgres(opened.config.databaseUrl as string, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 2 });
    report('junction worker killed mid-step (PostgreSQL + BullMQ)', [
      {
        'in flight': IN_FLIGHT,
        'sent twice (dead worker)': [...target.effects.calls.values()].filter((n) => n === 2).length,
        'target calls': effects.calls,
        effects: effects.effects,
        'max calls per key': effects.maxCallsPerKey,
        'all finished after s': recoveredSeconds,
        lost: result.lost,
        duplicates: result.duplicates,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    expect(effects.effects).toBe(IN_FLIGHT);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    // Recovery time, a bound not a benchmark: the dead worker's runs started again and finished
    // within 15 s of the kill.
    expect(recoveredSeconds).toBeLessThanOrEqual(15);
    await Promise.all([api.stop(), workers[1].stop()]);
  });
});
