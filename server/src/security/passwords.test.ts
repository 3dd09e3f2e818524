import { describe, expect, it } from 'vitest';
import { findPasswordProblem, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain('correct horse battery');
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it("applies onboarding-and-extras 5's password rules with the spec's messages", () => {
    expect(findPasswordProblem('')).toBe("Password can't be blank.");
    expect(findPasswordProblem('short1')).toBe('Password must be between 12 and 512 characters.');
    expect(findPasswordProblem('a'.repeat(513))).toBe('Password must be between 12 and 512 characters.');
    expect(findPasswordProblem('123456789012')).toBe('Password must contain at least one Alphabet character.');
    expect(findPasswordProblem('abcaaa789012')).toBe("Password can't have more than 3 repeating characters.");
    // From 20 characters on, repeats are allowed.
    expect(findPasswordProblem('aaa45678901234567890')).toBeNull();
    expect(findPasswordProblem('ab1ab1ab1ab1')).toBeNull();
  });
});
