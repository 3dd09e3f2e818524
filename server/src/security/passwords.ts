/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane) and the
 * password rules of onboarding-and-extras 5.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read as a value;
// 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the PHC string carries salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** Answers whether `password` matches a stored argon2 hash; false (not an error) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when there is no user to check, so the
 * answer time does not tell whether an e-mail has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('junction-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Checks a password against onboarding-and-extras 5 "Password"; answers the first
 * message that applies, or null when the password is acceptable.
 *
 * TODO: switch to core's `checkPassword` from '@junction/core' once core/src/accounts
 * exports it, so browser and server share one rule.
 */
export function findPasswordProblem(password: string): string | null {
  if (password.length === 0) return "Password can't be blank.";
  if (password.length < 12 || password.length > 512) return 'Password must be between 12 and 512 characters.';
  if (!/\p{L}/u.test(password)) return 'Password must contain at least one Alphabet character.';
  // The repeat rule only applies below 20 characters (onboarding-and-extras 5).
  if (password.length < 20 && /(.)\1\1/su.test(password))
    return "Password can't have more than 3 repeating characters.";
  return null;
}
