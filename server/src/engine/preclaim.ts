/**
 * Claim at ingest. With the in-process queue, a new execution that will start at once (a slot
 * is free for its workspace and nothing waits before it) is inserted already claimed by this
 * process — status 'running', a lease, attempt 1 — and its record is handed to the runner in
 * memory: the runner skips the claim statement (an UPDATE … RETURNING touching two indexes,
 * about a tenth of the embedded engine's CPU per webhook).
 *
 * Safety: the row is on disk as 'running' with a lease before the caller is answered, exactly
 * as a claim would have left it. If the process stops before the run, the next start requeues
 * its running executions (`requeueRunning`, one process owns the embedded queue), and a lease
 * that ran out while the record waited is claimed again the normal way (`take` answers
 * nothing then). A record handed over is used once.
 *
 * The new executions that wait for a slot are inserted 'queued' as before; their rows stay here
 * too (`waiting`), so when a slot frees the runner claims one with a plain conditional UPDATE
 * and builds its record from memory, instead of an UPDATE … RETURNING whose row it turns back
 * into a record (at 50 connections from one workspace, half of the webhooks wait for a slot).
 * A row claimed meanwhile by another path, or cancelled, fails that UPDATE and is claimed the
 * normal way, which refuses it.
 */
import { readJson } from '../store/json.js';
import type { ExecutionRecord, NewExecution } from '../store/repos/engine.js';

/** What the pre-claims need. */
export interface PreclaimDeps {
  /** Current time, epoch ms. */
  now: () => number;
  /** How long a claim holds the execution, ms. */
  leaseMs: number;
  /** How many of this workspace's executions would start right now (0: they would wait). */
  free: (tenantId: string) => number;
  /** Whether this process runs the executions it queues (the in-process queue): only then are waiting rows kept. */
  runsQueued?: () => boolean;
}

/** A lease this close to its end is not used: the execution is claimed again instead. */
const LEASE_MARGIN_MS = 5_000;
/** Records kept at most (each is used within a moment of its ingest). */
const MAX_RECORDS = 10_000;

/** The ingest side (`reserve`, `release`, `hand`) and the runner's (`take`). */
export interface Preclaims {
  /**
   * Marks `row` claimed when one of its workspace's free slots is not yet promised to another
   * new execution; answers whether it did. The row is then inserted as running.
   */
  reserve(row: NewExecution): boolean;
  /** Gives back the slots of rows whose insert did not commit. */
  release(rows: NewExecution[]): void;
  /**
   * After the commit: the claimed rows' records for the runner (and their slots stop being
   * promised), and the rows inserted queued (`waiting`), kept for {@link Preclaims.waiting}.
   */
  hand(rows: NewExecution[], waiting?: NewExecution[]): void;
  /** The runner's side: a fresh row inserted queued by this process, once (see {@link queuedRecord}). */
  waiting(executionId: string): NewExecution | undefined;
  /** The runner's side: the claimed record of this execution, once, while its lease holds. */
  take(executionId: string): ExecutionRecord | undefined;
  /**
   * Drops a record not yet taken (the execution was cancelled): the runner then claims it the
   * normal way, which a cancelled row refuses, so none of its steps runs.
   */
  forget(executionId: string): void;
}

/** Builds the pre-claims. */
export function createPreclaims(deps: PreclaimDeps): Preclaims {
  /** Slots promised to rows inserted but not yet handed over, by workspace. */
  const promised = new Map<string, number>();
  const records = new Map<string, ExecutionRecord>();
  const queued = new Map<string, NewExecution>();
  const unpromise = (rows: NewExecution[]) => {
    for (const row of rows) {
      const left = (promised.get(row.tenantId) ?? 1) - 1;
      if (left > 0) promised.set(row.tenantId, left);
      else promised.delete(row.tenantId);
    }
  };

  return {
    reserve(row) {
      const taken = promised.get(row.tenantId) ?? 0;
      if (row.status !== 'queued' || (row.rerunOf ?? null) !== null || records.size >= MAX_RECORDS) return false;
      if (deps.free(row.tenantId) - taken <= 0) return false;
      promised.set(row.tenantId, taken + 1);
      const at = Date.parse(row.now);
      row.status = 'running';
      row.claim = { leaseUntil: new Date(at + deps.leaseMs).toISOString() };
      return true;
    },
    release: unpromise,
    hand(rows, waiting = []) {
      unpromise(rows);
      for (const row of rows) records.set(row.id, claimedRecord(row));
      if (!deps.runsQueued?.()) return;
      for (const row of waiting) {
        if (row.status !== 'queued' || (row.rerunOf ?? null) !== null) continue;
        // Oldest first out when full: such a row is then claimed the normal way.
        if (queued.size >= MAX_RECORDS) queued.delete(queued.keys().next().value as string);
        queued.set(row.id, row);
      }
    },
    waiting(executionId) {
      const row = queued.get(executionId);
      queued.delete(executionId);
      return row;
    },
    take(executionId) {
      const record = records.get(executionId);
      if (!record) return undefined;
      records.delete(executionId);
      return Date.parse(record.leaseUntil as string) - deps.now() > LEASE_MARGIN_MS ? record : undefined;
    },
    forget(executionId) {
      records.delete(executionId);
      queued.delete(executionId);
    },
  };
}

/**
 * The record a claim answers for a row inserted queued by this process and claimed with
 * `claimQueued` (attempt 0 → 1, its lease from that claim).
 */
export function queuedRecord(row: NewExecution, claimedAt: string, leaseUntil: string): ExecutionRecord {
  return claimedRecord({ ...row, claim: { leaseUntil } }, claimedAt);
}

/** The record a claim would have answered for a row inserted claimed. */
function claimedRecord(row: NewExecution, startedAt = row.now): ExecutionRecord {
  let document: unknown;
  const text = row.documentJson;
  const record: ExecutionRecord = {
    id: row.id,
    tenantId: row.tenantId,
    workflowId: row.workflowId,
    workflowRevision: row.workflowRevision,
    document: undefined,
    status: 'running',
    trigger: row.trigger,
    triggerData: row.triggerData,
    error: null,
    dedupeKey: row.dedupeKey,
    resumeAt: null,
    leaseUntil: row.claim?.leaseUntil ?? null,
    cursor: {},
    attempt: 1,
    rerunOf: null,
    startedAt,
    finishedAt: null,
    createdAt: row.now,
    updatedAt: row.now,
  };
  // The runner compiles a plan once per workflow revision: parse the document only when asked.
  Object.defineProperty(record, 'document', {
    enumerable: true,
    get() {
      document ??= readJson(text);
      return document;
    },
  });
  return record;
}
