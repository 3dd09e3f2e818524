import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, readCode, signUp } from './harness.js';

describe.each(openTestDatabases())('a newcomer on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb);
  });
  afterAll(() => h?.close());

  it('signs up, verifies the mailed code, and builds a first workflow', async () => {
    const account = await signUp(h, 'newcomer');

    // onboarding-and-extras 5: sign-up creates 'My First Workspace' and a draft workflow.
    const me = await h.call('GET', '/api/auth/me', { token: account.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      id: account.userId,
      email: account.email,
      emailVerified: false,
      currentTenantId: account.tenantId,
    });
    expect(me.json.tenants[0].tenant).toMatchObject({ id: account.tenantId, name: 'My First Workspace' });
    const draft = await h.call('GET', `/api/workflows/${account.workflowId}`, { token: account.token });
    expect(draft.json.name).toBe('Untitled Workflow (Draft)');

    const wrong = await h.call('POST', '/api/auth/verify-code', { token: account.token, body: { code: '0000' } });
    const code = await readCode(h, account.email);
    if (code !== '0000') {
      expect(wrong.status).toBe(422);
      expect(wrong.json.field).toBe('code');
    }
    const verified = await h.call('POST', '/api/auth/verify-code', { token: account.token, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ id: account.userId, emailVerified: true });

    const created = await h.call('POST', '/api/workflows', { token: account.token, body: { name: 'Leads to CRM' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Leads to CRM', active: false });
    const id = created.json.id as string;

    const read = await h.call('GET', `/api/workflows/${id}`, { token: account.token });
    expect(read.status).toBe(200);
    expect(read.json.document.steps.length).toBeGreaterThanOrEqual(1);

    const document = { ...read.json.document, name: 'Leads to CRM, renamed' };
    const updated = await h.call('PUT', `/api/workflows/${id}`, {
      token: account.token,
      body: { document, expectedRevision: read.json.revision },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.revision).toBe(read.json.revision + 1);
    expect(updated.json.document.name).toBe('Leads to CRM, renamed');

    // A second save from the old revision lost the race: 409, nothing overwritten.
    const stale = await h.call('PUT', `/api/workflows/${id}`, {
      token: account.token,
      body: { document: { ...document, name: 'stale' }, expectedRevision: read.json.revision },
    });
    expect(stale.status).toBe(409);

    const list = await h.call('GET', '/api/workflows', { token: account.token });
    expect(list.json.items.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([id, account.workflowId]));
    const again = await h.call('GET', `/api/workflows/${id}`, { token: account.token });
    expect(again.json.document.name).toBe('Leads to CRM, renamed');
  });

  it('logs out and back in', async () => {
    const account = await signUp(h, 'returning');
    expect((await h.call('POST', '/api/auth/log-out', { token: account.token })).status).toBe(204);
    const after = await h.call('GET', '/api/auth/me', { token: account.token });
    expect(after.status).toBe(401);
    expect(after.headers['content-type']).toMatch(/^application\/problem\+json/);

    const bad = await h.call('POST', '/api/auth/log-in', {
      body: { email: account.email, password: 'Wrong-password-123' },
    });
    expect(bad.status).toBe(401);
    const good = await h.call('POST', '/api/auth/log-in', { body: { email: account.email, password: GOOD_PASSWORD } });
    expect(good.status).toBe(200);
    const me = await h.call('GET', '/api/auth/me', { token: good.json.token });
    expect(me.json.id).toBe(account.userId);
  });

  it('answers health and the API reference', async () => {
    expect((await h.call('GET', '/api/health')).json).toEqual({ ok: true, db: 'up' });
    const yaml = await h.call('GET', '/api/openapi.yaml');
    expect(yaml.text).toContain('operationId: getWorkflow');
    const docs = await h.call('GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});
