/**
 * Seals the secrets of an export file with an operator's passphrase: scrypt derives a 256-bit
 * key from the passphrase and a random salt, AES-256-GCM seals the text. The file carries the
 * scrypt parameters, so a later Junction can raise them and still open older files.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/** A sealed text as it is written into an export file. */
export interface PassphraseBox {
  kdf: 'scrypt';
  /** scrypt cost parameters. */
  N: number;
  r: number;
  p: number;
  salt: string;
  nonce: string;
  /** base64 of the ciphertext followed by the 16-byte GCM tag. */
  ciphertext: string;
}

/** scrypt cost: 2^15 × 8 × 128 bytes = 32 MiB of memory per derivation. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const TAG_BYTES = 16;
const ASSOCIATED = Buffer.from('junction-export-v1', 'utf8');

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 });
}

/** Seals `plaintext` with a passphrase. */
export function sealWithPassphrase(plaintext: string, passphrase: string): PassphraseBox {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(passphrase, salt, COST), nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    kdf: 'scrypt',
    ...COST,
    salt: salt.toString('base64'),
    nonce: nonce.toString('base64'),
    ciphertext: body.toString('base64'),
  };
}

/** A box the passphrase does not open (wrong passphrase, or the file was altered). */
export class WrongPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open the connections of this export (wrong passphrase, or the file was altered).');
    this.name = 'WrongPassphraseError';
  }
}

/** Opens a box sealed by {@link sealWithPassphrase}; throws WrongPassphraseError when it cannot. */
export function openWithPassphrase(box: PassphraseBox, passphrase: string): string {
  if (box.kdf !== 'scrypt' || !(box.N > 1 && box.N <= 2 ** 20) || !(box.r >= 1 && box.r <= 32) || box.p !== 1) {
    throw new WrongPassphraseError();
  }
  const body = Buffer.from(box.ciphertext, 'base64');
  if (body.length < TAG_BYTES) throw new WrongPassphraseError();
  try {
    const key = deriveKey(passphrase, Buffer.from(box.salt, 'base64'), box);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.nonce, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(ASSOCIATED);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new WrongPassphraseError();
  }
}
