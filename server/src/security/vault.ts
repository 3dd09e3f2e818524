/**
 * The credential vault: AES-256-GCM with a random 12-byte nonce per seal, and associated
 * data binding each ciphertext to its tenant, credential and key, so a sealed value copied
 * onto another row (or another tenant) fails to open.
 *
 * Keys come from `config.encryptionKeys` (JUNCTION_ENCRYPTION_KEY, base64 32 bytes, newest
 * first) or, when none are set, from `${dataDir}/junction.key`, generated with mode 0600 on
 * first start. The newest key seals; every listed key opens, which is how rotation works.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** One vault key and the short fingerprint stored beside what it sealed. */
export interface VaultKey {
  version: string;
  key: Buffer;
}

/** A secret as the vault seals it (the credentials table's three columns). */
export interface SealedSecret {
  ciphertext: string;
  nonce: string;
  keyVersion: string;
}

/** The stored sealed secrets key rotation walks: the credentials repository answers it. */
export interface SealedSecretRows {
  /**
   * Up to `limit` rows (all tenants) sealed with a key other than `keyVersion`, in id order,
   * starting after `afterId` (a cursor, so a row that cannot be re-sealed is not returned again).
   */
  listSealedWithOtherKey(
    keyVersion: string,
    limit: number,
    afterId?: string,
  ): Promise<{ id: string; tenantId: string; sealed: SealedSecret }[]>;
  /** Writes the re-sealed secret of one row. */
  update(tenantId: string, id: string, patch: { sealed: SealedSecret }): Promise<unknown>;
}

/** Which row a secret belongs to; part of the associated data. */
export interface SealContext {
  tenantId: string;
  credentialId: string;
}

/** Seals and opens credential secrets. */
export interface Vault {
  /** Fingerprint of the key that seals new values. */
  readonly currentVersion: string;
  /** Seals `plaintext` with the newest key. */
  encrypt(plaintext: string, context: SealContext): SealedSecret;
  /** Opens a sealed value; throws when the key is unknown, the data was altered or the context differs. */
  decrypt(sealed: SealedSecret, context: SealContext): string;
  /**
   * Re-seals with the newest key every stored credential sealed with an older one. Rows
   * that cannot be opened are counted as failed and left as they are.
   */
  rotate(repo: SealedSecretRows): Promise<{ rotated: number; failed: string[] }>;
}

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ROTATION_BATCH = 100;

/** Name of the generated key file inside the data folder. */
export const KEY_FILE_NAME = 'junction.key';

/** Fingerprint of a key: 12 hex characters of its sha-256. */
export function fingerprintKey(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** Decodes base64 keys (newest first), refusing any that is not exactly 32 bytes. */
export function decodeKeys(encoded: string[]): VaultKey[] {
  const keys = encoded
    .map((text) => text.trim())
    .filter((text) => text.length > 0)
    .map((text, index) => {
      const key = Buffer.from(text, 'base64');
      if (key.length !== KEY_BYTES) {
        throw new Error(`Encryption key #${index + 1} must be ${KEY_BYTES} bytes of base64 (got ${key.length} bytes).`);
      }
      return { version: fingerprintKey(key), key };
    });
  if (keys.length === 0) throw new Error('No encryption key given.');
  return keys;
}

/**
 * Reads the vault keys for a configuration: `encryptionKeys` when set, else the key file
 * in the data folder, created (32 random bytes, base64, mode 0600) when missing. The key
 * file may list several keys, one per line, newest first.
 */
export function loadVaultKeys(config: Pick<Config, 'dataDir' | 'encryptionKeys'>): VaultKey[] {
  if (config.encryptionKeys && config.encryptionKeys.length > 0) return decodeKeys(config.encryptionKeys);
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if the file exists, so two processes starting at once cannot each write
    // a different key: the loser reads the winner's.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    // The umask may have narrowed the mode further but never widens it; make it exact.
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKeys(readFileSync(file, 'utf8').split('\n'));
}

/** Builds a vault over keys, newest first. */
export function createVault(keys: VaultKey[]): Vault {
  const newest = keys[0];
  if (!newest) throw new Error('The vault needs at least one key.');
  const byVersion = new Map(keys.map((k) => [k.version, k.key]));
  const aad = (context: SealContext, version: string) =>
    Buffer.from(`${context.tenantId}|${context.credentialId}|${version}`, 'utf8');

  const encrypt = (plaintext: string, context: SealContext): SealedSecret => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', newest.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(context, newest.version));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { ciphertext: body.toString('base64'), nonce: nonce.toString('base64'), keyVersion: newest.version };
  };

  const decrypt = (sealed: SealedSecret, context: SealContext): string => {
    const key = byVersion.get(sealed.keyVersion);
    if (!key) {
      throw new Error(
        `Credential ${context.credentialId} was sealed with key ${sealed.keyVersion}, which is not configured.`,
      );
    }
    const body = Buffer.from(sealed.ciphertext, 'base64');
    const nonce = Buffer.from(sealed.nonce, 'base64');
    if (body.length < TAG_BYTES || nonce.length !== NONCE_BYTES)
      throw new Error(`Credential ${context.credentialId} is damaged.`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(context, sealed.keyVersion));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch (error) {
      // GCM's "unsupported state or unable to authenticate data" says nothing useful.
      throw new Error(`Credential ${context.credentialId} could not be decrypted (altered data or wrong context).`, {
        cause: error,
      });
    }
  };

  return {
    currentVersion: newest.version,
    encrypt,
    decrypt,
    async rotate(repo) {
      let rotated = 0;
      const failed: string[] = [];
      let afterId: string | undefined;
      for (;;) {
        const batch = await repo.listSealedWithOtherKey(newest.version, ROTATION_BATCH, afterId);
        if (batch.length === 0) break;
        for (const row of batch) {
          afterId = row.id;
          const context = { tenantId: row.tenantId, credentialId: row.id };
          let plaintext: string;
          try {
            plaintext = decrypt(row.sealed, context);
          } catch {
            failed.push(row.id);
            continue;
          }
          await repo.update(row.tenantId, row.id, { sealed: encrypt(plaintext, context) });
          rotated += 1;
        }
      }
      return { rotated, failed };
    },
  };
}
