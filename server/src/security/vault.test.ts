import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRepos } from '../store/repos/index.js';
import { openTestDatabases } from '../store/test-db.js';
import { createVault, decodeKeys, KEY_FILE_NAME, loadVaultKeys } from './vault.js';

const newKey = () => randomBytes(32).toString('base64');
const ctx = { tenantId: 'tenant-a', credentialId: 'cred-1' };

describe('vault', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'junction-vault-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('round-trips a secret with a fresh nonce each time', () => {
    const vault = createVault(decodeKeys([newKey()]));
    const a = vault.encrypt('s3cret', ctx);
    const b = vault.encrypt('s3cret', ctx);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.ciphertext).not.toContain('s3cret');
    expect(Buffer.from(a.nonce, 'base64')).toHaveLength(12);
    expect(vault.decrypt(a, ctx)).toBe('s3cret');
    expect(vault.decrypt(b, ctx)).toBe('s3cret');
  });

  it('refuses altered ciphertext', () => {
    const vault = createVault(decodeKeys([newKey()]));
    const sealed = vault.encrypt('s3cret', ctx);
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => vault.decrypt({ ...sealed, ciphertext: bytes.toString('base64') }, ctx)).toThrow(
      /could not be decrypted/,
    );
  });

  it('refuses a sealed value moved to another tenant or credential', () => {
    const vault = createVault(decodeKeys([newKey()]));
    const sealed = vault.encrypt('s3cret', ctx);
    expect(() => vault.decrypt(sealed, { ...ctx, tenantId: 'tenant-b' })).toThrow(/could not be decrypted/);
    expect(() => vault.decrypt(sealed, { ...ctx, credentialId: 'cred-2' })).toThrow(/could not be decrypted/);
  });

  it('refuses a key that is not 32 bytes and a value sealed with an unknown key', () => {
    expect(() => decodeKeys([Buffer.alloc(16).toString('base64')])).toThrow(/32 bytes/);
    const sealed = createVault(decodeKeys([newKey()])).encrypt('x', ctx);
    expect(() => createVault(decodeKeys([newKey()])).decrypt(sealed, ctx)).toThrow(/not configured/);
  });

  it('generates the key file with mode 0600 once and reuses it', () => {
    const dataDir = path.join(root, 'data');
    const first = loadVaultKeys({ dataDir });
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const second = loadVaultKeys({ dataDir });
    expect(second[0]?.version).toBe(first[0]?.version);
    const sealed = createVault(first).encrypt('kept', ctx);
    expect(createVault(second).decrypt(sealed, ctx)).toBe('kept');
  });

  it('prefers configured keys over the key file', () => {
    const key = newKey();
    const keys = loadVaultKeys({ dataDir: path.join(root, 'unused'), encryptionKeys: [key] });
    expect(keys[0]?.version).toBe(decodeKeys([key])[0]?.version);
  });
});

describe.each(openTestDatabases())('vault rotation on $dialect', (testDb) => {
  it('re-seals stored credentials with the newest key and still opens them', async () => {
    const opened = await testDb.open();
    try {
      const repos = createRepos(opened.db);
      const now = new Date().toISOString();
      await repos.users.insert({
        id: 'u1',
        email: 'rot@example.com',
        name: '',
        passwordHash: 'h',
        emailVerified: true,
        createdAt: now,
      });
      await repos.tenants.insert({ id: 't1', name: 'W', plan: 'free', planStatus: 'active', createdAt: now });
      const oldKey = newKey();
      const oldVault = createVault(decodeKeys([oldKey]));
      for (const id of ['c1', 'c2', 'c3']) {
        await repos.credentials.insert({
          id,
          tenantId: 't1',
          userId: 'u1',
          app: 'demo-crm',
          name: id,
          sealed: oldVault.encrypt(`secret-${id}`, { tenantId: 't1', credentialId: id }),
          publicValues: {},
          secretKeys: ['password'],
          lastUsed: null,
          createdAt: now,
          updatedAt: now,
        });
      }
      // c3 was damaged on disk: rotation reports it and carries on.
      await repos.credentials.update('t1', 'c3', {
        sealed: { ciphertext: 'AAAA', nonce: 'AAAA', keyVersion: oldVault.currentVersion },
      });

      const newestKey = newKey();
      const vault = createVault(decodeKeys([newestKey, oldKey]));
      expect(await vault.rotate(repos.credentials)).toEqual({ rotated: 2, failed: ['c3'] });
      const c1 = await repos.credentials.get('t1', 'c1');
      expect(c1?.sealed.keyVersion).toBe(vault.currentVersion);
      expect(vault.decrypt(c1!.sealed, { tenantId: 't1', credentialId: 'c1' })).toBe('secret-c1');
      // Once rotated, the old key is no longer needed.
      const newOnly = createVault(decodeKeys([newestKey]));
      expect(newOnly.decrypt(c1!.sealed, { tenantId: 't1', credentialId: 'c1' })).toBe('secret-c1');
      expect(await vault.rotate(repos.credentials)).toEqual({ rotated: 0, failed: ['c3'] });
    } finally {
      await opened.close();
    }
  });
});
