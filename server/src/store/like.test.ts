import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.js';

describe('containsPattern', () => {
  it('lower-cases the text and escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('Ada')).toBe('%ada%');
    expect(containsPattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
