/**
 * Password rules and strength values at their boundaries (onboarding 5, 9), in core (what the
 * sign-up modal shows live) and through the real sign-up API (what the server enforces).
 */
import { checkPassword, PASSWORD_MESSAGES, passwordStrength } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases } from '../api/harness.js';

/** A password of `length` characters with a letter and no character three times in a row. */
function cleanPassword(length: number): string {
  return Array.from({ length }, (_, i) => 'ab1'[i % 3]).join('');
}

/** A password of `length` characters with a letter and 'aaa' inside. */
function repeatingPassword(length: number): string {
  return `aaa${cleanPassword(length - 3)}`;
}

describe('password rules at the boundaries (core)', () => {
  it.each([
    [0, [PASSWORD_MESSAGES.blank]],
    [11, [PASSWORD_MESSAGES.length]],
    [12, []],
    [512, []],
    [513, [PASSWORD_MESSAGES.length]],
  ])('length %i', (length, expected) => {
    expect(checkPassword(cleanPassword(length))).toEqual(expected);
  });

  it('refuses three repeats at 19 characters and allows them at 20', () => {
    expect(checkPassword(repeatingPassword(19))).toEqual([PASSWORD_MESSAGES.repeats]);
    expect(checkPassword(repeatingPassword(20))).toEqual([]);
    // Two in a row are always fine.
    expect(checkPassword(`xx${cleanPassword(10)}`)).toEqual([]);
  });

  it('needs a letter', () => {
    expect(checkPassword('1234567890123')).toEqual([PASSWORD_MESSAGES.letter]);
  });
});

describe('strength values at the boundaries (core)', () => {
  it.each([
    ['empty', '', 20, 'Weak', 'red'],
    ['11 characters', cleanPassword(11), 20, 'Weak', 'red'],
    ['12 digits, no repeats', '123456789012', 70, 'Moderate', 'orange'],
    ['12 digits with a repeat: 40, just above 35', '111234567890', 40, 'Moderate', 'orange'],
    ['12 characters with a letter and a repeat: 70', repeatingPassword(12), 70, 'Moderate', 'orange'],
    ['12 clean characters: 100', cleanPassword(12), 100, 'Strong', 'green'],
    ['19 characters with a repeat', repeatingPassword(19), 70, 'Moderate', 'orange'],
    ['20 characters with a repeat, no errors', repeatingPassword(20), 100, 'Strong', 'green'],
    ['20 digits, no letter', '12345678901234567890', 40, 'Moderate', 'orange'],
    ['512 clean characters', cleanPassword(512), 100, 'Strong', 'green'],
    ['513 characters', cleanPassword(513), 50, 'Moderate', 'orange'],
  ])('%s', (_name, password, score, label, color) => {
    expect(passwordStrength(password)).toEqual({ score, label, color });
  });
});

describe.each(openTestDatabases())('the sign-up API enforces the same rules on $dialect', (testDb) => {
  let h: ApiHarness;
  let n = 0;
  beforeAll(async () => {
    h = await openHarness(testDb);
  });
  afterAll(async () => {
    await h?.close();
  });

  const signUp = (password: string) => {
    n += 1;
    return h.call('POST', '/api/auth/sign-up', {
      body: { email: `boundary-${n}-${Date.now()}@example.com`, password },
    });
  };

  it.each([
    ['11 characters', cleanPassword(11), 422, PASSWORD_MESSAGES.length],
    ['12 characters', cleanPassword(12), 201, null],
    ['no letter', '123456789012', 422, PASSWORD_MESSAGES.letter],
    ['a repeat at 19 characters', repeatingPassword(19), 422, PASSWORD_MESSAGES.repeats],
    ['a repeat at 20 characters', repeatingPassword(20), 201, null],
    ['512 characters', cleanPassword(512), 201, null],
  ])('%s', async (_name, password, status, detail) => {
    const res = await signUp(password);
    expect(res.status, res.text).toBe(status);
    if (detail) expect(res.json).toMatchObject({ detail, field: 'password' });
    else expect(res.json.tenant.name).toBe('My First Workspace');
  });

  it('answers 400 naming the field above 512 characters (the contract limit)', async () => {
    const res = await signUp(cleanPassword(513));
    expect(res.status).toBe(400);
    expect(res.text).toContain('password');
  });
});
