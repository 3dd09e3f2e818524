/**
 * The engine's repository: executions, step runs and trigger events. Every API-facing read
 * takes the tenant id; the runner and the reconciler work by execution id (server-internal).
 */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../database.js';
import { createEngineIngest } from './engine-ingest.js';
import { createEngineLifecycle } from './engine-lifecycle.js';
import { createEngineReads } from './engine-reads.js';

/** The engine repository over a database or a transaction: ingest writes, the lifecycle and the reads. */
export function createEngineRepo(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  return { ...createEngineIngest(db, dialect), ...createEngineLifecycle(db, dialect), ...createEngineReads(db) };
}

/** The engine repository. */
export type EngineRepo = ReturnType<typeof createEngineRepo>;

/** The repository methods the engine's group-committed writes use. */
export type EngineWriter = Pick<
  EngineRepo,
  | 'findWorkflow'
  | 'findHookWorkflow'
  | 'insertTriggerEvent'
  | 'findTriggerEvent'
  | 'insertExecutions'
  | 'saveStepRun'
  | 'claim'
  | 'claimMany'
  | 'finish'
  | 'finishWithStep'
  | 'finishMany'
  | 'wait'
  | 'renewLease'
  | 'claimQueued'
  | 'isRunning'
  | 'renewWithStep'
  | 'renewMany'
>;

export type {
  EngineWorkflow,
  ExecutionCursor,
  ExecutionRecord,
  ExecutionSummaryRecord,
  FinishItem,
  RenewItem,
  ListFilter,
  NewExecution,
  StepRunRecord,
  StepRunStatus,
} from './engine-rows.js';
export { readAny as readStoredValue, toRecord, writeAny } from './engine-rows.js';
