import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCrmStorage } from '../../kernel/contracts/demo-crm.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { createDbDemoCrmStorage } from './demo-crm.js';

describe.each(openTestDatabases())('Demo CRM database storage on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let storage: DemoCrmStorage;
  let clock = Date.parse('2025-06-01T12:00:00.000Z');

  beforeAll(async () => {
    opened = await testDb.open();
    const at = new Date(clock).toISOString();
    for (const id of ['tenant_a', 'tenant_b']) {
      await opened.db
        .insertInto('tenants')
        .values({ id, name: id, plan: 'free', plan_status: 'active', created_at: at })
        .execute();
    }
    storage = createDbDemoCrmStorage(opened.db, { now: () => new Date(clock) });
  });
  afterAll(() => opened?.close());

  it('issues keys that find their tenant and stores only their hash', async () => {
    const key = await storage.issueApiKey('tenant_a');
    expect(key).toMatch(/^dcrm_/);
    expect(await storage.findTenantByApiKey(key)).toBe('tenant_a');
    expect(await storage.findTenantByApiKey(`${key}x`)).toBeNull();
    const rows = await opened.db.selectFrom('demo_crm_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('creates contacts, lists them newest first within a tenant, finds by e-mail in any case', async () => {
    const ada = await storage.createContact('tenant_a', { email: 'Ada@Example.com', firstName: 'Ada', tags: ['math'] });
    // Same millisecond: the order still follows creation.
    const bob = await storage.createContact('tenant_a', { email: 'bob@example.com' });
    await storage.createContact('tenant_b', { email: 'eve@example.com' });

    expect(ada).toMatchObject({ email: 'Ada@Example.com', firstName: 'Ada', lastName: '', tags: ['math'] });
    const listed = await storage.listContacts('tenant_a', { limit: 10 });
    expect(listed.map((c) => c.email)).toEqual(['bob@example.com', 'Ada@Example.com']);
    expect((await storage.listContacts('tenant_a', { limit: 1 })).map((c) => c.id)).toEqual([bob.id]);
    expect(
      (await storage.listContacts('tenant_a', { email: ' ada@example.COM ', limit: 10 })).map((c) => c.id),
    ).toEqual([ada.id]);
    expect((await storage.listContacts('tenant_b', { limit: 10 })).map((c) => c.email)).toEqual(['eve@example.com']);
  });

  it('keeps contacts of one tenant out of reach of another', async () => {
    const ada = (await storage.listContacts('tenant_a', { email: 'ada@example.com', limit: 1 }))[0];
    expect(await storage.getContact('tenant_b', ada.id)).toBeNull();
    expect(await storage.updateContact('tenant_b', ada.id, { firstName: 'Mallory' })).toBeNull();
    expect((await storage.getContact('tenant_a', ada.id))?.firstName).toBe('Ada');
  });

  it('updates only the given fields and moves updatedAt', async () => {
    const ada = (await storage.listContacts('tenant_a', { email: 'ada@example.com', limit: 1 }))[0];
    clock += 60_000;
    const updated = await storage.updateContact('tenant_a', ada.id, { company: 'Analytical', tags: ['a', 'b'] });
    expect(updated).toMatchObject({ firstName: 'Ada', company: 'Analytical', tags: ['a', 'b'] });
    expect(updated?.updatedAt).toBe(new Date(clock).toISOString());
    expect(updated?.createdAt).toBe(ada.createdAt);
  });

  it('adds, lists and removes webhook subscriptions per tenant', async () => {
    const hook = await storage.addHook('tenant_a', { url: 'https://example.com/h', event: 'contact.created' });
    expect(await storage.listHooks('tenant_a', 'contact.created')).toEqual([hook]);
    expect(await storage.listHooks('tenant_b', 'contact.created')).toEqual([]);
    expect(await storage.removeHook('tenant_b', hook.id)).toBe(false);
    expect(await storage.removeHook('tenant_a', hook.id)).toBe(true);
    expect(await storage.listHooks('tenant_a', 'contact.created')).toEqual([]);
  });
});
