/**
 * Ingest (issue 4 item 8): trigger events become execution rows in one transaction before
 * anything is acknowledged. Concurrent calls share one commit (./batcher.ts), so a burst of
 * webhooks costs one transaction and one fsync, not one per request, while each caller still
 * waits until its own rows are on disk.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../errors.js';
import type { IngestEvent, IngestOutcome } from '../services/contracts/engine.js';
import type { Database } from '../store/database.js';
import { inTransaction } from '../store/repos/transaction.js';
import type { WriteBatcher } from './batcher.js';
import { createEngineRepo, type EngineWorkflow, type NewExecution, type StepRunRecord } from './repo.js';

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
  /** Called after the commit with the executions to run. */
  enqueue: (executionIds: string[]) => void;
}

/**
 * Builds ingest. Each call answers one outcome per event, in order, once its rows are
 * durable; an event naming a workflow that does not exist (in its tenant) fails the call with
 * a 404 Problem. Concurrent calls share a commit through the write batcher (group commit).
 */
export function createIngest(deps: IngestDeps) {
  async function commit(events: InternalEvent[]) {
    const at = new Date(deps.now()).toISOString();
    const write: WriteBatcher = deps.write ?? ((work) => inTransaction(deps.db, (trx) => work(createEngineRepo(trx))));
    return write(
      async (repo) => {
        const workflows = new Map<string, EngineWorkflow | undefined>();
        const results: (IngestOutcome | Error)[] = [];
        const rows: NewExecution[] = [];
        const copies: StepRunRecord[] = [];
        for (const event of events) {
          const cacheKey = `${event.tenantId}\u0000${event.workflowId}`;
          if (!workflows.has(cacheKey)) {
            const hint = event.workflow?.id === event.workflowId && event.workflow.tenantId === event.tenantId;
            workflows.set(cacheKey, hint ? event.workflow : await repo.findWorkflow(event.workflowId, event.tenantId));
          }
          const workflow = workflows.get(cacheKey);
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
          rows.push({
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
          });
          for (const run of event.copySteps ?? []) copies.push({ ...run, executionId });
          results.push({ status: 'accepted', executionId, executionStatus: status });
        }
        await repo.insertExecutions(rows);
        for (const run of copies) await repo.saveStepRun(run);
        return { results, toEnqueue: rows.filter((r) => r.status === 'queued').map((r) => r.id) };
      },
      { durable: true },
    );
  }

  return async function ingest(events: InternalEvent[]): Promise<IngestOutcome[]> {
    if (events.length === 0) return [];
    const { results, toEnqueue } = await commit(events);
    const failure = results.find((o): o is Error => o instanceof Error);
    if (failure) throw failure;
    if (toEnqueue.length > 0) deps.enqueue(toEnqueue);
    return results as IngestOutcome[];
  };
}
