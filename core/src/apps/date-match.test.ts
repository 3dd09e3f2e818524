import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_PATTERN_MAX_LENGTH,
  DATE_TEXT_MAX_LENGTH,
  MONTHS,
  matchPattern,
  tokenizePattern,
  WEEKDAYS,
} from './date-match.js';
import { formatDate, parseDate } from './datetime.js';

/**
 * The former matcher, a backtracking regular expression built from the pattern: the oracle the
 * new matcher must agree with. Only ever run here, on short texts.
 */
function regexMatch(text: string, pattern: string): Record<string, string> | null {
  const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = (list: string[], abbreviate: boolean) => list.map((n) => (abbreviate ? n.slice(0, 3) : n)).join('|');
  const directives: Record<string, string> = {
    Y: '(\\d{4})',
    y: '(\\d{2})',
    m: '(\\d{1,2})',
    d: '(\\d{1,2})',
    H: '(\\d{1,2})',
    I: '(\\d{1,2})',
    M: '(\\d{1,2})',
    S: '(\\d{1,2})',
    f: '(\\d{1,6})',
    j: '(\\d{1,3})',
    p: '(AM|PM)',
    z: '(Z|[+-]\\d{2}:?\\d{2})',
    b: `(${names(MONTHS, true)})`,
    B: `(${names(MONTHS, false)})`,
    a: `(${names(WEEKDAYS, true)})`,
    A: `(${names(WEEKDAYS, false)})`,
  };
  const order: string[] = [];
  let source = '';
  for (const token of tokenizePattern(pattern)) {
    if ('literal' in token) {
      source += token.literal
        .split(/(\s+)/)
        .map((piece) => (/^\s+$/.test(piece) ? '\\s+' : escapeRegExp(piece)))
        .join('');
    } else if (token.directive === '%') source += '%';
    else if (directives[token.directive]) {
      source += directives[token.directive];
      order.push(token.directive);
    } else source += escapeRegExp(`%${token.directive}`);
  }
  const match = new RegExp(`^${source}$`, 'i').exec(text);
  if (!match) return null;
  const found: Record<string, string> = {};
  order.forEach((directive, i) => {
    found[directive] = match[i + 1];
  });
  return found;
}

const DIRECTIVE_LETTERS = [...'YymdHIMSfjpzbBaA%q '];
const patternPart = fc.oneof(
  fc.constantFrom(...DIRECTIVE_LETTERS).map((letter) => `%${letter}`),
  fc.constantFrom('-', '/', ':', 'T', ' ', '  ', '\t', '.', 'x', '%', 'é', 'ß'),
);
const textPart = fc.oneof(
  fc.stringMatching(/^\d{1,7}$/),
  fc.constantFrom('sep', 'SEPTEMBER', 'Mon', 'monday', 'am', 'PM', 'Z', '+0530', '-04:00', 'mayo'),
  fc.constantFrom('-', '/', ':', 't', ' ', '\u00a0', '  ', '.', 'X', '%', '%q', 'É', 'ß', 'SS'),
);

describe('matchPattern', () => {
  it('reads what the former regular expression read, for any short pattern and text', () => {
    fc.assert(
      fc.property(
        fc.array(patternPart, { maxLength: 8 }).map((parts) => parts.join('')),
        fc.array(textPart, { maxLength: 10 }).map((parts) => parts.join('')),
        (pattern, text) => {
          expect(matchPattern(text, pattern)).toEqual(regexMatch(text, pattern));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads what the former regular expression read from any text a pattern writes', () => {
    fc.assert(
      fc.property(
        fc.array(patternPart, { maxLength: 8 }).map((parts) => parts.join('')),
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(undefined, 'Asia/Kolkata', 'America/New_York'),
        (pattern, date, zone) => {
          const text = formatDate(date, pattern, zone);
          expect(matchPattern(text, pattern)).toEqual(regexMatch(text, pattern));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the texts the 19 formats write, as the former regular expression did', () => {
    const texts = ['2013-09-30T23:04:05+0000', '09/30/13', 'Sep 30 2013', 'mon sep 30 23:04:05 +0000 2013'];
    for (const pattern of ['%Y-%m-%dT%H:%M:%S%z', '%m/%d/%y', '%b %d %Y', '%a %b %d %H:%M:%S %z %Y', '%m%d%y%H']) {
      for (const text of [...texts, '093013', '1230112']) {
        expect(matchPattern(text, pattern)).toEqual(regexMatch(text, pattern));
      }
    }
  });
});

describe('parseDate on hostile formats', () => {
  it('answers thirteen %f on a 40-digit text (a backtracking matcher takes minutes)', () => {
    const format = '%f'.repeat(13);
    expect(parseDate('1'.repeat(40), format)).toEqual(new Date('1900-01-01T00:00:00.100Z'));
    expect(parseDate(`${'1'.repeat(40)}x`, format)).toBeNull();
  });

  it('answers the longest pattern of digit directives on the longest text it reads', () => {
    const text = `${'1'.repeat(DATE_TEXT_MAX_LENGTH - 1)}x`;
    const half = DATE_PATTERN_MAX_LENGTH / 2;
    expect(parseDate(text, '%f'.repeat(half))).toBeNull();
    expect(parseDate(text, `${'%f'.repeat(half - 1)}x`)).toEqual(new Date('1900-01-01T00:00:00.100Z'));
    expect(parseDate(text, '%f%j%m%y'.repeat(half / 4))).toBeNull();
    expect(parseDate(`${'1 '.repeat(DATE_TEXT_MAX_LENGTH / 2 - 1)}x`, ' %f'.repeat(half / 2))).toBeNull();
  });

  it('refuses a text longer than it reads', () => {
    expect(parseDate(`${' '.repeat(5000)}2013${' '.repeat(5000)}`, '%Y')?.getUTCFullYear()).toBe(2013);
    expect(parseDate('1'.repeat(DATE_TEXT_MAX_LENGTH + 1), '%f'.repeat(DATE_TEXT_MAX_LENGTH + 1))).toBeNull();
    expect(parseDate('1'.repeat(DATE_TEXT_MAX_LENGTH + 1), '%Y')).toBeNull();
    expect(parseDate('2013', `%Y${' '.repeat(DATE_PATTERN_MAX_LENGTH)}`)).toBeNull();
  });
});
