/** The engine's rows as records, and the per-process caches of stored workflow documents (store/repos/engine.ts). */
import type { Kysely } from 'kysely';
import type { ExecutionStatus, ExecutionTrigger } from '../../kernel/contracts/engine.js';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** A stored execution. */
export interface ExecutionRecord {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowRevision: number;
  document: unknown;
  status: ExecutionStatus;
  trigger: ExecutionTrigger;
  triggerData: unknown;
  error: string | null;
  dedupeKey: string | null;
  resumeAt: string | null;
  leaseUntil: string | null;
  cursor: ExecutionCursor;
  attempt: number;
  rerunOf: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An execution in lists: no document. */
export type ExecutionSummaryRecord = Omit<ExecutionRecord, 'document' | 'cursor'>;

/** Resume bookkeeping kept in the execution row. */
export interface ExecutionCursor {
  /** Step id → when its delay ends (ISO): a delay already scheduled is not scheduled again. */
  delays?: Record<string, string>;
}

/** Step run statuses (the contract's StepRunStatus). */
export type StepRunStatus = 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'skipped';

/** A stored step run. */
export interface StepRunRecord {
  executionId: string;
  stepId: string;
  status: StepRunStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What a new execution row holds. */
export interface NewExecution {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowRevision: number;
  /** Already serialised document JSON (shared between the rows of one batch). */
  documentJson: string;
  status: ExecutionStatus;
  trigger: ExecutionTrigger;
  triggerData: unknown;
  dedupeKey: string | null;
  rerunOf?: string | null;
  now: string;
  /** Inserted already claimed by this process (status 'running'): its lease (engine/preclaim.ts). */
  claim?: { leaseUntil: string };
}

/** One execution to end, with its last step's record (see `finishMany`). */
export interface FinishItem {
  step: StepRunRecord | undefined;
  id: string;
  status: ExecutionStatus;
  error: string | null;
  now: string;
}

/**
 * A checkpoint between two steps of a running execution (see `renewMany`): its previous step's
 * record, and its lease's new end, or null when the lease still has long enough to run (then
 * the execution row is only read, to see whether it was cancelled).
 */
export interface RenewItem {
  step: StepRunRecord | undefined;
  id: string;
  leaseUntil: string | null;
  now: string;
}

/** Filters of {@link EngineRepo.list}. */
export interface ListFilter {
  since?: string;
  status?: ExecutionStatus;
  limit: number;
  /** Keyset position: the last row of the previous page. */
  before?: { createdAt: string; id: string };
}

/** The workflow fields the engine reads. */
export interface EngineWorkflow {
  id: string;
  tenantId: string;
  active: boolean;
  revision: number;
  document: unknown;
  /** The stored document text (SQLite) or its JSON, serialised once. */
  documentJson: string;
}

export const SUMMARY_COLUMNS = [
  'id',
  'tenant_id',
  'workflow_id',
  'workflow_revision',
  'status',
  'trigger',
  'trigger_data',
  'error',
  'dedupe_key',
  'resume_at',
  'lease_until',
  'attempt',
  'rerun_of',
  'started_at',
  'finished_at',
  'created_at',
  'updated_at',
] as const;

type SummaryRow = Pick<Database['executions'], (typeof SUMMARY_COLUMNS)[number]>;

export function toSummary(row: SummaryRow): ExecutionSummaryRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    workflowId: row.workflow_id,
    workflowRevision: Number(row.workflow_revision),
    status: row.status as ExecutionStatus,
    trigger: row.trigger as ExecutionTrigger,
    triggerData: readAny(row.trigger_data),
    error: row.error,
    dedupeKey: row.dedupe_key,
    resumeAt: row.resume_at,
    leaseUntil: row.lease_until,
    attempt: Number(row.attempt),
    rerunOf: row.rerun_of,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Maps an `executions` row with its version's document. */
export function toRecord(row: Database['executions'], document: unknown): ExecutionRecord {
  return {
    ...toSummary(row),
    document: document === null || document === undefined ? null : readJson(document),
    cursor: row.cursor === null ? {} : readJson<ExecutionCursor>(row.cursor),
  };
}

export function toStepRun(row: Database['step_runs']): StepRunRecord {
  return {
    executionId: row.execution_id,
    stepId: row.step_id,
    status: row.status as StepRunStatus,
    input: readAny(row.input),
    output: readAny(row.output),
    error: row.error,
    attempts: Number(row.attempts),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

// JSON columns hold any JSON here (trigger data, step outputs may be a string or a number),
// so scalars are wrapped: readJson would take a stored string for raw text.
/** Serialises any JSON value for a JSON column (scalars wrapped). */
export function writeAny(value: unknown): string {
  return writeJson({ v: value === undefined ? null : value });
}
export function readAny(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return (readJson<{ v: unknown }>(value) ?? { v: null }).v;
}

/** Entries kept by the per-process document caches below. */
export const DOCUMENT_CACHE_SIZE = 256;

/**
 * Stored `workflow_versions.document` values by `workflowId:revision`. A version row is written
 * once and never changed, so every process may keep it: a claim then costs one statement.
 */
export const versionDocuments = new Map<string, unknown>();

/**
 * Workflow documents by `workflowId:revision`, as read from `workflows` (the webhook hot path
 * reads only the row's head and takes the document from here while the revision is the same).
 * Activation is a write of the workflow (the workflows repository's `setActive` bumps the
 * revision), so a switch ON or OFF never reuses an entry; the engine still reads `active` from
 * the column, not from the document.
 */
export const workflowDocuments = new Map<string, { stored: unknown; json: string }>();

export function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= DOCUMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/** The document of a workflow version, from the cache or one read. */
export function createVersionDocuments(
  db: Kysely<Database>,
): (workflowId: string, revision: number) => Promise<unknown> {
  return async (workflowId: string, revision: number) => {
    const key = `${workflowId}:${revision}`;
    if (versionDocuments.has(key)) return versionDocuments.get(key);
    const document =
      (
        await db
          .selectFrom('workflow_versions')
          .select('document')
          .where('workflow_id', '=', workflowId)
          .where('revision', '=', revision)
          .executeTakeFirst()
      )?.document ?? null;
    if (document !== null) remember(versionDocuments, key, document);
    return document;
  };
}

/** A workflow row and its cached document as the engine sees it (the document parsed on first use). */
export function toWorkflow(
  row: { id: string; tenant_id: string; active: number; revision: number },
  doc: { stored: unknown; json: string },
): EngineWorkflow {
  let parsed: unknown;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    active: Number(row.active) === 1,
    revision: Number(row.revision),
    // Parsed on first use: the webhook hot path only copies the text into the execution.
    get document() {
      parsed ??= typeof doc.stored === 'string' ? readJson(doc.stored) : structuredClone(doc.stored);
      return parsed;
    },
    documentJson: doc.json,
  };
}
