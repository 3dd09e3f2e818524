/**
 * When a failing workflow mails its workspace (issue "Workflow lifecycle", failure alerts): the
 * first failure at once, then at most one digest per interval while failures go on, and one
 * "recovered" mail when a run succeeds again. Pure: the server keeps the state per workflow and
 * sends what this decides.
 */

/** The default interval between two mails about one failing workflow (one hour). */
export const DEFAULT_ALERT_INTERVAL_MINUTES = 60;

/** The shortest and longest interval a workspace may choose (minutes). */
export const ALERT_INTERVAL_LIMITS = { min: 5, max: 7 * 24 * 60 } as const;

/** What the server remembers about one workflow between runs. */
export interface FailureAlertState {
  /** A failure was mailed and no success came since. */
  failing: boolean;
  /** When the last alert mail about this workflow went (ISO), or null. */
  lastMailAt: string | null;
  /** Failures since the last mail that no mail counted yet. */
  unsent: number;
}

/** What to mail after a run. */
export type FailureAlertMail = 'first-failure' | 'digest' | 'recovered';

/** The decision: the mail to send (or none) and the state to keep. */
export interface FailureAlertDecision {
  mail: FailureAlertMail | null;
  /** How many failures the mail counts (the digest's and the recovered mail's count). */
  count: number;
  state: FailureAlertState;
}

/** The state of a workflow nobody was told about yet. */
export const QUIET_STATE: FailureAlertState = { failing: false, lastMailAt: null, unsent: 0 };

/**
 * Decides the mail after a run of one workflow ended.
 *
 * @example
 * const first = decideFailureAlert(QUIET_STATE, 'failed', Date.parse('2026-01-01T10:00:00Z'), 60);
 * first.mail; // 'first-failure'
 * const next = decideFailureAlert(first.state, 'failed', Date.parse('2026-01-01T10:05:00Z'), 60);
 * next.mail; // null (counted for the digest)
 */
export function decideFailureAlert(
  state: FailureAlertState,
  outcome: 'failed' | 'succeeded',
  nowMs: number,
  intervalMinutes: number,
): FailureAlertDecision {
  const at = new Date(nowMs).toISOString();
  if (outcome === 'succeeded') {
    if (!state.failing) return { mail: null, count: 0, state };
    return { mail: 'recovered', count: state.unsent, state: { failing: false, lastMailAt: at, unsent: 0 } };
  }
  if (!state.failing) {
    return { mail: 'first-failure', count: 1, state: { failing: true, lastMailAt: at, unsent: 0 } };
  }
  const unsent = state.unsent + 1;
  const last = state.lastMailAt === null ? Number.NEGATIVE_INFINITY : Date.parse(state.lastMailAt);
  if (nowMs - last >= intervalMinutes * 60_000) {
    return { mail: 'digest', count: unsent, state: { failing: true, lastMailAt: at, unsent: 0 } };
  }
  return { mail: null, count: 0, state: { ...state, unsent } };
}

/**
 * Decides the digest at the end of an interval when no run has ended since: failures counted
 * but not yet mailed are mailed once the interval since the last mail has passed, whether or
 * not another failure arrives (docs/failure-alerts.md: "at most one digest per workflow per
 * interval while failures go on"). Nothing is due while the workflow is not failing or
 * nothing is unsent.
 *
 * @example
 * digestDue({ failing: true, lastMailAt: '2026-01-01T10:00:00Z', unsent: 2 }, Date.parse('2026-01-01T11:00:00Z'), 60).mail; // 'digest'
 */
export function digestDue(state: FailureAlertState, nowMs: number, intervalMinutes: number): FailureAlertDecision {
  if (!state.failing || state.unsent === 0) return { mail: null, count: 0, state };
  const last = state.lastMailAt === null ? Number.NEGATIVE_INFINITY : Date.parse(state.lastMailAt);
  if (nowMs - last < intervalMinutes * 60_000) return { mail: null, count: 0, state };
  const at = new Date(nowMs).toISOString();
  return { mail: 'digest', count: state.unsent, state: { failing: true, lastMailAt: at, unsent: 0 } };
}

/**
 * Checks a chosen interval in minutes; answers the problem text or null.
 *
 * @example
 * checkAlertInterval(1); // 'Choose an interval from 5 minutes to 10080 minutes (7 days).'
 */
export function checkAlertInterval(minutes: number): string | null {
  if (!Number.isInteger(minutes) || minutes < ALERT_INTERVAL_LIMITS.min || minutes > ALERT_INTERVAL_LIMITS.max) {
    return `Choose an interval from ${ALERT_INTERVAL_LIMITS.min} minutes to ${ALERT_INTERVAL_LIMITS.max} minutes (7 days).`;
  }
  return null;
}

/** What an alert mail says. */
export interface FailureAlertFacts {
  kind: FailureAlertMail | 'test';
  workflowName: string;
  /** The failed step's name, when a step failed. */
  stepName?: string;
  error?: string;
  count: number;
  replayUrl: string;
  offUrl: string;
  intervalMinutes: number;
}

/**
 * Words an alert mail: its subject and plain text.
 *
 * @example
 * composeFailureAlert({ kind: 'first-failure', workflowName: 'Leads', stepName: 'Send', error: 'Timeout',
 *   count: 1, replayUrl: 'https://j.example/executions/1', offUrl: 'https://j.example/api/alerts/off?token=t',
 *   intervalMinutes: 60 }).subject; // 'Leads failed'
 */
export function composeFailureAlert(facts: FailureAlertFacts): { subject: string; text: string } {
  const name = facts.workflowName || 'Untitled workflow';
  const where = facts.stepName ? `at the step "${facts.stepName}"` : 'before any step ran';
  const error = facts.error ? `Error: ${facts.error}` : 'Error: (none recorded)';
  const every =
    facts.intervalMinutes % 60 === 0 ? `${facts.intervalMinutes / 60} hour(s)` : `${facts.intervalMinutes} minutes`;
  const off = ['', 'Turn these alerts off for this workflow:', facts.offUrl];
  const replay = ['', 'See the run, step by step, and re-run it:', facts.replayUrl];
  switch (facts.kind) {
    case 'test':
      return {
        subject: `Test alert: ${name}`,
        text: [
          `This is a test alert for the workflow "${name}". Alerts reach you at this address.`,
          ...replay,
          ...off,
        ].join('\n'),
      };
    case 'first-failure':
      return {
        subject: `${name} failed`,
        text: [
          `The workflow "${name}" failed ${where}.`,
          error,
          'Failures: 1',
          `If it keeps failing you get at most one summary every ${every}, and a mail when it works again.`,
          ...replay,
          ...off,
        ].join('\n'),
      };
    case 'digest':
      return {
        subject: `${name} is still failing (${facts.count} more failures)`,
        text: [
          `The workflow "${name}" failed ${facts.count} more times since the last alert.`,
          `The latest failed ${where}.`,
          error,
          `Failures: ${facts.count}`,
          ...replay,
          ...off,
        ].join('\n'),
      };
    case 'recovered':
      return {
        subject: `${name} works again`,
        text: [
          `The workflow "${name}" ran successfully again.`,
          `Failures since the last alert: ${facts.count}`,
          ...replay,
          ...off,
        ].join('\n'),
      };
  }
}

/**
 * Reads the "Only these workflows" field of the "When another workflow fails" trigger: ids
 * separated by commas or spaces; an empty list means every workflow of the workspace.
 *
 * @example
 * parseWatchedWorkflows(' wf-1, wf-2 '); // ['wf-1', 'wf-2']
 */
export function parseWatchedWorkflows(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (typeof value !== 'string') return [];
  return value
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * Tells whether an alert workflow starts for a failure. Alerts never loop: a failure of an alert
 * workflow (its own, or another's) starts none.
 *
 * @example
 * hearsFailure({ alertWorkflowId: 'a', watched: [], failedWorkflowId: 'b', failedIsAlertWorkflow: false }); // true
 */
export function hearsFailure(input: {
  alertWorkflowId: string;
  watched: readonly string[];
  failedWorkflowId: string;
  failedIsAlertWorkflow: boolean;
}): boolean {
  if (input.failedIsAlertWorkflow || input.alertWorkflowId === input.failedWorkflowId) return false;
  return input.watched.length === 0 || input.watched.includes(input.failedWorkflowId);
}
