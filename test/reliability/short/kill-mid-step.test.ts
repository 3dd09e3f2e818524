/**
 * A worker killed mid-step: the step's request has reached the target (which
 * counts Idempotency-Keys and holds its answer) when the process running it is killed -9.
 * Restarted on the same data folder, the engine runs the execution again from that step: the
 * target sees the call at most twice, with one key, so exactly one effect. Several executions
 * are cut at once (the load is held in flight, then the kill).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, effectWorkflow, STEPS, sendWebhook, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsSqlite,
} from '../support/invariant.js';
import { freePort, removeDir, startJunction, stopAll, tempDir, waitFor } from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const IN_FLIGHT = scaled(5, 50);

describe('a worker killed mid-step', () => {
  let target: FaultTarget;
  let dataDir: string;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('midstep');
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
  });

  it('re-sends the cut step with the same Idempotency-Key: at most 2 calls, exactly 1 effect', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const env = { JUNCTION_ALLOWED_HOSTS: target.host, STEP_TIMEOUT_MS: '60000' };
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    const server = await startJunction({ port, dataDir, env });
    const { token } = await signUp(base, 'midstep');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));

    target.hold = true;
    const ledger = createLedger();
    for (let seq = 1; seq <= IN_FLIGHT; seq++) await sendWebhook(base, workflowId, seq, ledger);
    await waitFor(() => target.effects.calls.size === IN_FLIGHT, `${IN_FLIGHT} held calls at the target`);
    await server.kill9();
    target.release();
    target.hold = false;
    const cut = readExecutionsSqlite(db, workflowId);
    expect(cut.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill('running'));

    const restarted = await startJunction({ port, dataDir, env });
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'the cut executions to finish after the restart',
      60_000,
    );
    const rows = readExecutionsSqlite(db, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 2 });
    report('worker killed mid-step', [
      {
        'cut mid-step': IN_FLIGHT,
        executions: result.executions,
        succeeded: rows.filter((r) => r.status === 'succeeded').length,
        'target calls': effects.calls,
        effects: effects.effects,
        'max calls per key': effects.maxCallsPerKey,
        lost: result.lost,
        duplicates: result.duplicates,
      },
    ]);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    expect(effects.effects).toBe(IN_FLIGHT);
    expect(effects.calls).toBe(2 * IN_FLIGHT);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    await restarted.stop();
  });
});
