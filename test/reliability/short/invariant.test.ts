/**
 * The accounting invariant itself: it must catch what the scenarios look for (a lost
 * acknowledgement, a duplicate, a stranded or phantom execution, a missing or repeated effect)
 * and accept what is allowed (a cut request recorded once or not at all).
 */
import { describe, expect, it } from 'vitest';
import { account, accountEffects, assertAccounted, createLedger, type ExecutionRow } from '../support/invariant.js';

function ledgerOf(acked: [number, string][], cut: number[] = []) {
  const ledger = createLedger();
  for (const [seq, id] of acked) {
    ledger.sent.add(seq);
    ledger.acked.set(seq, id);
  }
  for (const seq of cut) {
    ledger.sent.add(seq);
    ledger.cut += 1;
  }
  return ledger;
}

describe('the accounting invariant', () => {
  const rows: ExecutionRow[] = [
    { id: 'e1', status: 'succeeded', seq: 1 },
    { id: 'e2', status: 'queued', seq: 2 },
  ];

  it('holds when each acknowledged event has its execution, and a cut one was recorded once', () => {
    const result = account(ledgerOf([[1, 'e1']], [2]), rows);
    expect(result).toMatchObject({ lost: 0, duplicates: 0, stranded: 0, phantoms: 0, cutButRecorded: 1, resumable: 1 });
    expect(() => assertAccounted(result)).not.toThrow();
  });

  it('counts a lost acknowledgement', () => {
    const result = account(
      ledgerOf([
        [1, 'e1'],
        [3, 'e3'],
      ]),
      rows.slice(0, 1),
    );
    expect(result.lost).toBe(1);
    expect(() => assertAccounted(result)).toThrow('acknowledged seq 3 (execution e3) has no execution');
  });

  it('counts two executions for one event, and one execution answered twice', () => {
    const twice = account(ledgerOf([[1, 'e1']]), [...rows.slice(0, 1), { id: 'e9', status: 'succeeded', seq: 1 }]);
    expect(twice.duplicates).toBe(1);
    const shared = account(
      ledgerOf([
        [1, 'e1'],
        [2, 'e1'],
      ]),
      rows,
    );
    expect(shared.violations).toContain('execution e1 was answered for seq 1 and seq 2');
  });

  it('counts stranded, phantom and (when draining) unfinished executions', () => {
    const result = account(
      ledgerOf([
        [1, 'e1'],
        [2, 'e2'],
      ]),
      [...rows, { id: 'e5', status: 'limbo', seq: 1 }, { id: 'e6', status: 'succeeded', seq: 77 }],
      { requireFinished: true },
    );
    expect(result).toMatchObject({ stranded: 1, phantoms: 1 });
    expect(result.violations).toContain('execution e2 is still queued');
  });

  it('counts effects by Idempotency-Key: one per succeeded run, calls bounded', () => {
    const effects = { calls: new Map([['e1:st', 2]]), unkeyed: 0 };
    const ok = accountEffects(effects, [{ id: 'e1', status: 'succeeded', seq: 1 }], { stepId: 'st', maxCalls: 2 });
    expect(ok).toMatchObject({ calls: 2, effects: 1, maxCallsPerKey: 2, violations: [] });
    const missing = accountEffects(effects, [{ id: 'e2', status: 'succeeded', seq: 2 }], { stepId: 'st', maxCalls: 1 });
    expect(missing.violations).toEqual([
      'key e1:st was called 2 times',
      'succeeded execution e2 has no effect at the target',
    ]);
  });
});
