/**
 * The Formatter app: text (upper, lower, trim, replace, split), number
 * (format, round, parse) and date (format, parse with core's DATE_TIME_FORMATS) transforms,
 * run in-process. Every action yields `{ output }`.
 */
import {
  DATE_PATTERN_MAX_LENGTH,
  DATE_TEXT_MAX_LENGTH,
  DATE_TIME_FORMATS,
  type FieldDef,
  formatDate,
  parseDate,
} from '@junction/core';
import type { BuiltinOutcome } from './flow.js';
import { isTimeZone } from './schedule.js';
import { type BuiltinAppDefinition, describedField, iconUrl } from './types.js';

const TEXT_TRANSFORMS = ['upper', 'lower', 'trim', 'replace', 'split'] as const;
const NUMBER_TRANSFORMS = ['format', 'round', 'parse'] as const;
const DATE_TRANSFORMS = ['format', 'parse'] as const;

const patternSchema = {
  type: 'string' as const,
  enum: DATE_TIME_FORMATS.map((f) => f.pattern),
  enumNames: DATE_TIME_FORMATS.map((f) => f.label),
};

const transformField = (options: readonly string[], names: string[]): FieldDef => ({
  name: 'transform',
  title: 'Transform',
  required: true,
  schema: { type: 'string', enum: [...options], enumNames: names },
});
const inputField: FieldDef = { name: 'input', title: 'Input', required: true, schema: { type: 'string' } };

/** The Formatter app definition; each action carries the `formatter` executor key. */
export const formatterApp: BuiltinAppDefinition = {
  appSlug: 'formatter',
  appName: 'Formatter',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('formatter'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {
    text: {
      title: 'Text',
      description: 'Changes text: upper or lower case, trim, replace, or split into a list.',
      method: 'put',
      url: '',
      builtin: 'formatter',
      fields: [
        transformField(TEXT_TRANSFORMS, [
          'Upper case',
          'Lower case',
          'Trim whitespace',
          'Replace',
          'Split into a list',
        ]),
        inputField,
        describedField('find', 'Find', 'Replace: the text to find (every occurrence).'),
        describedField('replaceWith', 'Replace with', 'Replace: the new text (default empty).'),
        describedField('separator', 'Separator', 'Split: the separator (default a comma).'),
      ],
    },
    number: {
      title: 'Numbers',
      description: 'Formats, rounds or reads numbers.',
      method: 'put',
      url: '',
      builtin: 'formatter',
      fields: [
        transformField(NUMBER_TRANSFORMS, ['Format number', 'Round', 'Read a number from text']),
        inputField,
        describedField('decimals', 'Decimal places', 'Format and round (default 2 and 0).', { type: 'integer' }),
        describedField('locale', 'Locale', "Format: a locale such as 'en-US' or 'de-DE'."),
        describedField('decimalMark', 'Decimal mark', 'Read: the decimal mark of the text.', {
          type: 'string',
          enum: ['.', ','],
          enumNames: ['Point (1,234.5)', 'Comma (1.234,5)'],
        }),
      ],
    },
    date: {
      title: 'Date / Time',
      description: 'Writes a date in another format or reads a date into an ISO timestamp.',
      method: 'put',
      url: '',
      builtin: 'formatter',
      fields: [
        transformField(DATE_TRANSFORMS, ['Format date', 'Read date to ISO']),
        inputField,
        {
          name: 'fromFormat',
          title: 'From format',
          description: 'Empty reads ISO 8601 or a Unix timestamp.',
          schema: patternSchema,
        },
        { name: 'toFormat', title: 'To format', description: 'Format: the format to write.', schema: patternSchema },
        describedField('timezone', 'Time zone', 'An IANA zone (default UTC).'),
      ],
    },
  },
  triggers: {},
};

/**
 * Longest text the Formatter reads from any field, and longest text it writes: every transform
 * is linear in its input, so this bounds the time one step holds the event loop (a few
 * milliseconds at this size).
 */
export const FORMATTER_TEXT_MAX_LENGTH = 100_000;
const LIMIT_TEXT = FORMATTER_TEXT_MAX_LENGTH.toLocaleString('en-US');

type Problem = { field?: string; message: string };
const fail = (field: string, message: string): BuiltinOutcome => ({ ok: false, errors: [{ field, message }] });
const done = (output: unknown): BuiltinOutcome => ({ ok: true, output: { output } });

/**
 * Runs one Formatter action on already-resolved values.
 *
 * @example runFormatter('text', { transform: 'split', input: 'a, b' }) // { ok: true, output: { output: ['a', 'b'] } }
 * @example runFormatter('number', { transform: 'parse', input: '$1,234.50' }) // { ok: true, output: { output: 1234.5 } }
 */
export function runFormatter(actionKey: string, values: Record<string, unknown>): BuiltinOutcome {
  const tooLong = Object.keys(values).find((field) => text(values[field]).length > FORMATTER_TEXT_MAX_LENGTH);
  if (tooLong) {
    const name = tooLong === 'input' ? 'The input' : `'${tooLong}'`;
    return fail(tooLong, `${name} is longer than ${LIMIT_TEXT} characters, the most the Formatter reads.`);
  }
  const transform = String(values.transform ?? '');
  if (actionKey === 'text') return formatText(transform, values);
  if (actionKey === 'number') return formatNumber(transform, values);
  if (actionKey === 'date') return formatDateValue(transform, values);
  return fail('action', `The Formatter has no '${actionKey}' action.`);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function formatText(transform: string, values: Record<string, unknown>): BuiltinOutcome {
  const input = text(values.input);
  switch (transform) {
    case 'upper':
      return done(input.toUpperCase());
    case 'lower':
      return done(input.toLowerCase());
    case 'trim':
      return done(input.trim());
    case 'replace': {
      const find = text(values.find);
      if (find === '') return fail('find', 'Replace needs the text to find.');
      const parts = input.split(find);
      const replaceWith = text(values.replaceWith);
      const length = input.length + (parts.length - 1) * (replaceWith.length - find.length);
      if (length > FORMATTER_TEXT_MAX_LENGTH) {
        return fail(
          'replaceWith',
          `The result would be longer than ${LIMIT_TEXT} characters, the most the Formatter writes.`,
        );
      }
      return done(parts.join(replaceWith));
    }
    case 'split': {
      const separator = values.separator === undefined || values.separator === '' ? ',' : text(values.separator);
      // Items are trimmed: 'a, b' gives ['a', 'b'], as users expect from a comma list.
      return done(input === '' ? [] : input.split(separator).map((item) => item.trim()));
    }
    default:
      return fail('transform', `Transform must be one of ${TEXT_TRANSFORMS.join(', ')}.`);
  }
}

function readDecimals(values: Record<string, unknown>, fallback: number): number | Problem {
  if (values.decimals === undefined || values.decimals === null || values.decimals === '') return fallback;
  const decimals = Number(values.decimals);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    return { field: 'decimals', message: 'Decimal places must be a whole number from 0 to 20.' };
  }
  return decimals;
}

function formatNumber(transform: string, values: Record<string, unknown>): BuiltinOutcome {
  if (transform === 'parse') return parseNumberText(text(values.input), values.decimalMark === ',' ? ',' : '.');
  if (transform !== 'format' && transform !== 'round') {
    return fail('transform', `Transform must be one of ${NUMBER_TRANSFORMS.join(', ')}.`);
  }
  const raw = values.input;
  const n = typeof raw === 'number' ? raw : text(raw).trim() === '' ? Number.NaN : Number(text(raw).trim());
  if (!Number.isFinite(n)) return fail('input', `'${text(raw)}' is not a number.`);
  const decimals = readDecimals(values, transform === 'format' ? 2 : 0);
  if (typeof decimals !== 'number') return { ok: false, errors: [decimals] };
  if (transform === 'round') {
    const factor = 10 ** decimals;
    // EPSILON nudges halves written inexactly in binary (1.005) the way people round them.
    return done(Math.round((n + Math.sign(n) * Number.EPSILON) * factor) / factor);
  }
  const locale = text(values.locale).trim() || 'en-US';
  try {
    return done(
      new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n),
    );
  } catch {
    return fail('locale', `'${locale}' is not a known locale.`);
  }
}

/**
 * Whether a text writes a negative number: it opens with '(' (accounting), or a '-' comes
 * before the first digit. A loop, not a regular expression: `^\s*(-|\(|[^\d]*-)` was
 * quadratic on a long run of spaces.
 */
function isNegativeText(input: string): boolean {
  const opening = input.trimStart();
  if (opening.startsWith('(')) return true;
  for (const ch of input) {
    if (ch === '-') return true;
    if (ch >= '0' && ch <= '9') return false;
  }
  return false;
}

const NOT_NUMBER_POINT = /[^0-9.]/g;
const NOT_NUMBER_COMMA = /[^0-9,]/g;

function parseNumberText(input: string, decimalMark: '.' | ','): BuiltinOutcome {
  const isNegative = isNegativeText(input);
  const digits = input.replace(decimalMark === ',' ? NOT_NUMBER_COMMA : NOT_NUMBER_POINT, '').replace(decimalMark, '.');
  const n = Number(digits);
  if (digits === '' || digits === '.' || !Number.isFinite(n) || digits.split('.').length > 2) {
    return fail('input', `No number found in '${input}'.`);
  }
  return done(isNegative ? -n : n);
}

function readDate(input: unknown, fromFormat: string, timezone: string): Date | null {
  if (fromFormat !== '') return parseDate(text(input), fromFormat, timezone);
  const raw = typeof input === 'number' ? input : text(input).trim();
  if (typeof raw === 'number' || /^-?\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    // Ten-digit numbers are Unix seconds; longer ones are milliseconds.
    const date = new Date(Math.abs(n) < 1e11 ? n * 1000 : n);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const date = new Date(raw);
  return raw === '' || Number.isNaN(date.getTime()) ? null : date;
}

function formatDateValue(transform: string, values: Record<string, unknown>): BuiltinOutcome {
  if (transform !== 'format' && transform !== 'parse') {
    return fail('transform', `Transform must be one of ${DATE_TRANSFORMS.join(', ')}.`);
  }
  const timezone = text(values.timezone).trim() || 'UTC';
  if (!isTimeZone(timezone)) return fail('timezone', `'${timezone}' is not a known time zone.`);
  const fromFormat = text(values.fromFormat).trim();
  if (fromFormat.length > DATE_PATTERN_MAX_LENGTH) {
    return fail('fromFormat', `A date format is at most ${DATE_PATTERN_MAX_LENGTH} characters.`);
  }
  if (text(values.input).trim().length > DATE_TEXT_MAX_LENGTH) {
    return fail('input', `A date is at most ${DATE_TEXT_MAX_LENGTH} characters.`);
  }
  const date = readDate(values.input, fromFormat, timezone);
  if (!date) {
    return fail('input', `'${text(values.input)}' is not a date${fromFormat ? ` in the format ${fromFormat}` : ''}.`);
  }
  if (transform === 'parse') return done(date.toISOString());
  const toFormat = text(values.toFormat).trim();
  if (toFormat === '') return fail('toFormat', 'Format needs the format to write.');
  return done(formatDate(date, toFormat, timezone));
}
