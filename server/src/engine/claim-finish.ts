/**
 * The runner's claims and finishes, batched by event-loop turn: on PostgreSQL the claims of one
 * turn share one UPDATE … RETURNING and the finishes one statement; elsewhere (SQLite) each
 * joins a group-committed write round of ./batcher.ts.
 */
import type { EngineWriter, ExecutionRecord, FinishItem, RenewItem } from '../store/repos/engine.js';
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
   * Runs one write per item, answering whether each item's execution was still running. On
   * PostgreSQL the items of one event-loop turn share one statement (`many`, answering the ids
   * it changed); if it fails, each runs on its own (`one`), so only a culprit fails. Elsewhere
   * each item joins a group-committed round on its own.
   */
  function perTurn<I extends { id: string }>(
    many: (writer: EngineWriter, items: I[]) => Promise<Set<string>>,
    one: (writer: EngineWriter, item: I) => Promise<boolean>,
  ): (item: I) => Promise<boolean> {
    let pending: { item: I; resolve: (done: boolean) => void; reject: (error: unknown) => void }[] = [];
    const alone = (item: I) => deps.write.direct((r) => one(r, item));
    function flush(): void {
      const batch = pending;
      pending = [];
      deps.write
        .direct((r) => many(r, batch.map((b) => b.item)))
        .then(
          (changed) => {
            for (const b of batch) b.resolve(changed.has(b.item.id));
          },
          () => {
            for (const { item, resolve, reject } of batch) alone(item).then(resolve, reject);
          },
        );
    }
    return (item) => {
      if (!deps.write.autocommit) return alone(item);
      return new Promise((resolve, reject) => {
        pending.push({ item, resolve, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    };
  }

  /** Ends an execution with its last step's record; false when it was cancelled meanwhile. */
  const finishOne = perTurn<FinishItem>(
    (r, items) => r.finishMany(items),
    (r, i) => r.finishWithStep(i.step, i.id, i.status, i.error, i.now),
  );

  /**
   * Extends a lease between steps with the previous step's record; false when the execution
   * was cancelled. Batched on PostgreSQL as the finishes are: a chain of N steps costs N − 1
   * renewals per execution, so a burst of executions would otherwise queue on the pool.
   */
  const renewOne = perTurn<RenewItem>(
    (r, items) => r.renewMany(items),
    (r, i) => r.renewWithStep(i.step, i.id, i.leaseUntil, i.now),
  );

  return { claim, renewOne, finishOne };
}
