import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../create-db.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { createRepos, type Repos } from './index.js';

const T0 = '2025-01-01T00:00:00.000Z';
const iso = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

describe.each(openTestDatabases())('repositories on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let repos: Repos;

  beforeAll(async () => {
    opened = await testDb.open();
    repos = createRepos(opened.db);
  });
  afterAll(async () => {
    await opened.close();
  });

  async function seedUserAndTenant(email = `${randomUUID()}@example.com`) {
    const userId = randomUUID();
    const tenantId = randomUUID();
    await repos.users.insert({
      id: userId,
      email,
      name: 'Ada',
      passwordHash: 'h',
      emailVerified: false,
      createdAt: T0,
    });
    await repos.tenants.insert({
      id: tenantId,
      name: 'My First Workspace',
      plan: 'free',
      planStatus: 'active',
      createdAt: T0,
    });
    await repos.tenants.addMember({ userId, tenantId, role: 'owner', createdAt: T0 });
    return { userId, tenantId };
  }

  it('migrating twice changes nothing', async () => {
    await expect(migrateToLatest(opened)).resolves.toBeUndefined();
  });

  it('stores e-mails lower-cased, finds them case-insensitively and keeps them unique', async () => {
    const { userId } = await seedUserAndTenant('Ada.Lovelace@Example.COM');
    const found = await repos.users.findByEmail('ADA.lovelace@example.com');
    expect(found).toMatchObject({ id: userId, email: 'ada.lovelace@example.com', emailVerified: false });
    await expect(
      repos.users.insert({
        id: randomUUID(),
        email: 'ada.lovelace@EXAMPLE.com',
        name: '',
        passwordHash: 'h',
        emailVerified: false,
        createdAt: T0,
      }),
    ).rejects.toThrow();
    await repos.users.markEmailVerified(userId);
    expect((await repos.users.findById(userId))?.emailVerified).toBe(true);
  });

  it('shows a tenant only to its members', async () => {
    const a = await seedUserAndTenant();
    const b = await seedUserAndTenant();
    expect(await repos.tenants.findForMember(a.userId, a.tenantId)).toMatchObject({
      role: 'owner',
      tenant: { id: a.tenantId, name: 'My First Workspace', plan: 'free', planStatus: 'active' },
    });
    expect(await repos.tenants.findForMember(a.userId, b.tenantId)).toBeUndefined();
    expect((await repos.tenants.listForUser(a.userId)).map((m) => m.tenant.id)).toEqual([a.tenantId]);
  });

  it('finds a session only before it expires', async () => {
    const { userId, tenantId } = await seedUserAndTenant();
    const id = randomUUID();
    await repos.sessions.insert({ id, tokenHash: `hash-${id}`, userId, tenantId, expiresAt: iso(1000), createdAt: T0 });
    expect((await repos.sessions.findValid(`hash-${id}`, iso(999)))?.userId).toBe(userId);
    expect(await repos.sessions.findValid(`hash-${id}`, iso(1000))).toBeUndefined();
    expect(await repos.sessions.removeExpired(iso(2000))).toBeGreaterThanOrEqual(1);
    expect(await repos.sessions.findValid(`hash-${id}`, T0)).toBeUndefined();
  });

  it('keeps one code per user and refuses attempts past the limit', async () => {
    const { userId } = await seedUserAndTenant();
    await repos.codes.replaceCode({
      id: 'c1',
      userId,
      codeHash: 'x',
      expiresAt: iso(900_000),
      attempts: 0,
      createdAt: T0,
    });
    await repos.codes.replaceCode({
      id: 'c2',
      userId,
      codeHash: 'y',
      expiresAt: iso(900_000),
      attempts: 0,
      createdAt: iso(1),
    });
    const code = await repos.codes.findCode(userId);
    expect(code).toMatchObject({ id: 'c2', codeHash: 'y', attempts: 0 });
    const spent = [];
    for (let i = 0; i < 6; i++) spent.push(await repos.codes.spendAttempt('c2', 5));
    expect(spent).toEqual([true, true, true, true, true, false]);
    expect((await repos.codes.findCode(userId))?.attempts).toBe(5);
  });

  it('uses a one-time token once, for its purpose, before it expires', async () => {
    const { userId } = await seedUserAndTenant();
    await repos.codes.insertToken({
      id: randomUUID(),
      tokenHash: 't1',
      userId,
      purpose: 'sign-in',
      expiresAt: iso(1000),
      createdAt: T0,
    });
    await repos.codes.insertToken({
      id: randomUUID(),
      tokenHash: 't2',
      userId,
      purpose: 'sign-in',
      expiresAt: iso(1000),
      createdAt: T0,
    });
    expect(await repos.codes.consumeToken('t1', 'other', T0)).toBeUndefined();
    expect(await repos.codes.consumeToken('t1', 'sign-in', T0)).toBe(userId);
    expect(await repos.codes.consumeToken('t1', 'sign-in', T0)).toBeUndefined();
    expect(await repos.codes.consumeToken('t2', 'sign-in', iso(1000))).toBeUndefined();
    await repos.codes.insertToken({
      id: randomUUID(),
      tokenHash: 't3',
      userId,
      purpose: 'sign-in',
      expiresAt: iso(1000),
      createdAt: T0,
    });
    expect(await repos.codes.removeExpired(iso(1000))).toBeGreaterThanOrEqual(1);
    expect(await repos.codes.consumeToken('t3', 'sign-in', T0)).toBeUndefined();
  });

  it('uses a token of a kind once, answering the purpose it was bound to', async () => {
    const { userId } = await seedUserAndTenant();
    const token = (tokenHash: string, purpose: string) =>
      repos.codes.insertToken({ id: randomUUID(), tokenHash, userId, purpose, expiresAt: iso(1000), createdAt: T0 });
    await token('k1', 'popup:session-1');
    await token('k2', 'sign-in');
    expect(await repos.codes.consumeTokenOfKind('k2', 'popup:', T0)).toBeUndefined();
    expect(await repos.codes.consumeToken('k2', 'sign-in', T0)).toBe(userId);
    expect(await repos.codes.consumeTokenOfKind('k1', 'popup:', T0)).toEqual({ userId, purpose: 'popup:session-1' });
    expect(await repos.codes.consumeTokenOfKind('k1', 'popup:', T0)).toBeUndefined();
    await token('k3', 'popup:session-1');
    expect(await repos.codes.consumeTokenOfKind('k3', 'popup:', iso(1000))).toBeUndefined();
  });

  it('scopes workflows to their tenant and bumps the revision on each update', async () => {
    const a = await seedUserAndTenant();
    const b = await seedUserAndTenant();
    const id = randomUUID();
    const document = { id, name: 'Flow', steps: [{ id: 's1', data: { fields: [1, 'two', null] } }], links: [] };
    await repos.workflows.insert({
      id,
      tenantId: a.tenantId,
      name: 'Flow',
      active: false,
      document,
      revision: 1,
      createdAt: T0,
      updatedAt: T0,
    });

    expect(await repos.workflows.get(a.tenantId, id)).toMatchObject({
      id,
      name: 'Flow',
      active: false,
      revision: 1,
      document,
    });
    expect(await repos.workflows.get(b.tenantId, id)).toBeUndefined();
    expect(await repos.workflows.list(b.tenantId)).toEqual([]);
    expect((await repos.workflows.list(a.tenantId)).map((w) => w.id)).toEqual([id]);

    const change = { name: 'Renamed', active: true, document: { ...document, name: 'Renamed' }, updatedAt: iso(5) };
    expect(await repos.workflows.update(b.tenantId, id, change)).toBeUndefined();
    const updated = await repos.workflows.update(a.tenantId, id, change, 1);
    expect(updated).toMatchObject({
      name: 'Renamed',
      active: true,
      revision: 2,
      updatedAt: iso(5),
      document: { name: 'Renamed' },
    });
    expect(await repos.workflows.update(a.tenantId, id, change, 1)).toBeUndefined();
    expect((await repos.workflows.update(a.tenantId, id, change))?.revision).toBe(3);

    expect(await repos.workflows.remove(b.tenantId, id)).toBe(false);
    expect(await repos.workflows.remove(a.tenantId, id)).toBe(true);
    expect(await repos.workflows.get(a.tenantId, id)).toBeUndefined();
  });

  it('switches a workflow ON and OFF through setActive: column, document and trigger message, one revision each', async () => {
    const a = await seedUserAndTenant();
    const b = await seedUserAndTenant();
    const id = randomUUID();
    const trigger = { id: 't1', kind: 'trigger', position: { x: 0, y: 0 }, data: { name: 'Hook', triggerMessage: '' } };
    const document = { schemaVersion: 1, id, name: 'Flow', active: false, steps: [trigger], links: [] };
    await repos.workflows.insert({
      id,
      tenantId: a.tenantId,
      name: 'Flow',
      active: false,
      document,
      revision: 4,
      createdAt: T0,
      updatedAt: T0,
    });
    expect(await repos.workflows.setActive(b.tenantId, id, true, iso(1))).toBe(false);
    expect(await repos.workflows.setActive(a.tenantId, id, true, iso(2), { stepId: 't1', text: 'Listening.' })).toBe(
      true,
    );
    expect(await repos.workflows.get(a.tenantId, id)).toMatchObject({
      active: true,
      revision: 5,
      updatedAt: iso(2),
      document: { active: true, steps: [{ id: 't1', data: { name: 'Hook', triggerMessage: 'Listening.' } }] },
    });
    // An editor holding revision 4 can no longer save over the switch.
    expect(
      await repos.workflows.update(a.tenantId, id, { name: 'Old', document, updatedAt: iso(3) }, 4),
    ).toBeUndefined();
    expect(await repos.workflows.setActive(a.tenantId, id, false, iso(4))).toBe(true);
    expect(await repos.workflows.get(a.tenantId, id)).toMatchObject({
      active: false,
      revision: 6,
      document: { active: false, steps: [{ data: { triggerMessage: 'Listening.' } }] },
    });
  });

  it('scopes credentials to their tenant and lists those sealed with an old key', async () => {
    const a = await seedUserAndTenant();
    const b = await seedUserAndTenant();
    const base = { tenantId: a.tenantId, userId: a.userId, lastUsed: null, createdAt: T0, updatedAt: T0 };
    await repos.credentials.insert({
      ...base,
      id: 'cred-1',
      app: 'demo-crm',
      name: 'CRM',
      sealed: { ciphertext: 'c1', nonce: 'n1', keyVersion: 'old' },
      publicValues: { username: 'ada' },
      secretKeys: ['password'],
    });
    await repos.credentials.insert({
      ...base,
      id: 'cred-2',
      app: 'http',
      name: 'HTTP',
      sealed: { ciphertext: 'c2', nonce: 'n2', keyVersion: 'new' },
      publicValues: {},
      secretKeys: [],
    });
    expect((await repos.credentials.list(a.tenantId, { app: 'demo-crm' })).map((c) => c.id)).toEqual(['cred-1']);
    expect(await repos.credentials.list(b.tenantId)).toEqual([]);
    expect(await repos.credentials.get(b.tenantId, 'cred-1')).toBeUndefined();
    expect(await repos.credentials.update(b.tenantId, 'cred-1', { name: 'Stolen' })).toBe(false);
    expect(await repos.credentials.update(a.tenantId, 'cred-1', { name: 'Main CRM', lastUsed: iso(7) })).toBe(true);
    expect(await repos.credentials.get(a.tenantId, 'cred-1')).toMatchObject({
      name: 'Main CRM',
      lastUsed: iso(7),
      publicValues: { username: 'ada' },
      secretKeys: ['password'],
      sealed: { ciphertext: 'c1', nonce: 'n1', keyVersion: 'old' },
    });
    const stale = await repos.credentials.listSealedWithOtherKey('new', 100);
    expect(stale.map((c) => c.id)).toContain('cred-1');
    expect(stale.map((c) => c.id)).not.toContain('cred-2');
    expect(await repos.credentials.remove(b.tenantId, 'cred-2')).toBe(false);
    expect(await repos.credentials.remove(a.tenantId, 'cred-2')).toBe(true);
  });

  it('rolls back every write of a failed transaction', async () => {
    const tenantId = randomUUID();
    await expect(
      opened.db.transaction().execute(async (trx) => {
        const inTrx = createRepos(trx);
        await inTrx.tenants.insert({ id: tenantId, name: 'Doomed', plan: 'free', planStatus: 'active', createdAt: T0 });
        // A membership for a user that does not exist violates the foreign key.
        await inTrx.tenants.addMember({ userId: 'nobody', tenantId, role: 'owner', createdAt: T0 });
      }),
    ).rejects.toThrow();
    const row = await opened.db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
