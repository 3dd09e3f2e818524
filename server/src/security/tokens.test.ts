import { describe, expect, it } from 'vitest';
import { createToken, hashToken, isSameSecret } from './tokens.js';

describe('tokens', () => {
  it('makes distinct 256-bit base64url tokens', () => {
    const a = createToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(createToken()).not.toBe(a);
  });

  it('stores the sha-256 of a token, never the token', () => {
    const token = createToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });

  it('compares secrets by value', () => {
    expect(isSameSecret('1234', '1234')).toBe(true);
    expect(isSameSecret('1234', '1235')).toBe(false);
    expect(isSameSecret('1234', '12345')).toBe(false);
  });
});
