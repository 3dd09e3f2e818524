import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutTrailing } from './trailing.js';

describe('withoutTrailing', () => {
  it('removes the whole run at the end and nothing else', () => {
    expect(withoutTrailing('https://a.example//', '/')).toBe('https://a.example');
    expect(withoutTrailing('a/b', '/')).toBe('a/b');
    expect(withoutTrailing('///', '/')).toBe('');
    expect(withoutTrailing('', '.')).toBe('');
    expect(withoutTrailing('Refused...', '.')).toBe('Refused');
  });

  it('answers on a long run that does not end the text (quadratic as a regular expression)', () => {
    expect(withoutTrailing(`${'/'.repeat(1_000_000)}a`, '/')).toHaveLength(1_000_001);
    expect(withoutTrailing(`a${'.'.repeat(1_000_000)}`, '.')).toBe('a');
  });

  it('agrees with the regular expression it replaces on short texts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[/.a]{0,12}$/), (text) => {
        expect(withoutTrailing(text, '/')).toBe(text.replace(/\/+$/, ''));
        expect(withoutTrailing(text, '.')).toBe(text.replace(/\.+$/, ''));
      }),
    );
  });
});
