/**
 * Health badges of step cards (onboarding 4 "Node health badges"), derived from the step's
 * issues (editor-core 5.1) so the badge and the issues list can never disagree: a step is
 * green exactly when the issues list names nothing for it.
 */
import { findIssues, isMissingCredential } from './issues.js';
import type { Issue, IssueCode, Step, StepData, StepKind, WorkflowData } from './types.js';

export { isMissingCredential };

/** A step card's badge: error (red), warning (orange) or ok (green). */
export type StepHealth = 'error' | 'warning' | 'ok';

/** The badge colour of each health (onboarding 4). */
export const HEALTH_COLORS: Readonly<Record<StepHealth, 'red' | 'orange' | 'green'>> = {
  error: 'red',
  warning: 'orange',
  ok: 'green',
};

/** Whether the step has sample output from a test (testData is neither null nor undefined). */
export function hasTestData(data: StepData): boolean {
  return data.testData !== null && data.testData !== undefined;
}

/** Issues that turn an action card red; its other issues turn it orange (onboarding 4). */
const ACTION_ERRORS: ReadonlySet<IssueCode> = new Set(['missing-credential', 'test-data-error']);

/**
 * The badge of a step from its issues (onboarding 4): green with none. A trigger with any
 * error is red (no account, no event, no usable test data…), orange with warnings only. An
 * action is red when its account is missing or its test failed, orange for anything else
 * (no test data, a stale sample, a missing field, a broken reference). Filters and loop
 * ends are always green.
 *
 * The spec's "trigger message or choices missing" is not a badge rule here: a message exists
 * only once the workflow is ON, so it would keep every tested trigger red while the issues
 * list says nothing.
 */
export function healthOf(kind: StepKind, issues: readonly Issue[]): StepHealth {
  if ((kind !== 'trigger' && kind !== 'action') || issues.length === 0) return 'ok';
  if (kind === 'trigger') return issues.some((i) => i.severity === 'error') ? 'error' : 'warning';
  return issues.some((i) => ACTION_ERRORS.has(i.code)) ? 'error' : 'warning';
}

/**
 * The badge of every trigger and action step of a workflow, from one {@link findIssues} pass
 * (pass `issues` when they are already at hand).
 */
export function workflowHealth(wf: WorkflowData, issues: readonly Issue[] = findIssues(wf)): Map<string, StepHealth> {
  const byStep = new Map<string, Issue[]>();
  for (const issue of issues) {
    if (issue.stepId === undefined) continue;
    const list = byStep.get(issue.stepId);
    if (list) list.push(issue);
    else byStep.set(issue.stepId, [issue]);
  }
  const health = new Map<string, StepHealth>();
  for (const step of wf.steps) health.set(step.id, healthOf(step.kind, byStep.get(step.id) ?? []));
  return health;
}

/**
 * The badge of one step on its own: its issues without the reference checks, which need the
 * rest of the workflow (use {@link workflowHealth} for those).
 */
export function stepHealth(step: Step): StepHealth {
  const alone: WorkflowData = { id: '', name: '', active: false, steps: [step], links: [] };
  return healthOf(
    step.kind,
    findIssues(alone).filter((i) => i.code !== 'broken-reference'),
  );
}
