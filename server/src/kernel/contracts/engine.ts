/**
 * Executions: ingest, runs, replay, re-run, cancel, listing. Implemented
 * in `server/src/engine/index.ts`. Triggers (schedules, polling), forms
 * and the webhook route create executions ONLY through `ingest`, which commits the trigger
 * event, its dedupe key and the execution row in one transaction before anything is
 * acknowledged: every acknowledged event has exactly one execution.
 */
import type { AuthContext } from '../views.js';

/** Execution statuses. `not_run`: recorded while the workflow was OFF (test listening, form submissions). */
export type ExecutionStatus =
  | 'queued'
  | 'running'
  | 'waiting'
  | 'succeeded'
  | 'failed'
  | 'filtered'
  | 'cancelled'
  | 'not_run';

/** What started an execution. */
export type ExecutionTrigger = 'webhook' | 'schedule' | 'polling' | 'form' | 'manual' | 'replay' | 'failure';

/** One trigger event to record. */
export interface IngestEvent {
  tenantId: string;
  workflowId: string;
  trigger: ExecutionTrigger;
  /** The trigger step's output: what later steps reference as `${triggerStepId.…}`. */
  triggerData: unknown;
  /**
   * Optional idempotency key, unique per workflow: an event whose key was already recorded is
   * skipped (no second execution). Polling passes `poll:{stepId}:{item key}`, schedules
   * `schedule:{tick ISO}`, webhooks an `Idempotency-Key` header when the caller sends one.
   */
  dedupeKey?: string;
  /**
   * Record the dedupe key only, create no execution (the first poll after activation
   * remembers what exists without firing).
   */
  recordOnly?: boolean;
}

/** The outcome of one ingested event, in input order. */
export type IngestOutcome =
  | { status: 'accepted'; executionId: string; executionStatus: 'queued' | 'not_run' }
  | {
      status: 'duplicate' /** The execution the first event with this key created, if it created one. */;
      executionId?: string;
    }
  | { status: 'recorded' };

/**
 * The engine's service. Methods taking `ctx` are tenant-scoped API calls (another tenant's
 * workflow or execution is a 404); `ingest` and `receiveWebhook` are server-internal/anonymous.
 */
/** An execution in lists (the contract's ExecutionSummary). */
export interface ExecutionSummaryView {
  id: string;
  workflowId: string;
  workflowRevision: number;
  status: ExecutionStatus;
  trigger: ExecutionTrigger;
  /** When it was recorded (`createdAt`) until a worker starts it. */
  startedAt: string;
  finishedAt: string | null;
  triggerData?: unknown;
  error?: string;
  rerunOf?: string;
}

/** One step's record (the contract's StepRun). */
export interface StepRunView {
  stepId: string;
  status: 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'skipped';
  input: unknown;
  output: unknown;
  error?: string;
  attempts: number;
  startedAt?: string;
  finishedAt?: string;
}

/** One execution with the document it ran and its steps (the contract's Execution). */
export interface ExecutionView extends ExecutionSummaryView {
  workflowName: string;
  /** The published version it ran, when it ran one. */
  version?: number;
  /** It ran the draft (a manual run from the editor of a workflow that is ON). */
  ranDraft?: boolean;
  document: unknown;
  steps: StepRunView[];
}

/** Filters of listExecutions; `cursor` is the previous page's `nextCursor`. */
export interface ListExecutionsQuery {
  since?: string;
  status?: ExecutionStatus;
  limit?: number;
  cursor?: string;
}

/** A page of executions, newest first. */
export interface ExecutionPage {
  items: ExecutionSummaryView[];
  nextCursor?: string;
}

/** Which document a re-run uses. */
export interface RerunInput {
  fromStepId: string;
  version: 'original' | 'latest';
}

export interface EngineService {
  /**
   * Records events atomically (events, dedupe keys, executions in one transaction) and
   * enqueues the accepted ones. An inactive workflow's events are recorded as `not_run`
   * executions (so the editor's listening test and the executions list see them) and not run.
   */
  ingest(events: IngestEvent[]): Promise<IngestOutcome[]>;

  /**
   * POST /hooks/{key} (anonymous): the key is the workflow's own random webhook key (never its
   * id); only a Webhook trigger or an app's instant trigger takes it. Records the body (or the
   * trigger's pick-off key; a list starts one run per item) and answers the first execution id.
   * 404 unknown key or a trigger that takes no webhooks (schedule, form, polling); 429 (retryAfter) when the workflow's queue is full; an `idempotencyKey`
   * seen before answers the execution it created.
   */
  receiveWebhook(key: string, body: unknown, opts?: { idempotencyKey?: string }): Promise<{ executionId: string }>;
  /** Manual run: 409 'Workflow must be ACTIVE' when OFF; `payload` or the trigger's sample. */
  runWorkflow(ctx: AuthContext, workflowId: string, payload?: unknown): Promise<{ executionId: string }>;
  /** A workflow's executions, newest first. */
  listExecutions(ctx: AuthContext, workflowId: string, query?: ListExecutionsQuery): Promise<ExecutionPage>;
  /** One execution with its steps. */
  getExecution(ctx: AuthContext, executionId: string): Promise<ExecutionView>;
  /** Runs the current workflow again with this execution's trigger data (a new execution). */
  replayExecution(ctx: AuthContext, executionId: string): Promise<{ executionId: string }>;
  /** Runs again from a step: the steps before it keep their recorded outputs. */
  rerunExecution(ctx: AuthContext, executionId: string, input: RerunInput): Promise<{ executionId: string }>;
  /** Cancels a queued, waiting or running execution (409 otherwise); a running one stops before its next step. */
  cancelExecution(ctx: AuthContext, executionId: string): Promise<ExecutionSummaryView>;
}
