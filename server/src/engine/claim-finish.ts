/**
 * The runner's claims and finishes, batched by event-loop turn: on PostgreSQL the claims of one
 * turn share one UPDATE … RETURNING and the finishes one statement; elsewhere (SQLite) each
 * joins a group-committed write round of ./batcher.ts.
 */
import type { ExecutionRecord, FinishItem, RenewItem } from '../store/repos/engine.js';
import type { WriteBatcher } from './batcher.js';

/** What the batching needs. */
export interface ClaimFinishDeps {
  write: WriteBatcher;
  /** Current time, epoch ms. */
  now: () => number;
  /** How long a claim holds the execution, ms. */
  leaseMs: number;
}

/**
 * Builds `claim` (answers the row it took, or undefined), `renewOne` (answers whether the
 * execution is still running) and `finishOne` (answers whether it ended the execution).
 */
export function createClaimFinish(deps: ClaimFinishDeps) {
  const iso = (ms: number) => new Date(ms).toISOString();

  /**
   * Claims. The claim answers the row it took, so one statement claims and loads. On
   * PostgreSQL it commits by itself, and the claims of one event-loop turn share one
   * UPDATE … RETURNING (a burst of executions costs one round trip, not one each); elsewhere
   * each claim joins a group-committed write round.
   */
  const claims = new Map<string, ((record: ExecutionRecord | undefined) => void)[]>();
  let claimFailures: ((error: unknown) => void)[] = [];
  function claim(executionId: string): Promise<ExecutionRecord | undefined> {
    const claimedAt = deps.now();
    if (!deps.write.autocommit) {
      return deps.write.direct((r) => r.claim(executionId, iso(claimedAt), iso(claimedAt + deps.leaseMs)));
    }
    return new Promise((resolve, reject) => {
      const first = claims.size === 0;
      claims.set(executionId, [...(claims.get(executionId) ?? []), resolve]);
      claimFailures.push(reject);
      if (first) setImmediate(claimBatch);
    });
  }
  function claimBatch(): void {
    const batch = new Map(claims);
    const failures = claimFailures;
    claims.clear();
    claimFailures = [];
    const at = deps.now();
    deps.write
      .direct((r) => r.claimMany([...batch.keys()], iso(at), iso(at + deps.leaseMs)))
      .then(
        (records) => {
          const byId = new Map(records.map((record) => [record.id, record]));
          for (const [id, waiters] of batch) {
            // The same id twice in one turn: only the first waiter gets the row.
            for (const [i, settle] of waiters.entries()) settle(i === 0 ? byId.get(id) : undefined);
          }
        },
        (error: unknown) => {
          for (const fail of failures) fail(error);
        },
      );
  }

  /**
   * Ends an execution with its last step's record. On PostgreSQL the executions that end in
   * one event-loop turn share one statement; if it fails, each is ended on its own.
   */
  let finishing: { item: FinishItem; resolve: (ended: boolean) => void; reject: (error: unknown) => void }[] = [];
  function finishOne(item: FinishItem): Promise<boolean> {
    const alone = () =>
      deps.write.direct((r) => r.finishWithStep(item.step, item.id, item.status, item.error, item.now));
    if (!deps.write.autocommit) return alone();
    return new Promise((resolve, reject) => {
      finishing.push({ item, resolve, reject });
      if (finishing.length === 1) setImmediate(finishBatch);
    });
  }
  function finishBatch(): void {
    const batch = finishing;
    finishing = [];
    deps.write
      .direct((r) => r.finishMany(batch.map((b) => b.item)))
      .then(
        (ended) => {
          for (const b of batch) b.resolve(ended.has(b.item.id));
        },
        () => {
          for (const { item, resolve, reject } of batch) {
            deps.write
              .direct((r) => r.finishWithStep(item.step, item.id, item.status, item.error, item.now))
              .then(resolve, reject);
          }
        },
      );
  }

  /**
   * Extends a lease between steps with the previous step's record. On PostgreSQL the renewals
   * of one event-loop turn share one statement (a chain of N steps costs N − 1 of them per
   * execution, so a burst of executions would otherwise queue on the pool); if it fails, each
   * is renewed on its own.
   */
  let renewing: { item: RenewItem; resolve: (running: boolean) => void; reject: (error: unknown) => void }[] = [];
  function renewOne(item: RenewItem): Promise<boolean> {
    if (!deps.write.autocommit) {
      return deps.write.direct((r) => r.renewWithStep(item.step, item.id, item.leaseUntil, item.now));
    }
    return new Promise((resolve, reject) => {
      renewing.push({ item, resolve, reject });
      if (renewing.length === 1) setImmediate(renewBatch);
    });
  }
  function renewBatch(): void {
    const batch = renewing;
    renewing = [];
    deps.write
      .direct((r) => r.renewMany(batch.map((b) => b.item)))
      .then(
        (running) => {
          for (const b of batch) b.resolve(running.has(b.item.id));
        },
        () => {
          for (const { item, resolve, reject } of batch) {
            deps.write
              .direct((r) => r.renewWithStep(item.step, item.id, item.leaseUntil, item.now))
              .then(resolve, reject);
          }
        },
      );
  }

  return { claim, renewOne, finishOne };
}
