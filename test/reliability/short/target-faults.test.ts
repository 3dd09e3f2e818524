/**
 * The target misbehaving: it answers 500 every time, 429 with Retry-After,
 * sends its body at 1 byte a second, resets the connection, or never answers. Each run fails or
 * retries as designed, with a reason the user can read, and nothing hangs: every execution
 * ends within the step time limit (here 6 s) plus its retries. Runs in-process on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { effectWorkflow } from '../support/client.js';
import { account, assertAccounted, createLedger, FINISHED, readExecutionsApi } from '../support/invariant.js';
import { sleep } from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';
import { hookPathOf } from '../support/hooks.js';

const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');
const RUNS = scaled(2, 20);
// The limit covers every attempt: 6 s leaves three quick 500s room on a loaded 2-core machine
// (at 3 s a busy run timed out before its third attempt).
const STEP_TIMEOUT_MS = 6000;

interface Case {
  path: string;
  expected: 'succeeded' | 'failed';
  /** The execution's error, as the user sees it. */
  error?: RegExp;
}

describe.each(sqlite)('a misbehaving target on $dialect', (testDb) => {
  let target: FaultTarget;
  let h: ApiHarness;

  beforeAll(async () => {
    target = await startFaultTarget();
    h = await openHarness(testDb, {
      allowedHosts: target.host,
      stepTimeoutMs: STEP_TIMEOUT_MS,
      stepRetries: 2,
      stepRetryBaseMs: 50,
      reconcileIntervalMs: 500,
      logLevel: 'warn',
    });
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('fails or retries as designed, and every run ends', { timeout: 120_000 }, async () => {
    const { token } = await signUp(h, 'faults');
    const cases: Case[] = [
      { path: '/always500', expected: 'failed', error: /answered 500.*\(after 3 attempts\)$/ },
      { path: '/busy?times=2', expected: 'succeeded' },
      { path: '/trickle', expected: 'failed', error: /timed out after 6 s\.$/ },
      // Resets are retried until the attempts or the step's time limit run out, whichever is first.
      { path: '/reset', expected: 'failed', error: /failed: .*(\(after 3 attempts\)|timed out after 6 s\.)$/ },
      { path: '/hang', expected: 'failed', error: /timed out after 6 s\.$/ },
    ];
    const rows: Record<string, string | number>[] = [];
    let seq = 0;
    await Promise.all(
      cases.map(async (c) => {
        const created = await h.call('POST', '/api/workflows', {
          token,
          body: { name: c.path, active: true, document: effectWorkflow(target.url(`${c.path}`), c.path) },
        });
        expect(created.status).toBe(201);
        const workflowId = created.json.id as string;
        const ledger = createLedger();
        const started = performance.now();
        const ids: string[] = [];
        for (let i = 0; i < RUNS; i++) {
          seq += 1;
          const mine = seq;
          ledger.sent.add(mine);
          const hook = await h.call('POST', await hookPathOf(h, token, workflowId), { body: { seq: mine } });
          expect(hook.status).toBe(200);
          ledger.acked.set(mine, hook.json.executionId);
          ids.push(hook.json.executionId);
        }
        const finals = await Promise.all(ids.map(waitDone));
        const seconds = (performance.now() - started) / 1000;
        const list = await readExecutionsApi(async (p) => (await h.call('GET', p, { token })).json, workflowId);
        const result = account(ledger, list, { requireFinished: true });
        assertAccounted(result);
        for (const e of finals) {
          expect([c.path, e.status]).toEqual([c.path, c.expected]);
          if (c.error) expect(e.error).toMatch(c.error);
        }
        rows.push({
          target: c.path,
          runs: RUNS,
          outcome: [...new Set(finals.map((e) => e.status))].join(', '),
          attempts: [...new Set(finals.map((e) => e.steps[0]?.attempts ?? 0))].join(', '),
          'longest run s': Math.max(...finals.map(runSeconds)),
          'all ended within s': seconds,
          error: finals[0].error ?? '',
        });
      }),
    );
    // Calls that arrive after every run has ended would be retries nobody waits for.
    const callsAtEnd = { ...target.calls };
    await sleep(STEP_TIMEOUT_MS + 1000);
    for (const row of rows) {
      const path = String(row.target).split('?')[0];
      row['target calls'] = target.calls[path] ?? 0;
      row['calls after the end'] = (target.calls[path] ?? 0) - (callsAtEnd[path] ?? 0);
    }
    report('misbehaving target', rows);
    expect(rows.map((r) => [r.target, r['calls after the end']])).toEqual(rows.map((r) => [r.target, 0]));

    async function waitDone(id: string) {
      // Bounded: the step limit plus retries is well under 30 s.
      for (let i = 0; i < 300; i++) {
        const res = await h.call('GET', `/api/executions/${id}`, { token });
        if (res.status === 200 && FINISHED.has(res.json.status)) return res.json;
        await sleep(100);
      }
      throw new Error(`execution ${id} did not end within 30 s`);
    }
  });
});

function runSeconds(e: { startedAt?: string; finishedAt?: string; createdAt?: string }): number {
  const from = Date.parse(e.startedAt ?? e.createdAt ?? '');
  const to = Date.parse(e.finishedAt ?? '');
  return Number.isFinite(from) && Number.isFinite(to) ? (to - from) / 1000 : 0;
}
