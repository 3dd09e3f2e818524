import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type ServicesWithLifecycle } from '../compose.js';
import { type OpenTestDatabase, openTestDatabases } from '../store/test-db.js';

describe.each(openTestDatabases())('unused form uploads on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  let formId: string;
  const visitor = { ip: '203.0.113.9' };
  const upload = (name: string) =>
    services.forms.upload(visitor, formId, { filename: name, contentType: 'text/plain', body: Buffer.from(name), question: 'F' });

  beforeAll(async () => {
    opened = await testDb.open();
    services = createServices(opened.config, { db: opened, now: () => clock });
    await services.ready;
    const grant = await services.accounts.signUp({
      email: `sweep-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
      firstName: 'Ada',
    });
    const ctx = { userId: grant.user.id, tenantId: grant.tenant.id, sessionId: 's', role: 'owner' as const };
    const form = await services.forms.create(ctx, {
      name: 'Files',
      content: [{}, [{ question: 'F', type: 'file' }]],
    });
    formId = form.id;
  });
  afterAll(async () => {
    await services.close();
    await opened.close();
  });

  it('removes uploads no submission used within an hour, and keeps submitted ones', async () => {
    const abandoned = await upload('abandoned.txt');
    const kept = await upload('kept.txt');
    await services.forms.submit(visitor, formId, { F_0: kept.url });

    clock += 40 * 60 * 1000;
    const fresh = await upload('fresh.txt');

    await expect(services.forms.download(visitor, abandoned.key)).rejects.toMatchObject({ status: 404 });
    expect(await services.forms.download(visitor, kept.key)).toMatchObject({ bytes: Buffer.from('kept.txt') });
    expect(await services.forms.download(visitor, fresh.key)).toMatchObject({ bytes: Buffer.from('fresh.txt') });
  });
});
