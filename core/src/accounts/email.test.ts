import { describe, expect, it } from 'vitest';
import { emailError, INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from './email.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['ada@example.com', 'first.last+tag@mail.example.co.uk', ' ada@example.com ', "o'neil@x-y.io"]) {
      expect(isValidEmail(ok)).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@@example.com',
      'a b@example.com',
      'ada@-x.com',
      'ada@x..com',
    ]) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  it('refuses addresses over 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`)).toBe(true);
    expect(
      isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`),
    ).toBe(false);
  });
});

describe('emailError', () => {
  it("gives 'Invalid Email' or null", () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Invalid Email');
    expect(emailError('nope')).toBe('Invalid Email');
    expect(emailError('ada@example.com')).toBeNull();
  });
});

describe('normaliseEmail', () => {
  it('gives one spelling whatever the case and surrounding spaces', () => {
    for (const spelling of ['ops@example.com', 'OPS@example.com', '  Ops@Example.COM ', '\tops@EXAMPLE.com\n']) {
      expect(normaliseEmail(spelling)).toBe('ops@example.com');
    }
  });

  it('gives an empty text for anything but a text', () => {
    for (const value of [undefined, null, 42, {}, ['a@b.co']]) expect(normaliseEmail(value)).toBe('');
  });

  it('answers hostile addresses at once: the length is checked before the pattern runs', () => {
    const label = `a${'-'.repeat(61)}`;
    for (const hostile of [
      `a@${`${label}.`.repeat(3)}${'-'.repeat(50)}`,
      `${'a'.repeat(240)}@a${'.a'.repeat(5)}.`,
      `a@${'a.'.repeat(1_000_000)}`,
      `${'.'.repeat(1_000_000)}@`,
    ]) {
      expect(isValidEmail(hostile)).toBe(false);
    }
  });
});
