/**
 * Bearer and one-time tokens: 256 random bits, base64url on the wire, only their sha-256
 * in the database (a stolen database does not yield usable tokens).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Makes a new random 256-bit token, base64url-encoded (43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The sha-256 of a token (or code), hex, as stored in the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two strings without an early exit on the first difference. */
export function isSameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
