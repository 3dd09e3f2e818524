/**
 * The execution replay viewer's rules without React (onboarding 2 "Execution replay page",
 * 4 "Replay", 8): the run time's US 12-hour format, which tabs a step's dialog shows, status
 * labels, and the Replay / Re-run / Edit calls with the spec's messages.
 */
import {
  CONDITION_LABELS,
  isApiError,
  type Link,
  needsValue,
  type PollAbortSignal,
  type QueryKey,
  type ServerState,
  STATUS_PROBLEM_CODES,
  type Step,
  type WorkflowData,
} from '@junction/core';
import { EXECUTION_STATUS_LABELS } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';

/** Codes that say a workflow is gone for this reader: missing, or not theirs to open. */
const GONE_CODES = new Set<string>([STATUS_PROBLEM_CODES[404], STATUS_PROBLEM_CODES[403], 'auth.role']);

/** The fields of an execution the viewer reads (the contract's Execution). */
export interface ExecutionShape {
  id: string;
  workflowId: string;
  workflowRevision: number;
  workflowName: string;
  status: string;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  triggerData?: unknown;
  error?: string;
  rerunOf?: string;
  /** The published version it ran, when it ran one. */
  version?: number;
  /** It ran the draft (a manual run from the editor). */
  ranDraft?: boolean;
  document: WorkflowData;
  steps: StepRunRecord[];
}

/** Where the replay links the version a run ran: the editor, that version open read-only. */
export function versionHref(workflowId: string, version: number): string {
  return `/?id=${encodeURIComponent(workflowId)}&version=${version}`;
}

/** One step's record in an execution (the contract's StepRun). */
export interface StepRunRecord {
  stepId: string;
  status: 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'skipped';
  input: unknown;
  output: unknown;
  error?: string;
  attempts?: number;
  startedAt?: string;
  finishedAt?: string;
}

/** Execution statuses that will not change any more. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set([
  'succeeded',
  'failed',
  'filtered',
  'cancelled',
  'not_run',
]);

/** How long the replay page's and the manual run's toasts stay (onboarding 8: 6000 ms). */
export const ONBOARDING_TOAST_MS = 6000;

/** Texts of the replay page (onboarding 8). */
export const REPLAY_TEXTS = {
  replaySucceeded: 'Workflow replay succeeded',
  replayFailed: (error: string) => `Replay failed: ${error}`,
  noEditorLink: 'Could not find editor link.',
  inputTab: 'Input data',
  outputTab: 'Output data',
} as const;

/** Which sections a step's dialog shows. */
export type StepDialogTab = 'input' | 'output' | 'fields';

/**
 * Returns the tabs of a step's dialog (onboarding 2): a trigger (polling, webhook, schedule,
 * form) shows only Output data, a filter step its fields, an action Input data and Output data.
 */
export function stepDialogTabs(step: Pick<Step, 'kind'>): StepDialogTab[] {
  if (step.kind === 'trigger') return ['output'];
  if (step.kind === 'filter') return ['fields'];
  return ['input', 'output'];
}

/** A step's status on the replay canvas: its record's, or 'not run' when it has none. */
export type ReplayStepStatus = StepRunRecord['status'] | 'not_run';

/** Labels of step statuses as the viewer shows them. */
export const STEP_STATUS_LABELS: Readonly<Record<ReplayStepStatus, string>> = {
  pending: 'Pending',
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
  not_run: 'Not run',
};

/**
 * Returns each step's record by step id. The engine records the trigger's output as the
 * execution's trigger data, not as a step run: a trigger without a record gets one from it.
 */
export function runsByStep(
  execution: Pick<ExecutionShape, 'steps' | 'document' | 'triggerData'>,
): Map<string, StepRunRecord> {
  const runs = new Map(execution.steps.map((run) => [run.stepId, run] as const));
  for (const step of execution.document.steps) {
    if (step.kind === 'trigger' && !runs.has(step.id) && execution.triggerData !== undefined) {
      runs.set(step.id, { stepId: step.id, status: 'succeeded', input: null, output: execution.triggerData });
    }
  }
  return runs;
}

/**
 * The run's step outputs as reference samples (step name and output by id), so the replay
 * shows a filter's `${…}` references as pills with the values this run had.
 */
export function runSamples(
  execution: Pick<ExecutionShape, 'steps' | 'document' | 'triggerData'>,
): Map<string, { name: string; sample: unknown }> {
  const runs = runsByStep(execution);
  return new Map(
    execution.document.steps.map((step) => [step.id, { name: step.data.name, sample: runs.get(step.id)?.output }]),
  );
}

/** Returns a step's status in an execution. */
export function stepStatus(
  execution: Pick<ExecutionShape, 'steps' | 'document' | 'triggerData'>,
  stepId: string,
): ReplayStepStatus {
  return runsByStep(execution).get(stepId)?.status ?? 'not_run';
}

/** One condition of a filter as the replay page lists it. */
export interface FilterRow {
  key: string;
  /** Index of its group: 0 is AND-ed, the others are OR groups (editor-core 3). */
  group: number;
  field: string;
  /** The condition's label as the filter panel shows it, e.g. '(Number) Greater than'. */
  condition: string;
  value: string;
}

/** Returns what a filter shows (onboarding 2 "Filter nodes show their fields"): its conditions, group by group. */
export function filterRows(link: Pick<Link, 'groups'>): FilterRow[] {
  const rows: FilterRow[] = [];
  link.groups.forEach((group, g) => {
    for (const [i, condition] of group.entries()) {
      rows.push({
        key: `${g}.${i}`,
        group: g,
        field: condition.lhs,
        condition: CONDITION_LABELS[condition.conditionType] ?? condition.conditionType,
        value: needsValue(condition.conditionType) ? condition.rhs : '',
      });
    }
  });
  return rows;
}

/** What a run started here passes on: the reads it changes, and the signal that stops following it. */
export interface FollowOptions {
  /** Key prefixes of the reads the run changes (the workflow's run lists): read again when it starts and ends. */
  invalidates?: QueryKey[];
  /** Aborting it stops following the run (the page closed); the request in flight is aborted. */
  signal?: PollAbortSignal;
}

/**
 * Follows an execution through the server-state layer until it finishes (`server.poll`);
 * answers it, or the last one seen after `tries` reads.
 */
export async function waitForExecution(
  server: ServerState,
  executionId: string,
  { tries = 60, intervalMs = 500, signal }: { tries?: number; intervalMs?: number; signal?: PollAbortSignal } = {},
): Promise<ExecutionShape> {
  const last = await server.poll(
    '/api/executions/{executionId}',
    { params: { path: { executionId } } },
    { until: (execution) => FINISHED_STATUSES.has(execution.status), everyMs: intervalMs, tries, signal },
  );
  return last as unknown as ExecutionShape;
}

/** What a Replay or Re-run ended with: the new execution and the message to show. */
export interface RunOutcome {
  executionId: string | null;
  status: 'success' | 'error';
  message: string;
}

/**
 * Replays an execution (onboarding 4 "Replay"): runs the workflow again with its trigger data
 * (a mutation) and follows the new run (a read); answers 'Workflow replay succeeded' or
 * 'Replay failed: {error}'.
 */
export async function replay(server: ServerState, executionId: string, opts: FollowOptions = {}): Promise<RunOutcome> {
  try {
    const accepted = await server.mutate(
      (api) => api.post('/api/executions/{executionId}/replay', { params: { path: { executionId } } }),
      { invalidates: opts.invalidates },
    );
    return await settle(server, accepted.executionId, opts);
  } catch (error) {
    return { executionId: null, status: 'error', message: REPLAY_TEXTS.replayFailed(failureText(error)) };
  }
}

/**
 * Runs an execution again from one step with the original or the latest workflow version;
 * the steps before it keep their recorded outputs.
 */
export async function rerunFrom(
  server: ServerState,
  executionId: string,
  fromStepId: string,
  version: 'original' | 'latest',
  opts: FollowOptions = {},
): Promise<RunOutcome> {
  try {
    const accepted = await server.mutate(
      (api) =>
        api.post('/api/executions/{executionId}/rerun', {
          params: { path: { executionId } },
          body: { fromStepId, version },
        }),
      { invalidates: opts.invalidates },
    );
    return await settle(server, accepted.executionId, opts);
  } catch (error) {
    return { executionId: null, status: 'error', message: REPLAY_TEXTS.replayFailed(failureText(error)) };
  }
}

/** Reads again what a run changed, now that it ended (the run lists show its end). */
export async function invalidateAll(server: ServerState, keys: QueryKey[] = []): Promise<void> {
  await Promise.all(keys.map((key) => server.cache.invalidate(key)));
}

async function settle(server: ServerState, executionId: string, opts: FollowOptions): Promise<RunOutcome> {
  const done = await waitForExecution(server, executionId, { signal: opts.signal });
  await invalidateAll(server, opts.invalidates);
  if (done.status === 'succeeded' || done.status === 'filtered') {
    return { executionId, status: 'success', message: REPLAY_TEXTS.replaySucceeded };
  }
  const reason = done.error ?? EXECUTION_STATUS_LABELS[done.status] ?? done.status;
  return { executionId, status: 'error', message: REPLAY_TEXTS.replayFailed(reason) };
}

/**
 * Returns the editor address of an execution's workflow, or null when the workflow no longer
 * exists ('Could not find editor link.').
 */
export async function findEditorLink(server: ServerState, workflowId: string): Promise<string | null> {
  try {
    await server.read('/api/workflows/{id}', { params: { path: { id: workflowId } } });
    return `/?id=${encodeURIComponent(workflowId)}`;
  } catch (error) {
    if (isApiError(error) && GONE_CODES.has(error.code)) return null;
    throw error;
  }
}

/** Returns true when a run can start again from this step (actions; the trigger is Replay). */
export function isRerunnable(step: Pick<Step, 'kind'>): boolean {
  return step.kind === 'action';
}

/** Pretty JSON for the data tabs ('null' stays visible as null). */
export function toJsonText(value: unknown): string {
  if (value === undefined) return 'No data';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
