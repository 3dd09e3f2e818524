/**
 * Ingest: trigger events become execution rows in one transaction before
 * anything is acknowledged. Concurrent calls share one commit (./batcher.ts), so a burst of
 * webhooks costs one transaction and one fsync, not one per request, while each caller still
 * waits until its own rows are on disk.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../kernel/errors.js';
import type { IngestEvent, IngestOutcome } from '../kernel/contracts/engine.js';
import type { Database } from '../store/database.js';
import { inTransaction } from '../store/repos/transaction.js';
import type { WriteBatcher } from './batcher.js';
import type { Preclaims } from './preclaim.js';
import { createEngineRepo, type EngineWorkflow, type NewExecution, type StepRunRecord } from '../store/repos/engine.js';

/** One event to record, with options only the engine itself uses. */
export interface InternalEvent extends IngestEvent {
  /** Queue the run even when the workflow is OFF (replay and re-run from the history). */
  force?: boolean;
  /** Run this document instead of the workflow's current one (re-run with the original version). */
  document?: { json: string; revision: number };
  /** The execution this one re-runs. */
  rerunOf?: string;
  /**
   * The workflow as the caller just read it (the webhook route): saves reading it again in the
   * transaction. Its revision and document still go together, as they came from one row.
   */
  workflow?: EngineWorkflow;
  /** Step runs to copy into the new execution (a re-run keeps the outputs of the steps before its start). */
  copySteps?: StepRunRecord[];
}

/** What ingest needs. */
export interface IngestDeps {
  db: Kysely<Database>;
  /** Group commit shared with the runner (SQLite); the ingest transaction joins its round. */
  write?: WriteBatcher;
  now: () => number;
  newId: () => string;
  /** Called after the commit with the executions to run, per workspace. */
  enqueue: (executionIds: string[], tenantId: string) => void;
  /** Inserts executions that will start at once already claimed (the in-process queue). */
  preclaims?: Preclaims;
}

/**
 * Builds ingest. Each call answers one outcome per event, in order, once its rows are
 * durable; an event naming a workflow that does not exist (in its tenant) fails the call with
 * a 404 Problem. Concurrent calls share a commit through the write batcher (group commit).
 */
export function createIngest(deps: IngestDeps) {
  /** Workflow versions stored by this process's direct (one statement each) writes. */
  const knownVersions = new Set<string>();
  const inTrx = <T>(work: (repo: ReturnType<typeof createEngineRepo>) => Promise<T>) =>
    inTransaction(deps.db, (trx) => work(createEngineRepo(trx)));

  async function commit(events: InternalEvent[]) {
    const at = new Date(deps.now()).toISOString();
    // Events without a dedupe key or copied steps only insert executions (one statement, after
    // the idempotent insert of a new workflow version): no transaction is needed for them.
    const simple = events.every((e) => e.dedupeKey === undefined && !e.copySteps?.length);
    const write = deps.write ? (simple ? deps.write.direct : deps.write) : inTrx;
    const known = simple && deps.write?.autocommit ? knownVersions : undefined;
    /** Rows this attempt inserts claimed (a failed shared round runs the work again alone). */
    let claimed: NewExecution[] = [];
    const work = write(
      async (repo) => {
        deps.preclaims?.release(claimed);
        claimed = [];
        const workflows = new Map<string, EngineWorkflow | undefined>();
        const results: (IngestOutcome | Error)[] = [];
        const rows: NewExecution[] = [];
        const copies: StepRunRecord[] = [];
        for (const event of events) {
          // A caller's own read goes with its event (coalesced calls may have read different revisions).
          const hint = event.workflow?.id === event.workflowId && event.workflow.tenantId === event.tenantId;
          const cacheKey = `${event.tenantId}\u0000${event.workflowId}`;
          if (!hint && !workflows.has(cacheKey)) {
            workflows.set(cacheKey, await repo.findWorkflow(event.workflowId, event.tenantId));
          }
          const workflow = hint ? event.workflow : workflows.get(cacheKey);
          if (!workflow) {
            results.push(notFound('Workflow'));
            continue;
          }
          const executionId = event.recordOnly ? null : deps.newId();
          if (event.dedupeKey !== undefined) {
            const fresh = await repo.insertTriggerEvent({
              workflowId: workflow.id,
              dedupeKey: event.dedupeKey,
              tenantId: workflow.tenantId,
              executionId,
              now: at,
            });
            if (!fresh) {
              const seen = await repo.findTriggerEvent(workflow.id, event.dedupeKey);
              results.push({ status: 'duplicate', ...(seen?.executionId ? { executionId: seen.executionId } : {}) });
              continue;
            }
          }
          if (executionId === null) {
            results.push({ status: 'recorded' });
            continue;
          }
          const status = workflow.active || event.force ? 'queued' : 'not_run';
          const row: NewExecution = {
            id: executionId,
            tenantId: workflow.tenantId,
            workflowId: workflow.id,
            workflowRevision: event.document?.revision ?? workflow.revision,
            documentJson: event.document?.json ?? workflow.documentJson,
            status,
            trigger: event.trigger,
            triggerData: event.triggerData,
            dedupeKey: event.dedupeKey ?? null,
            rerunOf: event.rerunOf ?? null,
            now: at,
          };
          if (deps.preclaims?.reserve(row)) claimed.push(row);
          rows.push(row);
          for (const run of event.copySteps ?? []) copies.push({ ...run, executionId });
          results.push({ status: 'accepted', executionId, executionStatus: status });
        }
        await repo.insertExecutions(rows, known);
        for (const run of copies) await repo.saveStepRun(run);
        return { results, toEnqueue: rows.filter((r) => r.status === 'queued' || r.claim), claimed };
      },
      { durable: true },
    );
    return work.catch((error: unknown) => {
      deps.preclaims?.release(claimed);
      throw error;
    });
  }

  /** Answers one call's outcomes (its first failure is thrown to it alone). */
  function settle(call: Call, results: (IngestOutcome | Error)[]): void {
    const failure = results.find((o): o is Error => o instanceof Error);
    if (failure) call.reject(failure);
    else call.resolve(results as IngestOutcome[]);
  }

  /**
   * Commits the events of concurrent calls together: one statement (PostgreSQL) or one group
   * round (SQLite) for a burst of webhooks instead of one per request. When the shared commit
   * fails, each call is committed alone, so only the culprit fails.
   */
  async function round(group: Call[]): Promise<void> {
    try {
      const { results, toEnqueue, claimed } = await commit(group.flatMap((c) => c.events));
      deps.preclaims?.hand(
        claimed,
        toEnqueue.filter((row) => row.status === 'queued'),
      );
      const byTenant = new Map<string, string[]>();
      for (const row of toEnqueue) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row.id]);
      for (const [tenantId, ids] of byTenant) deps.enqueue(ids, tenantId);
      let at = 0;
      for (const call of group) {
        settle(call, results.slice(at, at + call.events.length));
        at += call.events.length;
      }
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return;
      }
      await Promise.all(group.map((call) => round([call])));
    }
  }

  let pending: Call[] = [];
  let rounds = 0;
  let scheduled = false;
  // A few rounds in flight: PostgreSQL commits them concurrently; on SQLite the batcher runs
  // them one after the other, but a round need not wait for the previous one's WAL fsync.
  const maxRounds = MAX_ROUNDS;
  function kick(): void {
    while (rounds < maxRounds && pending.length > 0) {
      const group = pending;
      pending = [];
      rounds += 1;
      void round(group).finally(() => {
        rounds -= 1;
        kick();
      });
    }
  }

  return function ingest(events: InternalEvent[]): Promise<IngestOutcome[]> {
    if (events.length === 0) return Promise.resolve([]);
    return new Promise<IngestOutcome[]>((resolve, reject) => {
      pending.push({ events, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      // Let the calls of this turn of the event loop join the round.
      setImmediate(() => {
        scheduled = false;
        kick();
      });
    });
  };
}

/** One ingest call waiting for its round. */
interface Call {
  events: InternalEvent[];
  resolve: (outcomes: IngestOutcome[]) => void;
  reject: (error: unknown) => void;
}

/** Ingest rounds in flight at once. */
const MAX_ROUNDS = 4;
