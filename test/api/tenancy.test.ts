import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/src/http/openapi.js';
import { createHandlers } from '../../server/src/http/routes/index.js';
import { type Account, type ApiHarness, fillPath, openHarness, openTestDatabases, signUp } from './harness.js';
import { sampleOf } from './sample.js';

const contract = loadContract();

// Every operation that names a resource in its path and needs a session; iterating the
// contract means a new route is covered the day it is added.
const handled = new Set(Object.keys(createHandlers()));
const idOperations = contract.operations.filter((o) => o.requiresAuth && o.parameters.some((p) => p.in === 'path'));

describe.each(openTestDatabases())('tenancy on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let b: Account;
  const bIds: Record<string, string> = {};
  let bWorkflowName = '';
  let bRevision = -1;
  const bSecret = 'tenant-b-secret-value-7731';

  beforeAll(async () => {
    h = await openHarness(testDb);
    a = await signUp(h, 'tenant-a');
    b = await signUp(h, 'tenant-b');
    bWorkflowName = `B private workflow ${Date.now()}`;
    const wf = await h.call('POST', '/api/workflows', { token: b.token, body: { name: bWorkflowName } });
    const cred = await h.call('POST', '/api/credentials', {
      token: b.token,
      body: { app: 'demo-crm', name: 'B account', values: { api_key: bSecret } },
    });
    expect([wf.status, cred.status]).toEqual([201, 201]);
    bIds.workflow = wf.json.id;
    bRevision = wf.json.revision;
    bIds.credential = cred.json.id;
    bIds.tenant = b.tenantId;
  });
  afterAll(() => h?.close());

  /** B's id for a path parameter; resources B cannot have yet get B's workflow id. */
  function bIdFor(path: string, name: string): string {
    if (name === 'tenantId') return bIds.tenant;
    // A version number of B's workflow (its first publish).
    if (name === 'number') return '1';
    if (name === 'id' && path.startsWith('/api/credentials/')) return bIds.credential;
    return bIds.workflow;
  }

  it('covers the routes the contract has today', () => {
    expect(idOperations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining([
        'getWorkflow',
        'updateWorkflow',
        'deleteWorkflow',
        'getCredential',
        'updateCredential',
        'deleteCredential',
        'getTenant',
        'switchTenant',
      ]),
    );
  });

  it.each(idOperations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    "%s with tenant B's ids answers A with 404",
    async (_name, op) => {
      const url = fillPath(op.path, (name) => bIdFor(op.path, name));
      const query = op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(contract.document, p.schema)))}`)
        .join('&');
      const body = op.body ? sampleOf(contract.document, op.body.schema) : undefined;
      const res = await h.call(op.method, query ? `${url}?${query}` : url, { token: a.token, body });

      expect(res.status, res.text).not.toBeLessThan(300);
      expect(res.text).not.toContain(bWorkflowName);
      expect(res.text).not.toContain(bSecret);
      expect(res.text).not.toContain(b.email);
      // Not-yet-built routes answer 501 (or reject the sample body first); every built one must say 404.
      if (handled.has(op.operationId)) {
        expect(res.status, res.text).toBe(404);
        expect(res.json).toMatchObject({ title: 'Not Found', status: 404 });
      }
    },
  );

  it("leaves B's resources untouched and still B's", async () => {
    const wf = await h.call('GET', `/api/workflows/${bIds.workflow}`, { token: b.token });
    expect(wf.status).toBe(200);
    expect(wf.json).toMatchObject({ name: bWorkflowName, revision: bRevision });
    const cred = await h.call('GET', `/api/credentials/${bIds.credential}`, { token: b.token });
    expect(cred.json).toMatchObject({ name: 'B account', tenantId: b.tenantId });
    const me = await h.call('GET', '/api/auth/me', { token: a.token });
    expect(me.json.currentTenantId).toBe(a.tenantId);
  });

  it("lists only the caller's own workflows and credentials", async () => {
    const workflows = await h.call('GET', '/api/workflows', { token: a.token });
    expect(workflows.json.items.map((w: { id: string }) => w.id)).toEqual([a.workflowId]);
    const credentials = await h.call('GET', '/api/credentials', { token: a.token });
    expect(credentials.json.items).toEqual([]);
  });
});
