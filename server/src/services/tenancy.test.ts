import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../store/test-db.js';
import { openTestServices, type TestServices } from '../test-services.js';
import type { AuthContext } from '../kernel/types.js';

describe.each(openTestDatabases())('tenancy on $dialect', (testDb) => {
  let t: TestServices;
  let a: AuthContext;
  let aToken: string;
  let b: AuthContext;
  let bWorkflowId: string;
  let bCredentialId: string;

  beforeAll(async () => {
    t = await openTestServices(testDb);
    const signedA = await t.signUp('tenant-a@example.com');
    a = signedA.ctx;
    aToken = signedA.grant.token;
    const signedB = await t.signUp('tenant-b@example.com');
    b = signedB.ctx;
    bWorkflowId = signedB.grant.workflowId;
    bCredentialId = (await t.services.credentials.create(b, { app: 'demo-crm', values: { api_key: 'b-secret' } })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 404 for another tenant's workflow, exactly like a missing one", async () => {
    const bDoc = (await t.services.workflows.get(b, bWorkflowId)).document;
    const missing = await t.services.workflows.get(a, 'no-such-workflow').catch((e) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Workflow not found.' });
    await expect(t.services.workflows.get(a, bWorkflowId)).rejects.toEqual(missing);
    await expect(
      t.services.workflows.update(a, bWorkflowId, { document: { ...bDoc, name: 'Hijacked' } }),
    ).rejects.toMatchObject({
      status: 404,
      detail: 'Workflow not found.',
    });
    await expect(t.services.workflows.remove(a, bWorkflowId)).rejects.toMatchObject({
      status: 404,
      detail: 'Workflow not found.',
    });
    expect((await t.services.workflows.list(a)).items.map((w) => w.id)).not.toContain(bWorkflowId);
    expect(await t.services.workflows.get(b, bWorkflowId)).toMatchObject({
      name: 'Untitled Workflow (Draft)',
      revision: 1,
    });
  });

  it("answers 404 for another tenant's credential on get, update, remove and reveal", async () => {
    const missing = await t.services.credentials.get(a, 'no-such-credential').catch((e) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Credential not found.' });
    await expect(t.services.credentials.get(a, bCredentialId)).rejects.toEqual(missing);
    await expect(t.services.credentials.update(a, bCredentialId, { name: 'Mine now' })).rejects.toEqual(missing);
    await expect(t.services.credentials.remove(a, bCredentialId)).rejects.toEqual(missing);
    await expect(t.services.credentials.reveal(a, bCredentialId)).rejects.toEqual(missing);
    expect(await t.services.credentials.list(a, {})).toEqual([]);
    expect(await t.services.credentials.reveal(b, bCredentialId)).toEqual({ api_key: 'b-secret' });
  });

  it("hides another user's tenant and refuses to switch to it", async () => {
    await expect(t.services.tenants.get(a, b.tenantId)).rejects.toMatchObject({
      status: 404,
      detail: 'Tenant not found.',
    });
    await expect(t.services.tenants.switchTo(a, b.tenantId)).rejects.toMatchObject({ status: 404 });
  });

  it('creates a second tenant and switches the session to it', async () => {
    await expect(t.services.tenants.create(a, '   ')).rejects.toMatchObject({ status: 422, field: 'name' });
    t.advance(1_000);
    const second = await t.services.tenants.create(a, ' Side project ');
    expect(second).toMatchObject({ name: 'Side project', plan: 'free', planStatus: 'active' });
    expect(await t.services.tenants.get(a, second.id)).toEqual(second);

    await t.services.tenants.switchTo(a, second.id);
    const switched = await t.services.accounts.authenticate(aToken);
    expect(switched).toMatchObject({ userId: a.userId, tenantId: second.id, sessionId: a.sessionId });
    const me = await t.services.accounts.me(switched!);
    expect(me.currentTenantId).toBe(second.id);
    expect(me.tenants.map((m) => [m.role, m.tenant.name])).toEqual([
      ['owner', 'My First Workspace'],
      ['owner', 'Side project'],
    ]);
    // Workflows follow the session's tenant: the new one starts empty.
    expect((await t.services.workflows.list(switched!)).items).toEqual([]);
  });
});
