import { describe, expect, it } from 'vitest';
import { delayProblem, MAX_DELAY_SECONDS, parseDelay } from './delay.js';

describe('the delay rule (editor-core 2.10, 9: seconds, default 0)', () => {
  it('reads what a person typed: empty is 0, whole seconds up to one year', () => {
    expect(parseDelay('30')).toEqual({ ok: true, seconds: 30 });
    expect(parseDelay(' ')).toEqual({ ok: true, seconds: 0 });
    expect(parseDelay(String(MAX_DELAY_SECONDS))).toEqual({ ok: true, seconds: 31_536_000 });
  });

  it('refuses negative, fractional, non-numeric and over-long delays with a message', () => {
    for (const text of ['-1', '1.5', 'abc', 'Infinity']) {
      expect(parseDelay(text)).toEqual({ ok: false, message: 'Enter a whole number of seconds, 0 or more.' });
    }
    expect(parseDelay('99999999999')).toEqual({
      ok: false,
      message: 'A delay can be at most 31536000 seconds (one year).',
    });
    expect(delayProblem(Number.NaN)).toBeDefined();
  });
});
