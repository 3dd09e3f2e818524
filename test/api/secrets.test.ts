import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/src/http/openapi.js';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { type EchoTarget, startEcho, storedRows } from './echo-target.js';
import { type ApiHarness, type ApiResponse, fillPath, openHarness, openTestDatabases, signUp } from './harness.js';
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
    expect(renamed.json).toMatchObject({
      name: 'Renamed',
      values: { api_key: SECRET_SENTINEL, region: SECRET_SENTINEL },
    });
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

/** A key with the characters URL and form encodings disagree on: `+`, `/`, `=` and a space. */
const URL_SECRET = `k3y+Zq/9w= x+${Math.random().toString(36).slice(2, 8)}==`;

/** Every spelling a URL, a form, a JSON text or an echo may carry the key in. */
function spellingsOf(secret: string): Record<string, string> {
  const component = encodeURIComponent(secret);
  return {
    raw: secret,
    encodeURIComponent: component,
    'encodeURIComponent, lower-case hex': component.toLowerCase(),
    encodeURI: encodeURI(secret),
    'form-urlencoded': new URLSearchParams({ v: secret }).toString().slice(2),
    '+ left as is, / and = encoded': component.replace(/%2B/g, '+'),
    '+ read back as a space': secret.replace(/\+/g, ' '),
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
    'JSON-escaped, / escaped': JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
    base64: Buffer.from(secret).toString('base64'),
    base64url: Buffer.from(secret).toString('base64url'),
  };
}

function keyInUrlApp(slug: string, base: string) {
  return {
    appSlug: slug,
    appName: 'Key in URL',
    category: 'Developer tools',
    iconURL: 'https://example.com/key.png',
    actions: {
      echo: { title: 'Echo', method: 'get', url: `${base}/echo/\${auth.api_key}?key=\${auth.api_key}`, fields: [] },
    },
    triggers: {},
    authInfo: { apiType: 'apikey', testAuth: 'echo', apikeyFormFields: [{ key: 'api_key', title: 'API key' }] },
  };
}

function keyInUrlWorkflow(slug: string, credentialId: string): WorkflowDocument {
  const trigger = { name: 'Catch Hook', type: 'webhook', app: 'webhook', label: 'Webhook', action: 'catchHook' };
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'Key in URL',
    active: true,
    steps: [
      {
        id: 'st-hook',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({ ...trigger, triggerlabel: 'Catch Hook', testData: { seq: 0 } }),
      },
      {
        id: 'st-echo',
        kind: 'action',
        position: { x: 200, y: 0 },
        data: createStepData({
          name: 'Echo',
          type: slug,
          app: slug,
          label: 'Key in URL',
          action: 'echo',
          actionlabel: 'Echo',
          hasauth: true,
          credential: credentialId,
          fields: [],
          // Tested once: only a workflow whose steps are all tested is switched ON (editor-core 4.2).
          testData: { ok: true },
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'st-hook', target: 'st-echo', name: '', groups: [], delaySeconds: 0 }],
  };
}

describe.each(openTestDatabases())('a key with + / = placed in an action URL on $dialect', (testDb) => {
  let h: ApiHarness;
  let echo: EchoTarget;
  beforeAll(async () => {
    echo = await startEcho();
    h = await openHarness(testDb, { allowedHosts: echo.host, stepRetries: 0, stepTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await h?.close();
    await echo?.close();
  });

  it('appears in no spelling in the test-auth answer, the step test answer, the execution record or the database', async () => {
    const account = await signUp(h, 'url-key');
    const token = account.token;
    const slug = `key-in-url-${Date.now()}`;
    const created = await h.call('POST', '/api/apps', { token, body: keyInUrlApp(slug, echo.url) });
    expect(created.status, created.text).toBe(201);
    const watched: { what: string; text: string }[] = [];
    const watch = <T extends { text: string }>(what: string, res: T): T => {
      watched.push({ what, text: res.text });
      return res;
    };

    const values = { api_key: URL_SECRET };
    const typed = watch(
      'test-auth answer',
      await h.call('POST', `/api/apps/${slug}/test-auth`, { token, body: { values } }),
    );
    expect(typed.status, typed.text).toBe(200);
    // The echo did receive the key: the redaction, not a failed call, keeps it out.
    expect(typed.text).toContain('/echo/');
    const credential = await h.call('POST', '/api/credentials', { token, body: { app: slug, name: 'Key', values } });
    expect(credential.status, credential.text).toBe(201);
    watch(
      'test-auth answer (stored account)',
      await h.call('POST', `/api/apps/${slug}/test-auth`, { token, body: { credential: credential.json.id } }),
    );

    const workflow = await h.call('POST', '/api/workflows', {
      token,
      body: { name: 'Key in URL', active: true, document: keyInUrlWorkflow(slug, credential.json.id) },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const stepTest = watch(
      'step test answer',
      await h.call('POST', `/api/workflows/${workflow.json.id}/steps/st-echo/test`, { token, body: {} }),
    );
    expect(stepTest.status, stepTest.text).toBe(200);
    expect(stepTest.text).toContain('/echo/');
    const run = await h.call('POST', `/api/workflows/${workflow.json.id}/runs`, { token, body: {} });
    expect(run.status, run.text).toBe(202);
    let execution: ApiResponse | undefined;
    for (let i = 0; i < 200; i += 1) {
      execution = await h.call('GET', `/api/executions/${run.json.executionId}`, { token });
      if (['succeeded', 'failed', 'filtered', 'cancelled', 'not_run'].includes(execution.json.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    watch('execution record', execution!);
    expect(execution!.json.status, execution!.text).toBe('succeeded');
    watched.push(...(await storedRows(h)));

    const leaks: string[] = [];
    for (const [spelling, text] of Object.entries(spellingsOf(URL_SECRET))) {
      for (const place of watched.filter((w) => w.text.includes(text))) leaks.push(`${spelling} in ${place.what}`);
    }
    expect(leaks).toEqual([]);
  });
});
