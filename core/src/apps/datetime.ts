/**
 * API date-time formats: the 19 strptime-style patterns an app may declare as its
 * apiDateTimeFormat (forms-and-developer-portal 2.3, 9), and formatting and parsing over them.
 * Dates are read and written in UTC unless a zone is given; time zones come from Intl.
 */
import { MONTHS, matchPattern, tokenizePattern, WEEKDAYS } from './date-match.js';

/** One API date-time format: what the portal's select shows, and the stored pattern. */
export interface DateTimeFormat {
  label: string;
  /** strptime-style pattern, e.g. '%Y-%m-%dT%H:%M:%S%z'. */
  pattern: string;
}

/**
 * The 19 API date-time formats (forms-dp 9), in the spec's order. Each label ends with the
 * example date 2013-09-30 23:04:05 UTC written in that format.
 */
export const DATE_TIME_FORMATS: readonly DateTimeFormat[] = [
  { label: 'ISO with zone (2013-09-30T23:04:05+0000)', pattern: '%Y-%m-%dT%H:%M:%S%z' },
  { label: 'ISO without zone (2013-09-30T23:04:05)', pattern: '%Y-%m-%dT%H:%M:%S' },
  { label: 'MM/DD/YY (09/30/13)', pattern: '%m/%d/%y' },
  { label: 'MM/DD/YYYY (09/30/2013)', pattern: '%m/%d/%Y' },
  { label: 'MM-DD-YY (09-30-13)', pattern: '%m-%d-%y' },
  { label: 'MM-DD-YYYY (09-30-2013)', pattern: '%m-%d-%Y' },
  { label: 'YYYY-MM-DD (2013-09-30)', pattern: '%Y-%m-%d' },
  { label: 'DD/MM/YY (30/09/13)', pattern: '%d/%m/%y' },
  { label: 'DD/MM/YYYY (30/09/2013)', pattern: '%d/%m/%Y' },
  { label: 'DD-MM-YY (30-09-13)', pattern: '%d-%m-%y' },
  { label: 'DD-MM-YYYY (30-09-2013)', pattern: '%d-%m-%Y' },
  { label: 'Date and time with zone (2013-09-30 23:04:05+0000)', pattern: '%Y-%m-%d %H:%M:%S%z' },
  { label: 'Date and time, space before zone (2013-09-30 23:04:05 +0000)', pattern: '%Y-%m-%d %H:%M:%S %z' },
  { label: 'Abbreviated month (Sep 30 2013)', pattern: '%b %d %Y' },
  { label: 'Full month (September 30 2013)', pattern: '%B %d %Y' },
  { label: 'Full month with time (September 30 2013 23:04:05)', pattern: '%B %d %Y %H:%M:%S' },
  {
    label: 'Weekday, month, day, time, zone, year (Mon Sep 30 23:04:05 +0000 2013)',
    pattern: '%a %b %d %H:%M:%S %z %Y',
  },
  { label: 'MM/DD (09/30)', pattern: '%m/%d' },
  { label: 'MM-DD (09-30)', pattern: '%m-%d' },
];

/** Wall-clock parts of an instant in some zone. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
  /** Minutes east of UTC. */
  offset: number;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * Writes a date with a strptime-style pattern, in UTC or in the given IANA time zone.
 * Directives: %Y %y %m %d %H %I %p %M %S %f %z %b %B %a %A %j %%; anything else stays literal.
 *
 * @throws RangeError for an invalid date or an unknown time zone.
 * @example formatDate(new Date('2013-09-30T23:04:05Z'), '%b %d %Y') // 'Sep 30 2013'
 * @example formatDate(new Date('2013-09-30T23:04:05Z'), '%Y-%m-%d %H:%M:%S %z', 'America/New_York')
 * // '2013-09-30 19:04:05 -0400'
 */
export function formatDate(date: Date, pattern: string, tz?: string): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const t = wallTime(date.getTime(), tz);
  return tokenizePattern(pattern)
    .map((token) => ('literal' in token ? token.literal : formatDirective(token.directive, t)))
    .join('');
}

function formatDirective(directive: string, t: WallTime): string {
  switch (directive) {
    case 'Y':
      return pad(t.year, 4);
    case 'y':
      return pad(t.year % 100);
    case 'm':
      return pad(t.month);
    case 'd':
      return pad(t.day);
    case 'H':
      return pad(t.hour);
    case 'I':
      return pad(t.hour % 12 === 0 ? 12 : t.hour % 12);
    case 'p':
      return t.hour < 12 ? 'AM' : 'PM';
    case 'M':
      return pad(t.minute);
    case 'S':
      return pad(t.second);
    case 'f':
      return pad(t.millisecond * 1000, 6);
    case 'z':
      return `${t.offset < 0 ? '-' : '+'}${pad(Math.trunc(t.offset / 60))}${pad(t.offset % 60)}`;
    case 'b':
      return MONTHS[t.month - 1].slice(0, 3);
    case 'B':
      return MONTHS[t.month - 1];
    case 'a':
      return WEEKDAYS[t.weekday].slice(0, 3);
    case 'A':
      return WEEKDAYS[t.weekday];
    case 'j':
      return pad((utcMs(t.year, t.month, t.day) - utcMs(t.year, 1, 1)) / 86_400_000 + 1, 3);
    case '%':
      return '%';
    default:
      return `%${directive}`;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

function wallTime(ms: number, tz: string | undefined): WallTime {
  const d = new Date(ms);
  if (!tz) {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      millisecond: d.getUTCMilliseconds(),
      weekday: d.getUTCDay(),
      offset: 0,
    };
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(tz).formatToParts(d)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const millisecond = d.getUTCMilliseconds();
  const local = utcMs(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, millisecond);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond,
    weekday: new Date(local).getUTCDay(),
    offset: Math.round((local - ms) / 60_000),
  };
}

/** Date.UTC without its mapping of years 0–99 to 1900–1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/**
 * Reads a date written with a strptime-style pattern; returns null when the text does not
 * match or names an impossible date. Without %z the wall time is read in `tz`, else in UTC.
 * As in strptime: whitespace matches any run of whitespace, names are case-insensitive, a
 * missing year is 1900, and %y 69–99 is 1969–1999 and 00–68 is 2000–2068. The pattern is read
 * without a regular expression (`matchPattern`, linear in pattern × text, so a user's pattern
 * cannot stall the caller); a text over `DATE_TEXT_MAX_LENGTH` or a pattern over
 * `DATE_PATTERN_MAX_LENGTH` characters gives null.
 *
 * @example parseDate('Sep 30 2013', '%b %d %Y') // 2013-09-30T00:00:00.000Z
 * @example parseDate('2013-09-30 23:04:05 -0400', '%Y-%m-%d %H:%M:%S %z') // 2013-10-01T03:04:05.000Z
 */
export function parseDate(text: string, pattern: string, tz?: string): Date | null {
  const found = matchPattern(text.trim(), pattern);
  if (!found) return null;
  const monthIndex = (name: string) => MONTHS.findIndex((m) => m.toLowerCase().startsWith(name.toLowerCase())) + 1;
  let year = found.Y !== undefined ? Number(found.Y) : 1900;
  if (found.Y === undefined && found.y !== undefined) year = Number(found.y) + (Number(found.y) < 69 ? 2000 : 1900);
  const month =
    found.m !== undefined ? Number(found.m) : found.B ? monthIndex(found.B) : found.b ? monthIndex(found.b) : 1;
  const day = found.d !== undefined ? Number(found.d) : 1;
  let hour = found.H !== undefined ? Number(found.H) : 0;
  if (found.I !== undefined) {
    const h12 = Number(found.I);
    if (h12 < 1 || h12 > 12) return null;
    hour = (h12 % 12) + (found.p?.toUpperCase() === 'PM' ? 12 : 0);
  }
  const minute = found.M !== undefined ? Number(found.M) : 0;
  const second = found.S !== undefined ? Number(found.S) : 0;
  const millisecond = found.f !== undefined ? Math.floor(Number(found.f.padEnd(6, '0')) / 1000) : 0;

  const daysInMonth = new Date(utcMs(year, month + 1, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 61) return null;

  const wall = utcMs(year, month, day, hour, minute, Math.min(second, 59), millisecond);
  if (found.z !== undefined) return new Date(wall - zoneOffset(found.z) * 60_000);
  if (tz) return new Date(wallToInstant(wall, tz));
  return new Date(wall);
}

/** Minutes east of UTC for 'Z', '+0200', '-04:00'. */
function zoneOffset(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits[0] === '-' ? -minutes : minutes;
}

/** The instant whose wall time in `tz` is `wall` (two passes settle DST edges). */
function wallToInstant(wall: number, tz: string): number {
  let instant = wall - wallTime(wall, tz).offset * 60_000;
  instant = wall - wallTime(instant, tz).offset * 60_000;
  return instant;
}
