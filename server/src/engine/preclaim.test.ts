import { describe, expect, it } from 'vitest';
import type { NewExecution } from '../store/repos/engine.js';
import { createPreclaims, queuedRecord } from './preclaim.js';

const NOW = Date.parse('2026-11-27T06:00:00.000Z');
const LEASE_MS = 60_000;

function row(id: string, tenantId = 't1', extra: Partial<NewExecution> = {}): NewExecution {
  return {
    id,
    tenantId,
    workflowId: 'w1',
    workflowRevision: 3,
    documentJson: '{"steps":[],"links":[]}',
    status: 'queued',
    trigger: 'webhook',
    triggerData: { amount: 42 },
    dedupeKey: null,
    rerunOf: null,
    now: new Date(NOW).toISOString(),
    ...extra,
  };
}

describe('claim at ingest', () => {
  it('claims no more new executions than the workspace has free slots, counting those not yet handed over', () => {
    let clock = NOW;
    const free = new Map([
      ['t1', 2],
      ['t2', 0],
    ]);
    const claims = createPreclaims({ now: () => clock, leaseMs: LEASE_MS, free: (t) => free.get(t) ?? 0 });
    const rows = [row('a'), row('b'), row('c'), row('d', 't2')];
    expect(rows.map((r) => claims.reserve(r))).toEqual([true, true, false, false]);
    expect(rows.map((r) => r.status)).toEqual(['running', 'running', 'queued', 'queued']);
    expect(rows[0].claim).toEqual({ leaseUntil: new Date(NOW + LEASE_MS).toISOString() });
    expect(rows[2].claim).toBeUndefined();

    // The insert failed: the slots are free again, and nothing is handed to the runner.
    claims.release(rows.slice(0, 2));
    expect(claims.take('a')).toBeUndefined();
    const again = [row('a2'), row('b2')];
    expect(again.map((r) => claims.reserve(r))).toEqual([true, true]);
    claims.hand(again);

    // The runner gets the record a claim would have answered, once.
    const record = claims.take('a2');
    expect(record).toMatchObject({
      id: 'a2',
      status: 'running',
      attempt: 1,
      triggerData: { amount: 42 },
      leaseUntil: new Date(NOW + LEASE_MS).toISOString(),
      startedAt: new Date(NOW).toISOString(),
      rerunOf: null,
      cursor: {},
    });
    expect(record?.document).toEqual({ steps: [], links: [] });
    expect(claims.take('a2')).toBeUndefined();

    // A lease that ran (almost) out while the record waited is not used: the runner claims anew.
    clock = NOW + LEASE_MS - 1_000;
    expect(claims.take('b2')).toBeUndefined();
  });

  it('drops the record of a cancelled execution, so the runner claims it (and the cancelled row refuses)', () => {
    const claims = createPreclaims({ now: () => NOW, leaseMs: LEASE_MS, free: () => 10 });
    const rows = [row('x'), row('y')];
    for (const r of rows) claims.reserve(r);
    claims.hand(rows);
    claims.forget('x');
    expect(claims.take('x')).toBeUndefined();
    expect(claims.take('y')).toMatchObject({ id: 'y' });
  });

  it('leaves re-runs and rows that are not queued to the normal claim', () => {
    const claims = createPreclaims({ now: () => NOW, leaseMs: LEASE_MS, free: () => 10 });
    const rerun = row('r', 't1', { rerunOf: 'older' });
    const off = row('o', 't1', { status: 'not_run' });
    expect(claims.reserve(rerun)).toBe(false);
    expect(claims.reserve(off)).toBe(false);
    expect(rerun.status).toBe('queued');
    expect(off.status).toBe('not_run');
  });

  it('keeps the rows inserted queued for the runner, once, only when this process runs its queue', () => {
    let runs = true;
    const claims = createPreclaims({ now: () => NOW, leaseMs: LEASE_MS, free: () => 0, runsQueued: () => runs });
    const waiting = [row('q1'), row('q2'), row('q3'), row('re', 't1', { rerunOf: 'older' })];
    for (const r of waiting) expect(claims.reserve(r)).toBe(false);
    claims.hand([], waiting);
    expect(claims.waiting('q1')).toMatchObject({ id: 'q1', triggerData: { amount: 42 } });
    expect(claims.waiting('q1')).toBeUndefined();
    // A cancelled one is claimed the normal way (which refuses it); a re-run always is.
    claims.forget('q2');
    expect(claims.waiting('q2')).toBeUndefined();
    expect(claims.waiting('re')).toBeUndefined();
    expect(claims.waiting('q3')).toMatchObject({ id: 'q3' });

    // Without the in-process queue (BullMQ's workers run them), nothing is kept.
    runs = false;
    claims.hand([], [row('q4')]);
    expect(claims.waiting('q4')).toBeUndefined();
  });

  it('builds the record a claim answers for a row that waited: attempt 1, its claim time and lease', () => {
    const claimedAt = new Date(NOW + 2_000).toISOString();
    const leaseUntil = new Date(NOW + 2_000 + LEASE_MS).toISOString();
    const record = queuedRecord(row('q'), claimedAt, leaseUntil);
    expect(record).toMatchObject({
      id: 'q',
      status: 'running',
      attempt: 1,
      leaseUntil,
      startedAt: claimedAt,
      createdAt: new Date(NOW).toISOString(),
      triggerData: { amount: 42 },
    });
    expect(record.document).toEqual({ steps: [], links: [] });
  });
});
