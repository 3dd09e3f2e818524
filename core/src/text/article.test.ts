import { describe, expect, it } from 'vitest';
import { indefiniteArticle } from './article.js';

describe('indefiniteArticle', () => {
  it("says 'an' before a vowel sound and 'a' before a consonant sound", () => {
    expect(['order', 'invoice', 'address', 'email address', 'item', 'Upload'].map(indefiniteArticle)).toEqual([
      'an',
      'an',
      'an',
      'an',
      'an',
      'an',
    ]);
    expect(['contact', 'user', 'unit', 'one-off', 'European', 'Row', ''].map(indefiniteArticle)).toEqual([
      'a',
      'a',
      'a',
      'a',
      'a',
      'a',
      'a',
    ]);
  });

  it("says 'an' before a silent h", () => {
    expect(indefiniteArticle('hour')).toBe('an');
    expect(indefiniteArticle('hook')).toBe('a');
  });
});
