/**
 * Schedule trigger rules (editor-core 2.9): every N minutes, hours or days, or a cron
 * expression (croner), in a time zone. `validateSchedule` reads a step's field values (the
 * activation rule and the engine both use it), `nextRuns` lists upcoming fire times.
 */
import { Cron } from 'croner';

/** How often a schedule fires. */
export type ScheduleFrequency = 'minutes' | 'hours' | 'days' | 'cron';

/** A checked schedule. */
export type ScheduleSpec =
  | { frequency: 'minutes' | 'hours'; every: number; timezone: string }
  | { frequency: 'days'; every: number; at: string; timezone: string }
  | { frequency: 'cron'; cron: string; timezone: string };

/** One reason a schedule is not usable; `field` names the trigger field. */
export interface ScheduleProblem {
  field: string;
  message: string;
}

/** The outcome of {@link validateSchedule}. */
export type ScheduleResult = { ok: true; spec: ScheduleSpec } | { ok: false; errors: ScheduleProblem[] };

const FREQUENCIES: readonly ScheduleFrequency[] = ['minutes', 'hours', 'days', 'cron'];
const MAX_EVERY: Record<'minutes' | 'hours' | 'days', number> = { minutes: 1440, hours: 744, days: 366 };
const PERIOD_MS = { minutes: 60_000, hours: 3_600_000 } as const;
const DAY_MS = 86_400_000;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Checks a schedule trigger's values: `frequency` (minutes, hours, days or cron), `every`
 * (a whole number: minutes up to 1440, hours up to 744, days up to 366), `at` (HH:MM, days
 * only, default 00:00), `cron` (five fields, minute precision) and `timezone` (an IANA zone,
 * default UTC). Never throws.
 *
 * @example validateSchedule({ frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'Europe/Paris' })
 * // { ok: true, spec: { frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'Europe/Paris' } }
 */
export function validateSchedule(values: Record<string, unknown>): ScheduleResult {
  const errors: ScheduleProblem[] = [];
  const frequency = String(values.frequency ?? '').trim() as ScheduleFrequency;
  const timezone = String(values.timezone ?? '').trim() || 'UTC';
  if (!isTimeZone(timezone)) errors.push({ field: 'timezone', message: `'${timezone}' is not a known time zone.` });
  if (!FREQUENCIES.includes(frequency)) {
    errors.push({ field: 'frequency', message: 'Frequency must be minutes, hours, days or cron.' });
    return { ok: false, errors };
  }
  if (frequency === 'cron') {
    const cron = String(values.cron ?? '').trim();
    const problem = cron === '' ? 'A cron expression is required.' : cronProblem(cron);
    if (problem) errors.push({ field: 'cron', message: problem });
    return errors.length > 0 ? { ok: false, errors } : { ok: true, spec: { frequency, cron, timezone } };
  }
  const every = Number(values.every);
  if (!Number.isInteger(every) || every < 1 || every > MAX_EVERY[frequency]) {
    errors.push({
      field: 'every',
      message: `Every must be a whole number from 1 to ${MAX_EVERY[frequency]} ${frequency}.`,
    });
  }
  if (frequency !== 'days')
    return errors.length > 0 ? { ok: false, errors } : { ok: true, spec: { frequency, every, timezone } };
  const at = String(values.at ?? '').trim() || '00:00';
  if (!TIME_OF_DAY.test(at)) errors.push({ field: 'at', message: 'Time of day must read HH:MM (24-hour).' });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, spec: { frequency, every, at, timezone } };
}

/**
 * Lists the next `n` fire times strictly after `from`. Minutes and hours are fixed periods
 * aligned to the Unix epoch (as BullMQ's `every` is), so every process agrees on the ticks;
 * days fire at `at` local time in the zone, every N-th local calendar day counted from
 * 1970-01-01; cron follows croner in the zone (DST handled by croner).
 *
 * @example nextRuns({ frequency: 'minutes', every: 15, timezone: 'UTC' }, 2, new Date('2025-01-01T10:07:00Z'))
 * // [2025-01-01T10:15:00Z, 2025-01-01T10:30:00Z]
 */
export function nextRuns(spec: ScheduleSpec, n: number, from: Date = new Date()): Date[] {
  if (n <= 0) return [];
  if (spec.frequency === 'cron') return cronFor(spec.cron, spec.timezone).nextRuns(n, from);
  if (spec.frequency === 'days') return nextDailyRuns(spec, n, from);
  const period = spec.every * PERIOD_MS[spec.frequency];
  const first = Math.floor(from.getTime() / period) * period + period;
  return Array.from({ length: n }, (_, i) => new Date(first + i * period));
}

function nextDailyRuns(spec: Extract<ScheduleSpec, { frequency: 'days' }>, n: number, from: Date): Date[] {
  const [hour, minute] = spec.at.split(':').map(Number);
  const daily = cronFor(`${minute} ${hour} * * *`, spec.timezone);
  const runs: Date[] = [];
  let cursor = from;
  // Each daily candidate is one calendar day; at most `every` candidates per kept run.
  for (let guard = 0; runs.length < n && guard < n * spec.every + 2; guard++) {
    const next = daily.nextRun(cursor);
    if (!next) break;
    if (localDayNumber(next, spec.timezone) % spec.every === 0) runs.push(next);
    cursor = next;
  }
  return runs;
}

// Days since 1970-01-01 of the local calendar date in the zone (DST-proof: dates, not instants).
function localDayNumber(date: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
}

function cronFor(expression: string, timezone: string): Cron {
  // No callback: the Cron only computes dates and schedules nothing.
  return new Cron(expression, { timezone, mode: '5-part' });
}

function cronProblem(expression: string): string | undefined {
  try {
    cronFor(expression, 'UTC');
    return undefined;
  } catch (error) {
    return `'${expression}' is not a valid cron expression (minute hour day month weekday): ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Answers of {@link isTimeZone} by name (a runtime's zones do not change while it runs). */
const knownZones = new Map<string, boolean>();
/** Names remembered at most (any name may be asked; the zones in use are few). */
const KNOWN_ZONES_MAX = 1000;

/**
 * Tells whether a text is an IANA time zone this runtime knows. Remembered per name: building
 * the `Intl.DateTimeFormat` that answers costs about 0.3 ms, and every schedule tick asks
 * (the largest item of a 1,000-schedule tick's profile, BENCHMARKS.md "Many workflows").
 */
export function isTimeZone(name: string): boolean {
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    answer = true;
  } catch {
    answer = false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(name, answer);
  return answer;
}
