import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMATS, formatDate, parseDate } from './datetime.js';

const sample = new Date('2013-09-30T23:04:05Z');

describe('DATE_TIME_FORMATS', () => {
  it('holds the 19 formats of the spec as strptime patterns', () => {
    expect(DATE_TIME_FORMATS).toHaveLength(19);
    const patterns = DATE_TIME_FORMATS.map((f) => f.pattern);
    expect(new Set(patterns).size).toBe(19);
    for (const p of [
      '%Y-%m-%dT%H:%M:%S%z',
      '%m/%d/%y',
      '%b %d %Y',
      '%B %d %Y %H:%M:%S',
      '%a %b %d %H:%M:%S %z %Y',
      '%m/%d',
    ]) {
      expect(patterns).toContain(p);
    }
  });

  it('labels each format with the sample date written in it', () => {
    for (const { label, pattern } of DATE_TIME_FORMATS) {
      expect(label.endsWith(`(${formatDate(sample, pattern)})`)).toBe(true);
    }
  });

  it('reads back what it writes, in every format', () => {
    for (const { pattern } of DATE_TIME_FORMATS) {
      const read = parseDate(formatDate(sample, pattern), pattern);
      expect(read).not.toBeNull();
      expect(formatDate(read!, pattern)).toBe(formatDate(sample, pattern));
    }
  });
});

describe('formatDate', () => {
  it('writes the spec examples', () => {
    expect(formatDate(sample, '%b %d %Y')).toBe('Sep 30 2013');
    expect(formatDate(sample, '%B %d %Y')).toBe('September 30 2013');
    expect(formatDate(sample, '%B %d %Y %H:%M:%S')).toBe('September 30 2013 23:04:05');
    expect(formatDate(sample, '%a %b %d %H:%M:%S %z %Y')).toBe('Mon Sep 30 23:04:05 +0000 2013');
  });

  it('writes wall time and offset in a given zone', () => {
    expect(formatDate(sample, '%Y-%m-%d %H:%M:%S %z', 'America/New_York')).toBe('2013-09-30 19:04:05 -0400');
    expect(formatDate(sample, '%a %d %H:%M%z', 'Asia/Kolkata')).toBe('Tue 01 04:34+0530');
    expect(formatDate(sample, '%I:%M %p %j')).toBe('11:04 PM 273');
  });

  it('throws RangeError for an invalid date or zone', () => {
    expect(() => formatDate(new Date(Number.NaN), '%Y')).toThrow(RangeError);
    expect(() => formatDate(sample, '%Y', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('parseDate', () => {
  it('reads dates in UTC unless a zone is given', () => {
    expect(parseDate('Sep 30 2013', '%b %d %Y')?.toISOString()).toBe('2013-09-30T00:00:00.000Z');
    expect(parseDate('2013-09-30 23:04:05 -0400', '%Y-%m-%d %H:%M:%S %z')?.toISOString()).toBe(
      '2013-10-01T03:04:05.000Z',
    );
    expect(parseDate('2013-09-30T23:04:05+05:30', '%Y-%m-%dT%H:%M:%S%z')?.toISOString()).toBe(
      '2013-09-30T17:34:05.000Z',
    );
    expect(parseDate('2013-09-30 19:04:05', '%Y-%m-%d %H:%M:%S', 'America/New_York')?.toISOString()).toBe(
      '2013-09-30T23:04:05.000Z',
    );
  });

  it('follows strptime for two-digit years, missing years and names', () => {
    expect(parseDate('09/30/13', '%m/%d/%y')?.getUTCFullYear()).toBe(2013);
    expect(parseDate('09/30/69', '%m/%d/%y')?.getUTCFullYear()).toBe(1969);
    expect(parseDate('09/30', '%m/%d')?.toISOString()).toBe('1900-09-30T00:00:00.000Z');
    expect(parseDate('september  30 2013', '%B %d %Y')?.toISOString()).toBe('2013-09-30T00:00:00.000Z');
  });

  it('returns null for text that does not match or an impossible date', () => {
    expect(parseDate('2013-09-30', '%m/%d/%Y')).toBeNull();
    expect(parseDate('02/30/2013', '%m/%d/%Y')).toBeNull();
    expect(parseDate('13/01/2013', '%m/%d/%Y')).toBeNull();
    expect(parseDate('2013-09-30T25:00:00', '%Y-%m-%dT%H:%M:%S')).toBeNull();
    expect(parseDate('Sept 30 2013', '%b %d %Y')).toBeNull();
  });

  it('round-trips any instant through the ISO-with-zone pattern in any offset zone', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, zone) => {
          const seconds = new Date(Math.floor(date.getTime() / 1000) * 1000);
          const text = formatDate(seconds, '%Y-%m-%dT%H:%M:%S%z', zone);
          expect(parseDate(text, '%Y-%m-%dT%H:%M:%S%z')?.getTime()).toBe(seconds.getTime());
        },
      ),
    );
  });
});
