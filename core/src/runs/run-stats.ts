/**
 * The dashboard's run pictures as data (docs/runs-at-scale.md "Dashboard"): runs per day by
 * status over the last 7 or 30 days (every day present, zeros included), the totals and the
 * failure rate. Pure: the server counts, this shapes what the chart and its text table show.
 */

/** The periods the dashboard offers (days). */
export const RUN_STATS_PERIODS = [7, 30] as const;

/** One period. */
export type RunStatsPeriod = (typeof RUN_STATS_PERIODS)[number];

/** A count the database answered: runs created on `day` (YYYY-MM-DD, UTC) with `status`. */
export interface RunDayCount {
  day: string;
  status: string;
  count: number;
}

/** One day of the chart. */
export interface RunDay {
  day: string;
  succeeded: number;
  failed: number;
  /** Every other status (filtered, cancelled, queued, running, waiting, not run). */
  other: number;
}

/**
 * The first day (YYYY-MM-DD, UTC) of a period ending today.
 *
 * @example
 * firstDayOf(7, Date.parse('2026-03-10T12:00:00Z')); // '2026-03-04'
 */
export function firstDayOf(period: RunStatsPeriod, nowMs: number): string {
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  return new Date(today - (period - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Every day of the period, oldest first, with its counts (zeros for days without runs).
 *
 * @example
 * runDays([{ day: '2026-03-10', status: 'failed', count: 2 }], 7, Date.parse('2026-03-10T12:00:00Z')).at(-1);
 * // { day: '2026-03-10', succeeded: 0, failed: 2, other: 0 }
 */
export function runDays(counts: readonly RunDayCount[], period: RunStatsPeriod, nowMs: number): RunDay[] {
  const first = Date.parse(`${firstDayOf(period, nowMs)}T00:00:00Z`);
  const days: RunDay[] = [];
  const byDay = new Map<string, RunDay>();
  for (let i = 0; i < period; i++) {
    const day = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    const entry = { day, succeeded: 0, failed: 0, other: 0 };
    days.push(entry);
    byDay.set(day, entry);
  }
  for (const { day, status, count } of counts) {
    const entry = byDay.get(day);
    if (!entry) continue;
    if (status === 'succeeded') entry.succeeded += count;
    else if (status === 'failed') entry.failed += count;
    else entry.other += count;
  }
  return days;
}

/**
 * The share of finished runs that failed (failed / (failed + succeeded)), or null without any.
 *
 * @example
 * failureRate([{ day: 'd', succeeded: 3, failed: 1, other: 5 }]); // 0.25
 */
export function failureRate(days: readonly RunDay[]): number | null {
  let failed = 0;
  let succeeded = 0;
  for (const day of days) {
    failed += day.failed;
    succeeded += day.succeeded;
  }
  return failed + succeeded === 0 ? null : failed / (failed + succeeded);
}

/**
 * The failure rate as the dashboard writes it.
 *
 * @example
 * formatFailureRate(0.125); // '12.5%'
 * formatFailureRate(null); // 'No finished runs'
 */
export function formatFailureRate(rate: number | null): string {
  if (rate === null) return 'No finished runs';
  return `${Math.round(rate * 1000) / 10}%`;
}
