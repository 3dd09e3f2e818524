/**
 * How a run reads in a list: its trigger data as a few key values ('Ada · 42') and its start
 * time as a relative phrase with an exact, millisecond time beside it.
 */

/** Options of {@link summarizeTriggerData}. */
export interface SummaryOptions {
  /** How many values to show (default 3). */
  maxValues?: number;
  /** Longest summary in characters; longer ones end in '…' (default 60). */
  maxLength?: number;
}

/** Returns the first object of `data` that carries values: the data itself or the first item of its first list. */
function firstRecord(data: unknown): unknown {
  if (Array.isArray(data)) return firstRecord(data[0]);
  if (data && typeof data === 'object') {
    const values = Object.values(data as Record<string, unknown>);
    const hasScalar = values.some((value) => value !== null && typeof value !== 'object');
    if (!hasScalar) {
      const nested = values.find((value) => value && typeof value === 'object');
      if (nested !== undefined) return firstRecord(nested);
    }
  }
  return data;
}

/**
 * Summarises a run's trigger data by its first few scalar values, joined by ' · ' (a webhook
 * body `{ name: 'Ada', age: 42 }` reads 'Ada · 42'); a list summarises its first item, a
 * wrapper object without scalars its first nested object. Empty data reads ''.
 *
 * @example
 * summarizeTriggerData({ name: 'Ada', age: 42, tags: ['x'] }); // 'Ada · 42'
 */
export function summarizeTriggerData(data: unknown, options: SummaryOptions = {}): string {
  const maxValues = options.maxValues ?? 3;
  const maxLength = options.maxLength ?? 60;
  const record = firstRecord(data);
  let values: string[];
  if (record === null || record === undefined) values = [];
  else if (typeof record !== 'object') values = [String(record)];
  else
    values = Object.values(record as Record<string, unknown>)
      .filter((value) => value !== null && value !== '' && typeof value !== 'object')
      .slice(0, maxValues)
      .map((value) => String(value).replace(/\s+/g, ' ').trim());
  const text = values.filter(Boolean).join(' · ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * Returns how long ago `iso` was, seen at `now` (ms), in English: 'just now' under 5 s, then
 * '12 seconds ago', '3 minutes ago', 'yesterday', '2 weeks ago'.
 *
 * @example
 * formatRelativeTime('2026-01-01T00:00:00.000Z', Date.parse('2026-01-01T00:03:10Z')); // '3 minutes ago'
 */
export function formatRelativeTime(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 5) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/**
 * Returns the exact time of `iso` to the millisecond, e.g. 'Nov 26, 2026, 15:58:03.412', in
 * `timeZone` (default: the runtime's).
 */
export function formatExactTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}
