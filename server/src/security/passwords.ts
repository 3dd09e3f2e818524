/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane). The rules a
 * password must meet are core's `checkPassword` (onboarding-and-extras 5).
 */
import type { Algorithm } from '@node-rs/argon2';

// Loaded with the first hash or check, not at start (the native addon is not needed before).
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// `Algorithm` is an ambient const enum, which isolatedModules cannot read as a value;
// 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The stored hash of an account without a password: no password matches it. A password set
 * before the address was proven is replaced by it once the owner proves the mailbox by a
 * sign-in link (the squatter may have set it); the owner then sets one without the old.
 */
export const NO_PASSWORD_HASH = '';

/** Hashes a password with argon2id; the PHC string carries salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, HASH_OPTIONS);
}

/** Answers whether `password` matches a stored argon2 hash; false (not an error) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
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
