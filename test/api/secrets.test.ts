import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/src/http/openapi.js';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { type ApiHarness, fillPath, openHarness, openTestDatabases, signUp } from './harness.js';
import { sampleOf } from './sample.js';

const contract = loadContract();
const CANARY = `canary-${Math.random().toString(36).slice(2)}-do-not-leak`;

describe.each(openTestDatabases())('a credential secret on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { logLevel: 'trace' });
  });
  afterAll(() => h?.close());

  it('never appears in a response body or a log line across a full API walk', async () => {
    const account = await signUp(h, 'canary');
    const token = account.token;
    const created = await h.call('POST', '/api/credentials', {
      token,
      body: { app: 'demo-crm', name: 'Canary account', values: { api_key: CANARY, region: 'eu' } },
    });
    expect(created.status).toBe(201);
    // Demo CRM marks no field public: 'region' is sealed like the key.
    expect(created.json.values).toEqual({ api_key: SECRET_SENTINEL, region: SECRET_SENTINEL });
    const id = created.json.id as string;

    await h.call('GET', '/api/credentials', { token });
    await h.call('GET', '/api/credentials?app=demo-crm', { token });
    await h.call('GET', `/api/credentials/${id}`, { token });
    // Saving the sentinel back keeps the secret; a bad body must not echo values either.
    const renamed = await h.call('PATCH', `/api/credentials/${id}`, {
      token,
      body: { name: 'Renamed', values: { api_key: SECRET_SENTINEL, region: 'us' } },
    });
    expect(renamed.json).toMatchObject({ name: 'Renamed', values: { api_key: SECRET_SENTINEL, region: SECRET_SENTINEL } });
    await h.call('PATCH', `/api/credentials/${id}`, { token, body: { values: { api_key: { nested: CANARY } } } });
    await h.call('POST', '/api/credentials', {
      token,
      body: { app: 'demo-crm', values: { api_key: CANARY }, extra: CANARY },
    });
    await h.call('POST', '/api/credentials', {
      token,
      raw: `{"app":"demo-crm","values":{"api_key":"${CANARY}"`,
      headers: { 'content-type': 'application/json' },
    });

    // A workflow step that uses the credential.
    const wf = await h.call('GET', `/api/workflows/${account.workflowId}`, { token });
    const document = structuredClone(wf.json.document);
    document.steps[0].data.credential = id;
    await h.call('PUT', `/api/workflows/${account.workflowId}`, { token, body: { document } });
    await h.call('GET', `/api/workflows/${account.workflowId}`, { token });
    await h.call('GET', '/api/workflows', { token });
    await h.call('GET', '/api/auth/me', { token });

    // Every other operation of the contract, with this account's ids and sample bodies.
    for (const op of contract.operations) {
      const url = fillPath(op.path, (name) =>
        name === 'id' && op.path.startsWith('/api/credentials')
          ? id
          : name === 'tenantId'
            ? account.tenantId
            : account.workflowId,
      );
      // Operations that end the session or the credential would cut the walk short.
      if (['logOut', 'logOutEverywhere', 'deleteCredential'].includes(op.operationId)) continue;
      const body = op.body ? sampleOf(contract.document, op.body.schema) : undefined;
      await h.call(op.method, url, { token, body });
    }
    await h.call('GET', '/api/dev/outbox');

    const leakedBodies = h.bodies.filter((b) => b.includes(CANARY));
    expect(leakedBodies).toEqual([]);
    const leakedLogs = h.logs.filter((l) => l.includes(CANARY));
    expect(leakedLogs).toEqual([]);
    expect(h.logs.length).toBeGreaterThan(10);
    // The secret is still stored: the credential still holds it (only its sentinel is shown).
    const after = await h.call('GET', `/api/credentials/${id}`, { token });
    expect(after.json.values.api_key).toBe(SECRET_SENTINEL);
  });
});
