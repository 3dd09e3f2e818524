import { describe, expect, it } from 'vitest';
import { checkPassword, isValidPassword, passwordStrength } from './password.js';

const BLANK = "Password can't be blank.";
const LENGTH = 'Password must be between 12 and 512 characters.';
const LETTER = 'Password must contain at least one Alphabet character.';
const REPEATS = "Password can't have more than 3 repeating characters.";

describe('checkPassword', () => {
  it('reports only the blank message for an empty or whitespace password', () => {
    expect(checkPassword('')).toEqual([BLANK]);
    expect(checkPassword('   ')).toEqual([BLANK]);
  });

  it('checks the length 12 to 512', () => {
    expect(checkPassword('abcdefghijk')).toEqual([LENGTH]);
    expect(checkPassword('abcdefghijkl')).toEqual([]);
    expect(checkPassword('ab'.repeat(256))).toEqual([]);
    expect(checkPassword('ab'.repeat(256) + 'c')).toEqual([LENGTH]);
  });

  it('needs a letter, any alphabet', () => {
    expect(checkPassword('123456789012')).toEqual([LETTER]);
    expect(checkPassword('12345678901ж')).toEqual([]);
  });

  it('refuses 3 identical characters in a row below 20 characters only', () => {
    expect(checkPassword('abcaaadefghi')).toEqual([REPEATS]);
    expect(checkPassword('abcaadefghij')).toEqual([]);
    expect(checkPassword('abcaaadefghijklmnop')).toEqual([REPEATS]);
    expect(checkPassword('abcaaadefghijklmnopq')).toEqual([]);
  });

  it('lists every broken rule in order', () => {
    expect(checkPassword('111')).toEqual([LENGTH, LETTER, REPEATS]);
    expect(isValidPassword('111')).toBe(false);
    expect(isValidPassword('correct horse')).toBe(true);
  });

  it('counts an emoji as one character', () => {
    expect(checkPassword('abcdefghijk😀')).toEqual([]);
  });
});

describe('passwordStrength', () => {
  it('starts at 20: Weak and red', () => {
    expect(passwordStrength('')).toEqual({ score: 20, label: 'Weak', color: 'red' });
    expect(passwordStrength('abc')).toEqual({ score: 20, label: 'Weak', color: 'red' });
  });

  it('adds 20 for a valid length and 30 for no repeats at 12-19 characters', () => {
    // digits only: length +20, no letter, no repeats +30
    expect(passwordStrength('123456789012')).toEqual({ score: 70, label: 'Moderate', color: 'orange' });
    // digits with a repeat: length only
    expect(passwordStrength('111456789012')).toEqual({ score: 40, label: 'Moderate', color: 'orange' });
  });

  it('adds 30 for a letter at length 12 or more', () => {
    expect(passwordStrength('aaabcdefghij')).toEqual({ score: 70, label: 'Moderate', color: 'orange' });
    expect(passwordStrength('abcdefghijkl')).toEqual({ score: 100, label: 'Strong', color: 'green' });
  });

  it('at 20 or more characters adds the last 30 only without errors so far', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaa')).toEqual({ score: 100, label: 'Strong', color: 'green' });
    expect(passwordStrength('11111111111111111111')).toEqual({ score: 40, label: 'Moderate', color: 'orange' });
    // 513 characters: not a valid length, so neither +20 nor the last +30
    expect(passwordStrength('a'.repeat(513))).toEqual({ score: 50, label: 'Moderate', color: 'orange' });
  });

  it('uses the thresholds 35 and 91', () => {
    expect(passwordStrength('abcdefghijk').label).toBe('Weak');
    expect(passwordStrength('abcdefghijkl').score).toBeGreaterThanOrEqual(91);
  });
});
