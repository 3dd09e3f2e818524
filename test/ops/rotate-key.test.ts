/**
 * `junction rotate-key` on SQLite and PostgreSQL: after a new key is put first, every stored
 * secret (connections, webhook handshake secrets, portal app client secrets) is re-sealed with it and opens with the new
 * key alone once the old one is removed; a second run has nothing left to do; a secret no
 * configured key opens is reported and left alone.
 */
import { randomBytes } from 'node:crypto';
import type { AppDefinition } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSecretContext } from '../../server/src/integrations/registry.js';
import { rotateKeys } from '../../server/src/ops/rotate-key.js';
import { createVault, decodeKeys } from '../../server/src/security/vault.js';
import type { SealedSecret } from '../../server/src/store/repos/credentials.js';
import { createHookSecretsRepo } from '../../server/src/store/repos/hook-secrets.js';
import { createPortalAppStore } from '../../server/src/store/repos/portal-apps.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import { insertConnection, insertWorkspace, openConnection, SECRET } from './support.js';

const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const lostKey = randomBytes(32).toString('base64');

describe.each(openTestDatabases())('rotate-key on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  const account = { tenantId: 't-rotate', userId: 'u-rotate' };
  const connections: string[] = [];

  beforeAll(async () => {
    opened = await testDb.open({ encryptionKeys: [oldKey] });
    await insertWorkspace(opened, account.tenantId, account.userId);
    const at = new Date().toISOString();
    for (let i = 0; i < 3; i++) connections.push(await insertConnection(opened, opened.config, account));
    const vault = createVault(decodeKeys([oldKey]));
    const sealed = vault.encrypt('asana-secret', { tenantId: account.tenantId, credentialId: 'hook:asana:hk1' });
    await createHookSecretsRepo(opened.db).upsert({
      hook_key: 'hk1',
      kind: 'asana',
      tenant_id: account.tenantId,
      ciphertext: sealed.ciphertext,
      nonce: sealed.nonce,
      key_version: sealed.keyVersion,
      expires_at: null,
      created_at: at,
      updated_at: at,
    });
    const app = { tenantId: account.tenantId, slug: 'rotate-app' };
    await createPortalAppStore(opened.db).insert({
      ...app,
      definition: { appName: 'Rotate App' } as AppDefinition,
      summary: {},
      clientSecret: vault.encrypt('client-secret', clientSecretContext(app)),
      listing: null,
      listingStatus: 'Draft',
      createdAt: at,
      updatedAt: at,
    });
  }, 120_000);
  afterAll(() => opened?.close());

  it('re-seals every secret under the new key, which alone opens them afterwards', async () => {
    const config = { ...opened.config, encryptionKeys: [newKey, oldKey] };
    const report = await rotateKeys(opened, config);
    expect(report).toMatchObject({
      keyVersion: decodeKeys([newKey])[0]?.version,
      connections: { rotated: 3, failed: [] },
      hookSecrets: { rotated: 1, failed: [] },
      appSecrets: { rotated: 1, failed: [] },
    });
    const onlyNew = { ...opened.config, encryptionKeys: [newKey] };
    for (const id of connections) {
      expect(await openConnection(opened, onlyNew, account.tenantId, id)).toEqual(SECRET);
    }
    const row = await createHookSecretsRepo(opened.db).find('hk1', 'asana');
    const opener = createVault(decodeKeys([newKey]));
    expect(
      opener.decrypt(
        { ciphertext: row?.ciphertext as string, nonce: row?.nonce as string, keyVersion: row?.key_version as string },
        { tenantId: account.tenantId, credentialId: 'hook:asana:hk1' },
      ),
    ).toBe('asana-secret');
    const app = await createPortalAppStore(opened.db).findAnyTenant('rotate-app');
    expect(
      opener.decrypt(
        app?.clientSecret as SealedSecret,
        clientSecretContext({ tenantId: account.tenantId, slug: 'rotate-app' }),
      ),
    ).toBe('client-secret');
    // Resumable: a second run finds nothing sealed with another key.
    const again = await rotateKeys(opened, config);
    expect(again.connections.rotated + again.hookSecrets.rotated + again.appSecrets.rotated).toBe(0);
  });

  it('reports a secret that no configured key opens and leaves it as it is', async () => {
    const lost = await insertConnection(opened, { ...opened.config, encryptionKeys: [lostKey] }, account);
    const report = await rotateKeys(opened, { ...opened.config, encryptionKeys: [newKey] });
    expect(report.connections).toEqual({ rotated: 0, failed: [lost] });
    expect(
      await openConnection(opened, { ...opened.config, encryptionKeys: [lostKey] }, account.tenantId, lost),
    ).toEqual(SECRET);
  });
});
