/**
 * Portal app client secrets follow key rotation (JUNCTION_ENCRYPTION_KEY, newest first): after
 * `rotateCredentialKeys` with the new key first, the old key can be dropped and the app's
 * engine view still has its secret.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/src/config.js';
import { createServices } from '../../server/src/compose.js';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';

const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const SECRET = 'rotating-client-secret-4711';

describe.each(openTestDatabases())('portal app secret rotation on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  const withKeys = (keys: string[]): Config => ({ ...opened.config, encryptionKeys: keys });

  beforeAll(async () => {
    opened = await testDb.open();
  });
  afterAll(() => opened?.close());

  it('re-seals the client secret with the newest key; the old key can then go', async () => {
    const slug = `rotating-${Date.now()}`;
    // A fresh handle per services: closing services closes the database handle they were given.
    const first = createServices(withKeys([oldKey]), { db: await reopen() });
    await first.ready;
    const grant = await first.accounts.signUp({ email: `${slug}@example.com`, password: 'Plenty-of-letters-42' });
    const ctx = (await first.accounts.authenticate(grant.token))!;
    const tenantId = ctx.tenantId;
    const created = await first.apps.create(ctx, {
      appSlug: slug,
      appName: 'Rotating',
      actions: { me: { title: 'Me', method: 'get', url: 'https://api.example/me', fields: [] } },
      triggers: {},
      authInfo: { apiType: 'oauth2', clientInfo: { client_id: 'cid', client_secret: SECRET } },
    });
    expect(created.authInfo.clientInfo?.client_secret).toBe(SECRET_SENTINEL);
    await first.close();

    const second = createServices(withKeys([newKey, oldKey]), { db: await reopen() });
    const result = await second.rotateCredentialKeys();
    expect(result.failed).toEqual([]);
    expect(result.rotated).toBeGreaterThanOrEqual(1);
    expect((await second.rotateCredentialKeys()).rotated).toBe(0);
    await second.close();

    const { createAppRegistry } = await import('../../server/src/integrations/registry.js');
    const { createVault, decodeKeys } = await import('../../server/src/security/vault.js');
    const handle = await reopen();
    const registry = createAppRegistry({ handle, vault: createVault(decodeKeys([newKey])) } as never);
    const app = await registry.resolve(tenantId, slug);
    await handle.close();
    expect(app?.authInfo.clientInfo?.client_secret).toBe(SECRET);
  });

  async function reopen() {
    const { createDb } = await import('../../server/src/store/create-db.js');
    return createDb(opened.config);
  }
});
