/**
 * kill -9 of the server at random points during a webhook load: Junction
 * runs as a child process (embedded: SQLite + in-process queue), a paced load of webhooks
 * (each carrying its seq) goes on while the process is killed without warning, then it is
 * started again on the same data folder. Short form: 3 kills; long form: 20.
 *
 * After each kill (the process gone) every execution is finished or resumable; after the last
 * restart and a drain, every acknowledged webhook has exactly one finished execution, and the
 * target saw each succeeded run's Idempotency-Key (a step cut mid-call is sent again with the
 * same key: one effect, and at most one call more than the kills that cut it — on a slow machine
 * a restarted server may not finish what it resumed before the next kill cuts it again).
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

const KILLS = scaled(3, 20);
const RATE = scaled(60, 100);

/** A small deterministic generator, so a failing run can be repeated (the seed is printed). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('kill -9 of the server during a webhook load', () => {
  let target: FaultTarget;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('kill');
    port = await freePort();
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
  });

  it(`survives ${KILLS} kills with nothing lost or run twice`, { timeout: KILLS * 60_000 + 90_000 }, async () => {
    const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 100_000);
    const random = prng(seed);
    const env = {
      JUNCTION_ALLOWED_HOSTS: target.host,
      STEP_RETRY_BASE_MS: '50',
      RECONCILE_INTERVAL_MS: '1000',
    };
    const start = () => startJunction({ port, dataDir, env });
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    let server: Child = await start();
    const { token } = await signUp(base, 'kill');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));

    const ledger = createLedger();
    let seq = 0;
    const rows: { kill: number; afterMs: number; acked: number; cut: number; unfinished: number; restartMs: number }[] =
      [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const afterMs = Math.round(300 + random() * 1700);
      let killed = false;
      const ackedBefore = ledger.acked.size;
      const cutBefore = ledger.cut;
      const load = paceWebhooks({
        base: () => base,
        workflowId,
        rate: RATE,
        seconds: 10,
        ledger,
        nextSeq: () => ++seq,
        stop: () => killed,
        timeoutMs: 10_000,
      });
      await sleep(afterMs);
      await server.kill9();
      killed = true;
      await load;
      // The process is gone: what it left behind is finished or resumable, nothing lost.
      const left = readExecutionsSqlite(db, workflowId);
      const now = account(ledger, left);
      assertAccounted(now);
      const restarted = performance.now();
      server = await start();
      rows.push({
        kill,
        afterMs,
        acked: ledger.acked.size - ackedBefore,
        cut: ledger.cut - cutBefore,
        unfinished: now.resumable,
        restartMs: Math.round(performance.now() - restarted),
      });
    }
    // A last stretch of load on the restarted server, then drain.
    await paceWebhooks({ base: () => base, workflowId, rate: RATE, seconds: 1, ledger, nextSeq: () => ++seq });
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'every execution to finish after the last restart',
      60_000,
    );
    const final = readExecutionsSqlite(db, workflowId);
    const result = account(ledger, final, { requireFinished: true });
    const effects = accountEffects(target.effects, final, { stepId: STEPS.call, maxCalls: KILLS + 1 });
    report('kill -9 of the server during load', rows);
    report('kill -9: accounting', [
      {
        seed,
        kills: KILLS,
        sent: result.sent,
        acknowledged: result.acknowledged,
        cut: result.cut,
        'cut but recorded': result.cutButRecorded,
        executions: result.executions,
        finished: result.finished,
        lost: result.lost,
        duplicates: result.duplicates,
        'target calls': effects.calls,
        effects: effects.effects,
        'max calls per key': effects.maxCallsPerKey,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    expect(final.every((r) => r.status === 'succeeded')).toBe(true);
    expect(result.acknowledged).toBeGreaterThan(0);
    await server.stop();
  });
});
