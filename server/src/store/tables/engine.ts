/** Tables of the engine: executions, step runs and trigger events (dedupe keys). */
import type { JsonColumn } from '../json.js';

/** `executions`: one run of a workflow (its document: `workflow_versions` at its revision). */
export interface ExecutionsTable {
  id: string;
  tenant_id: string;
  workflow_id: string;
  /** The workflow revision it runs; its document is in `workflow_versions`. */
  workflow_revision: number;
  /** queued | running | waiting | succeeded | failed | filtered | cancelled | not_run. */
  status: string;
  /** webhook | schedule | polling | form | manual | replay. */
  trigger: string;
  /** The trigger step's output (JSON). */
  trigger_data: JsonColumn;
  /** Why the run failed (step name and reason), else null. */
  error: string | null;
  /** The trigger event's dedupe key, when it had one. */
  dedupe_key: string | null;
  /** When a waiting run resumes (ISO), else null. */
  resume_at: string | null;
  /** Until when the worker running it holds it (ISO); an expired lease is re-claimed. */
  lease_until: string | null;
  /** Resume bookkeeping (JSON object: delays already scheduled per step). */
  cursor: JsonColumn;
  /** How many times a worker claimed it. */
  attempt: number;
  /** The execution this one re-runs, else null. */
  rerun_of: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

/** `workflow_versions`: a workflow's document as executions ran it, once per revision. */
export interface WorkflowVersionsTable {
  workflow_id: string;
  revision: number;
  tenant_id: string;
  document: JsonColumn;
  created_at: string;
}

/** `step_runs`: one step's record in an execution. */
export interface StepRunsTable {
  execution_id: string;
  step_id: string;
  /** pending | running | waiting | succeeded | failed | skipped. */
  status: string;
  input: JsonColumn;
  output: JsonColumn;
  error: string | null;
  attempts: number;
  started_at: string | null;
  finished_at: string | null;
}

/** `trigger_events`: dedupe keys already seen per workflow (unique), with the execution they made. */
export interface TriggerEventsTable {
  workflow_id: string;
  dedupe_key: string;
  tenant_id: string;
  /** Null for keys recorded without a run (the first poll after activation). */
  execution_id: string | null;
  created_at: string;
}

/** Tables of the engine. */
export interface EngineTables {
  executions: ExecutionsTable;
  workflow_versions: WorkflowVersionsTable;
  step_runs: StepRunsTable;
  trigger_events: TriggerEventsTable;
  run_counts: RunCountsTable;
}

/**
 * `run_counts` (migration 0022): finished runs per workspace, UTC day of creation, workflow and
 * end status, kept by triggers on `executions` as runs end; retention leaves it alone.
 */
export interface RunCountsTable {
  tenant_id: string;
  /** YYYY-MM-DD (UTC) of the run's `created_at`. */
  day: string;
  workflow_id: string;
  status: string;
  count: number;
}
