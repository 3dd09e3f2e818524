/**
 * A run's status and time as every screen shows them (onboarding 9): the dashboard's lists and
 * home, the runs page, the replay, the workspace's members and invitations.
 */

/** Statuses the list can be filtered by (the contract's ExecutionStatus). */
export const EXECUTION_FILTER_STATUSES = [
  'succeeded',
  'failed',
  'filtered',
  'running',
  'queued',
  'waiting',
  'cancelled',
  'not_run',
] as const;

/** Labels of execution statuses (lists and the header). */
export const EXECUTION_STATUS_LABELS: Readonly<Record<string, string>> = {
  queued: 'Queued',
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  filtered: 'Filtered',
  cancelled: 'Cancelled',
  not_run: 'Not run (workflow OFF)',
};

/** The badge tone of a run or step status: green done, red failed, amber filtered, blue busy. */
export function executionTone(status: string): 'success' | 'danger' | 'warning' | 'info' | 'neutral' {
  if (status === 'succeeded') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'filtered') return 'warning';
  if (status === 'queued' || status === 'running' || status === 'waiting') return 'info';
  return 'neutral';
}

/**
 * Formats a run time in US English with a 12-hour clock (onboarding 9), e.g.
 * '11/24/2026, 6:05:09 PM'. `timeZone` is for tests; browsers use their own.
 *
 * @example
 * formatRunTime('2026-11-24T18:05:09Z', 'UTC'); // '11/24/2026, 6:05:09 PM'
 */
export function formatRunTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { hour12: true, ...(timeZone ? { timeZone } : {}) });
}
