import { DATE_PATTERN_MAX_LENGTH, DATE_TEXT_MAX_LENGTH } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { runDelay, runFilter, toCustomRequestInput } from './flow.js';
import { FORMATTER_TEXT_MAX_LENGTH, runFormatter } from './formatter.js';

const out = (actionKey: string, values: Record<string, unknown>) => {
  const result = runFormatter(actionKey, values);
  if (!result.ok) throw new Error(result.errors[0].message);
  return (result.output as { output: unknown }).output;
};
const problem = (actionKey: string, values: Record<string, unknown>) => {
  const result = runFormatter(actionKey, values);
  return result.ok ? undefined : result.errors[0];
};

describe('Formatter: text', () => {
  it('changes case, trims, replaces every occurrence and splits', () => {
    expect(out('text', { transform: 'upper', input: 'Ada Lovelace' })).toBe('ADA LOVELACE');
    expect(out('text', { transform: 'lower', input: 'Ada' })).toBe('ada');
    expect(out('text', { transform: 'trim', input: '  a b  ' })).toBe('a b');
    expect(out('text', { transform: 'replace', input: 'a-b-c', find: '-', replaceWith: '+' })).toBe('a+b+c');
    expect(out('text', { transform: 'replace', input: 'a-b', find: '-' })).toBe('ab');
    expect(out('text', { transform: 'split', input: 'red, green ,blue' })).toEqual(['red', 'green', 'blue']);
    expect(out('text', { transform: 'split', input: 'a|b', separator: '|' })).toEqual(['a', 'b']);
    expect(out('text', { transform: 'split', input: '' })).toEqual([]);
  });

  it('names the field at fault', () => {
    expect(problem('text', { transform: 'replace', input: 'x' })).toEqual({
      field: 'find',
      message: 'Replace needs the text to find.',
    });
    expect(problem('text', { transform: 'reverse', input: 'x' })?.field).toBe('transform');
    expect(problem('colour', {})?.message).toBe("The Formatter has no 'colour' action.");
  });
});

describe('Formatter: numbers', () => {
  it('formats with a locale and decimals', () => {
    expect(out('number', { transform: 'format', input: '1234.5' })).toBe('1,234.50');
    expect(out('number', { transform: 'format', input: 1234.5, locale: 'de-DE', decimals: 1 })).toBe('1.234,5');
  });

  it('rounds halves up, including binary-inexact ones', () => {
    expect(out('number', { transform: 'round', input: '2.5' })).toBe(3);
    expect(out('number', { transform: 'round', input: 1.005, decimals: 2 })).toBe(1.01);
    expect(out('number', { transform: 'round', input: -1.25, decimals: 1 })).toBe(-1.3);
  });

  it('reads numbers out of text with either decimal mark', () => {
    expect(out('number', { transform: 'parse', input: '$1,234.50' })).toBe(1234.5);
    expect(out('number', { transform: 'parse', input: '1.234,5 €', decimalMark: ',' })).toBe(1234.5);
    expect(out('number', { transform: 'parse', input: '-42' })).toBe(-42);
    expect(problem('number', { transform: 'parse', input: 'n/a' })).toEqual({
      field: 'input',
      message: "No number found in 'n/a'.",
    });
  });

  it('refuses non-numbers and bad decimals', () => {
    expect(problem('number', { transform: 'round', input: 'abc' })?.field).toBe('input');
    expect(problem('number', { transform: 'round', input: '' })?.field).toBe('input');
    expect(problem('number', { transform: 'format', input: 1, decimals: 30 })?.field).toBe('decimals');
  });
});

describe('Formatter: dates', () => {
  it('formats an ISO date with one of the API date-time formats, in a zone', () => {
    expect(out('date', { transform: 'format', input: '2013-09-30T23:04:05Z', toFormat: '%b %d %Y' })).toBe(
      'Sep 30 2013',
    );
    expect(
      out('date', {
        transform: 'format',
        input: '2013-09-30T23:04:05Z',
        toFormat: '%Y-%m-%d %H:%M:%S %z',
        timezone: 'America/New_York',
      }),
    ).toBe('2013-09-30 19:04:05 -0400');
  });

  it('reads a date written in a format, or a Unix timestamp, to ISO', () => {
    expect(out('date', { transform: 'parse', input: '30/09/2013', fromFormat: '%d/%m/%Y' })).toBe(
      '2013-09-30T00:00:00.000Z',
    );
    expect(out('date', { transform: 'parse', input: '1380582245' })).toBe('2013-09-30T23:04:05.000Z');
    expect(out('date', { transform: 'parse', input: 1380582245000 })).toBe('2013-09-30T23:04:05.000Z');
  });

  it('names the field at fault', () => {
    expect(problem('date', { transform: 'parse', input: '31/02/2013', fromFormat: '%d/%m/%Y' })).toEqual({
      field: 'input',
      message: "'31/02/2013' is not a date in the format %d/%m/%Y.",
    });
    expect(problem('date', { transform: 'format', input: '2013-09-30' })?.field).toBe('toFormat');
    expect(
      problem('date', { transform: 'format', input: '2013-09-30', toFormat: '%Y', timezone: 'Nowhere/Land' })?.field,
    ).toBe('timezone');
  });
});

describe('Formatter: hostile input', () => {
  const longest = 'x'.repeat(FORMATTER_TEXT_MAX_LENGTH);
  const tooLong = `${longest}x`;

  it('reads a number after the longest run of spaces or dashes it accepts', () => {
    // A backtracking sign check was quadratic here: seconds per step on 100,000 spaces.
    const spaces = ' '.repeat(FORMATTER_TEXT_MAX_LENGTH - 1);
    expect(out('number', { transform: 'parse', input: `${spaces}7` })).toBe(7);
    expect(out('number', { transform: 'parse', input: `${'\t'.repeat(FORMATTER_TEXT_MAX_LENGTH - 2)}-7` })).toBe(-7);
    expect(out('number', { transform: 'parse', input: `${'a '.repeat(FORMATTER_TEXT_MAX_LENGTH / 2 - 1)}7` })).toBe(7);
    expect(out('number', { transform: 'parse', input: ' ( 12' })).toBe(-12);
    expect(out('number', { transform: 'parse', input: 'total - 12' })).toBe(-12);
    expect(out('number', { transform: 'parse', input: '12 - 3' })).toBe(123);
  });

  it('refuses a text longer than it reads, naming the field', () => {
    const refusal = {
      field: 'input',
      message: `The input is longer than ${FORMATTER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters, the most the Formatter reads.`,
    };
    expect(problem('text', { transform: 'upper', input: longest })).toBeUndefined();
    expect(problem('text', { transform: 'upper', input: tooLong })).toEqual(refusal);
    expect(problem('number', { transform: 'parse', input: tooLong })).toEqual(refusal);
    expect(problem('date', { transform: 'parse', input: tooLong })).toEqual(refusal);
    expect(problem('text', { transform: 'replace', input: 'a', find: tooLong })?.field).toBe('find');
    expect(problem('text', { transform: 'replace', input: 'a', find: 'a', replaceWith: tooLong })?.field).toBe(
      'replaceWith',
    );
    expect(problem('text', { transform: 'split', input: 'a', separator: tooLong })?.field).toBe('separator');
    expect(problem('number', { transform: 'format', input: 1, locale: tooLong })?.field).toBe('locale');
    expect(problem('date', { transform: 'format', input: '2013-09-30', toFormat: tooLong })?.field).toBe('toFormat');
  });

  it('refuses a replacement whose result would be longer than it writes', () => {
    expect(
      problem('text', { transform: 'replace', input: 'a'.repeat(1000), find: 'a', replaceWith: 'b'.repeat(1000) }),
    ).toEqual({
      field: 'replaceWith',
      message: `The result would be longer than ${FORMATTER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters, the most the Formatter writes.`,
    });
    expect(
      out('text', { transform: 'replace', input: 'a'.repeat(1000), find: 'a', replaceWith: 'b'.repeat(100) }),
    ).toHaveLength(100_000);
  });

  it('refuses a date or a date format longer than a date is written', () => {
    expect(problem('date', { transform: 'parse', input: '1'.repeat(40), fromFormat: '%f'.repeat(200) })).toEqual({
      field: 'fromFormat',
      message: `A date format is at most ${DATE_PATTERN_MAX_LENGTH} characters.`,
    });
    expect(problem('date', { transform: 'parse', input: '1'.repeat(300), fromFormat: '%f' })).toEqual({
      field: 'input',
      message: `A date is at most ${DATE_TEXT_MAX_LENGTH} characters.`,
    });
    expect(
      problem('date', { transform: 'parse', input: `${'1'.repeat(39)}x`, fromFormat: '%f'.repeat(13) })?.field,
    ).toBe('input');
  });
});

describe('Filter and Delay', () => {
  it('passes when the first group passes or some Or group does', () => {
    const groups = [
      [
        { lhs: 'pro', conditionType: 'stringEqual', rhs: 'pro' },
        { lhs: 5, conditionType: 'greaterThan', rhs: '10' },
      ],
      [{ lhs: 'a@b.c', conditionType: 'valueExists', rhs: '' }],
    ];
    expect(runFilter({ conditions: groups })).toEqual({ ok: true, output: { passed: true } });
    expect(runFilter({ conditions: JSON.stringify([groups[0]]) })).toEqual({ ok: true, output: { passed: false } });
    expect(runFilter({ conditions: 'nope' })).toEqual({
      ok: false,
      errors: [{ field: 'conditions', message: 'Conditions must be a list of condition groups.' }],
    });
  });

  it('computes when a delay resumes, within 0 to 30 days', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(runDelay({ seconds: '90' }, now)).toEqual({
      ok: true,
      output: { delaySeconds: 90, resumeAt: '2025-01-01T00:01:30.000Z' },
    });
    expect(runDelay({ seconds: -1 }, now).ok).toBe(false);
    expect(runDelay({ seconds: 31 * 86_400 }, now).ok).toBe(false);
    expect(runDelay({}, now).ok).toBe(false);
  });

  it('reads custom request params as rows or as an object', () => {
    expect(toCustomRequestInput({ requestType: 'GET', url: 'https://x.example', params: { a: 1 } })).toEqual({
      requestType: 'GET',
      url: 'https://x.example',
      params: [{ key: 'a', value: '1' }],
      headers: [],
      bodyType: undefined,
      stringBody: undefined,
      bodyFields: [],
    });
    expect(toCustomRequestInput({ params: [{ key: 'q', value: 'x' }, 'junk'], stringBody: { a: 1 } })).toMatchObject({
      params: [{ key: 'q', value: 'x' }],
      stringBody: '{"a":1}',
    });
  });
});
