/**
 * Step tests, trigger choices, samples, dropdowns and connection checks over the API
 * (editor-core 4.5, 4.7, 4.8, 5.3, 7.1), with Junction listening on a real
 * port (the Demo CRM calls Junction itself) and a local target API: auth schemes applied end
 * to end (basic, API key header and query, OAuth 2.0 bearer), references resolved against
 * earlier steps' test data, truncation, failing remote calls, bad input naming the field.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { startTarget, type Target } from '../fixtures/targets/target-server.js';
import { hookPathOf } from '../engine/support.js';

const RECONNECT = 'Connection expired, please reconnect an account';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A portal app on the target's /echo with the given auth. */
function echoApp(slug: string, target: Target, authInfo: Record<string, unknown>) {
  return {
    appSlug: slug,
    appName: `Echo ${slug}`,
    actions: {
      ping: { title: 'Ping', method: 'get', url: `${target.url}/echo`, fields: [] },
      send: {
        title: 'Send',
        method: 'post',
        url: `${target.url}/echo`,
        fields: [
          { name: 'item', title: 'Item', schema: { type: 'string' } },
          { name: 'count', title: 'Count', schema: { type: 'number' } },
          { name: 'secretNote', title: 'Hidden', hidden: true, value: 'never-sent', schema: { type: 'string' } },
        ],
      },
      many: { title: 'Many', method: 'get', url: `${target.url}/scripted/many`, fields: [] },
      broken: { title: 'Broken', method: 'get', url: `${target.url}/scripted/broken`, fields: [] },
    },
    triggers: {},
    authInfo: { testAuth: 'ping', ...authInfo },
  };
}

describe.each(openTestDatabases())('step tests on $dialect', (testDb) => {
  let h: ApiHarness;
  let target: Target;
  let a: Account;
  let previousAllowed: string | undefined;
  const stamp = Date.now();
  const slugs = { basic: `basic-${stamp}`, header: `hdr-${stamp}`, query: `qry-${stamp}`, bearer: `bearer-${stamp}` };
  const credentials: Record<string, string> = {};
  let crmKey = '';
  let crmCredential = '';

  /** The stored document with the action step set to `data` (and the trigger's test data set). */
  async function documentWith(
    data: Record<string, unknown>,
    triggerData: unknown = { email: 'ada@example.com', n: 3 },
  ) {
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    const action = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(trigger.data, { type: 'webhook', action: 'catchHook', testData: triggerData });
    Object.assign(action.data, { hasauth: true, name: 'Step', ...data });
    return { document, triggerId: trigger.id as string, actionId: action.id as string };
  }

  async function testAction(data: Record<string, unknown>) {
    const { document, actionId } = await documentWith(data);
    return h.call('POST', `/api/workflows/${a.workflowId}/steps/${actionId}/test`, {
      token: a.token,
      body: { document },
    });
  }

  beforeAll(async () => {
    target = await startTarget();
    target.script('many', [{ status: 200, body: { items: Array.from({ length: 120 }, (_, i) => ({ n: i })) } }]);
    target.script('broken', [{ status: 500, body: { error: 'boom' } }]);
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${target.port}`;
    const port = await freePort();
    h = await openHarness(testDb, { port, publicUrl: `http://127.0.0.1:${port}` });
    await h.app.listen({ host: '127.0.0.1', port });
    a = await signUp(h, 'steps-a');

    const apps = {
      [slugs.basic]: echoApp(slugs.basic, target, { apiType: 'basic' }),
      [slugs.header]: echoApp(slugs.header, target, {
        apiType: 'apikey',
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      }),
      [slugs.query]: echoApp(slugs.query, target, {
        apiType: 'apikey',
        requestConfig: { params: [{ key: 'api_key', value: '${auth.api_key}' }] },
      }),
      [slugs.bearer]: echoApp(slugs.bearer, target, {
        apiType: 'oauth2',
        clientInfo: { client_id: 'cid', client_secret: 'csecret' },
        auth_url: `${target.url}/authorize`,
        token_url: `${target.url}/token`,
      }),
    };
    const values: Record<string, Record<string, string>> = {
      [slugs.basic]: { username: 'ada', password: 'pa55-word' },
      [slugs.header]: { api_key: 'header-key-123' },
      [slugs.query]: { api_key: 'query-key-456' },
      [slugs.bearer]: { access_token: 'bearer-token-789' },
    };
    for (const [slug, app] of Object.entries(apps)) {
      const created = await h.call('POST', '/api/apps', { token: a.token, body: app });
      expect(created.status, created.text).toBe(201);
      const cred = await h.call('POST', '/api/credentials', {
        token: a.token,
        body: { app: slug, values: values[slug] },
      });
      credentials[slug] = cred.json.id;
    }
    const key = await h.call('POST', '/api/demo-crm/keys', { token: a.token, body: {} });
    expect(key.status, key.text).toBe(201);
    crmKey = key.json.apiKey;
    crmCredential = key.json.credential.id;
  });
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await h?.close();
    await target?.close();
  });

  it('applies each auth scheme to the request the target receives', async () => {
    const seen = async (slug: string) => {
      const from = target.requests.length;
      const res = await testAction({ type: slug, action: 'ping', credential: credentials[slug] });
      expect(res.json, res.text).toMatchObject({ ok: true, statusCode: 200 });
      return target.requests.slice(from).find((r) => r.path.startsWith('/echo'));
    };
    const basic = await seen(slugs.basic);
    expect(basic?.headers.authorization).toBe(`Basic ${Buffer.from('ada:pa55-word').toString('base64')}`);
    expect((await seen(slugs.header))?.headers['x-api-key']).toBe('header-key-123');
    expect((await seen(slugs.query))?.path).toBe('/echo?api_key=query-key-456');
    expect((await seen(slugs.bearer))?.headers.authorization).toBe('Bearer bearer-token-789');
  });

  it('tests the unsaved document: references resolved from earlier test data, hidden and empty fields dropped', async () => {
    const { document, triggerId, actionId } = await documentWith({
      type: slugs.header,
      action: 'send',
      credential: credentials[slugs.header],
    });
    const action = document.steps.find((s: { id: string }) => s.id === actionId);
    action.data.fields = [
      { name: 'item', value: `\${${triggerId}.email}` },
      { name: 'count', value: `\${${triggerId}.n}` },
      { name: 'secretNote', hidden: true, value: 'hidden value' },
      { name: 'empty', value: '' },
    ];
    const res = await h.call('POST', `/api/workflows/${a.workflowId}/steps/${actionId}/test`, {
      token: a.token,
      body: { document },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.ok).toBe(true);
    expect(res.json.output.body).toEqual({ item: 'ada@example.com', count: 3, secretNote: 'never-sent' });
    expect(Date.parse(res.json.testedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing was saved: the stored document still has no app on the step.
    const stored = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    expect(stored.json.document.steps.find((s: { id: string }) => s.id === actionId).data.type).toBe('');
  });

  it('cuts long lists to 50 with the spec’s message', async () => {
    const res = await testAction({ type: slugs.header, action: 'many', credential: credentials[slugs.header] });
    expect(res.json.ok).toBe(true);
    expect(res.json.output.items).toHaveLength(50);
    expect(res.json.message).toBe('Results were truncated to show only 50 of 120');
    expect(res.json.output.Message).toBe('Results were truncated to show only 50 of 120');
  });

  it('answers a failing remote call as ok: false with the remote answer, not an error status', async () => {
    const res = await testAction({ type: slugs.header, action: 'broken', credential: credentials[slugs.header] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: false,
      statusCode: 500,
      output: { status_code: 500, body: { error: 'boom' } },
    });
    expect(res.json.output.error).toContain('answered 500');
  });

  it('runs Demo CRM actions against Junction itself and lists trigger choices newest first', async () => {
    const emails = Array.from({ length: 7 }, (_, i) => `contact-${i}@example.com`);
    for (const email of emails) {
      const created = await h.call('POST', '/demo-crm/contacts', { headers: { 'x-api-key': crmKey }, body: { email } });
      expect(created.status).toBe(201);
    }
    const create = await testAction({
      type: 'demo-crm',
      action: 'createContact',
      credential: crmCredential,
      fields: [{ name: 'email', value: 'new@example.com' }],
    });
    expect(create.json, JSON.stringify(create.json)).toMatchObject({
      ok: true,
      statusCode: 201,
      output: { email: 'new@example.com' },
    });

    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    Object.assign(trigger.data, { type: 'demo-crm', action: 'newContact', credential: crmCredential });
    const choices = await h.call('POST', `/api/workflows/${a.workflowId}/steps/${trigger.id}/trigger-choices`, {
      token: a.token,
      body: { document },
    });
    expect(choices.status, choices.text).toBe(200);
    expect(choices.json.choices.map((c: { email: string }) => c.email)).toEqual([
      'new@example.com',
      ...[...emails].reverse(),
    ]);
    expect(choices.json.next).toBeUndefined();
    // Testing the trigger step itself runs its list action.
    const tested = await h.call('POST', `/api/workflows/${a.workflowId}/steps/${trigger.id}/test`, {
      token: a.token,
      body: { document },
    });
    expect(tested.json).toMatchObject({ ok: true, statusCode: 200 });
    expect(tested.json.output.contacts).toHaveLength(8);

    const options = await h.call('POST', '/api/apps/demo-crm/dropdowns', {
      token: a.token,
      body: { action: 'listContacts', credential: crmCredential, fields: [] },
    });
    expect(options.status, options.text).toBe(200);
    expect(options.json.options[0]).toEqual({ value: choices.json.choices[0].id, label: 'new@example.com' });
    const searched = await h.call('POST', '/api/apps/demo-crm/dropdowns', {
      token: a.token,
      body: { action: 'listContacts', credential: crmCredential, fields: [], search: 'CONTACT-3' },
    });
    expect(searched.json.options.map((o: { label: string }) => o.label)).toEqual(['contact-3@example.com']);
  });

  it('answers the latest received webhook events as trigger choices', async () => {
    const { document, triggerId } = await documentWith({ type: '' }, null);
    const saved = await h.call('PUT', `/api/workflows/${a.workflowId}`, { token: a.token, body: { document } });
    expect(saved.status, saved.text).toBe(200);
    const url = `/api/workflows/${a.workflowId}/steps/${triggerId}/trigger-choices`;
    const none = await h.call('POST', url, { token: a.token, body: {} });
    expect(none.json).toEqual({ choices: [] });
    for (const amount of [1, 2]) {
      const hook = await h.call('POST', await hookPathOf(h, a.token, a.workflowId), { body: { amount } });
      expect(hook.status, hook.text).toBe(200);
    }
    const found = await h.call('POST', url, { token: a.token, body: {} });
    expect(found.json.choices).toHaveLength(2);
    expect(found.json.choices).toEqual(expect.arrayContaining([{ amount: 1 }, { amount: 2 }]));
    for (const amount of [3, 4, 5, 6])
      await h.call('POST', await hookPathOf(h, a.token, a.workflowId), { body: { amount } });
    const page = await h.call('POST', url, { token: a.token, body: {} });
    expect(page.json.choices).toHaveLength(5);
    const more = await h.call('POST', url, { token: a.token, body: { cursor: page.json.next } });
    expect(more.json.choices).toHaveLength(1);
    expect(more.json.next).toBeUndefined();
    const amounts = [...page.json.choices, ...more.json.choices].map((c: { amount: number }) => c.amount);
    expect(amounts.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('checks a connection and records its health', async () => {
    const good = await h.call('POST', `/api/credentials/${crmCredential}/check`, { token: a.token });
    expect(good.json).toEqual({ ok: true, message: 'The connection works: Demo CRM accepted this account.' });
    // A key that worked and was then revoked in the Demo CRM's Settings → API.
    const issued = await h.call('POST', '/api/demo-crm/keys', { token: a.token, body: { name: 'Old key' } });
    const bad = { json: issued.json.credential };
    const keys = await fetch(`${h.config.publicUrl}/demo-crm/keys`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    const newest = ((await keys.json()) as { keys: Array<{ id: string }> }).keys[0];
    const revoked = await fetch(`${h.config.publicUrl}/demo-crm/keys/${newest?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(revoked.status).toBe(204);
    const check = await h.call('POST', `/api/credentials/${bad.json.id}/check`, { token: a.token });
    expect(check.status).toBe(200);
    expect(check.json.ok).toBe(false);
    expect(check.json.message).toMatch(/^Demo CRM answered 401: A valid API key is required/);
    expect(check.json.message).not.toContain(RECONNECT);
    const view = await h.call('GET', `/api/credentials/${bad.json.id}`, { token: a.token });
    expect(view.json).toMatchObject({ needsReconnect: true, statusMessage: check.json.message });
    expect(Date.parse(view.json.checkedAt)).toBeGreaterThan(0);
    const fixed = await h.call('PATCH', `/api/credentials/${bad.json.id}`, {
      token: a.token,
      body: { values: { api_key: crmKey } },
    });
    expect(fixed.json).toMatchObject({ needsReconnect: false });
    expect(fixed.json.statusMessage).toBeUndefined();
    const list = await h.call('GET', '/api/credentials?app=demo-crm', { token: a.token });
    const healthy = list.json.items.find((c: { id: string }) => c.id === crmCredential);
    expect(healthy).toMatchObject({ needsReconnect: false });
  });

  it('stores a pasted sample as the step’s test data', async () => {
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const trigger = wf.json.document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    const url = `/api/workflows/${a.workflowId}/steps/${trigger.id}/sample`;
    const res = await h.call('PUT', url, { token: a.token, body: { sample: { order: { id: 7 } } } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.revision).toBe(wf.json.revision + 1);
    expect(res.json.document.steps.find((s: { id: string }) => s.id === trigger.id).data.testData).toEqual({
      order: { id: 7 },
    });
    const primitive = await h.call('PUT', url, { token: a.token, body: { sample: 5 } });
    expect(primitive.status).toBe(422);
    expect(primitive.json).toMatchObject({ field: 'sample', detail: 'The sample must be a JSON object or list.' });
    const missing = await h.call('PUT', url, { token: a.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('body.sample');
  });

  it('refuses bad input naming the field', async () => {
    const { actionId } = await documentWith({});
    const testUrl = `/api/workflows/${a.workflowId}/steps/${actionId}/test`;
    const wrongType = await h.call('POST', testUrl, { token: a.token, body: { document: 5 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.field).toBe('body.document');
    const unknownField = await h.call('POST', testUrl, { token: a.token, body: { nope: 1 } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.field).toBe('body.nope');
    const unknownStep = await h.call('POST', `/api/workflows/${a.workflowId}/steps/no-such-step/test`, {
      token: a.token,
      body: {},
    });
    expect(unknownStep.status).toBe(404);
    const placeholder = await h.call('POST', testUrl, { token: a.token, body: {} });
    expect(placeholder.status).toBe(422);
    expect(placeholder.json).toMatchObject({ detail: 'Missing app selection.', field: 'app' });
    const noCredential = await testAction({ type: slugs.header, action: 'ping', credential: null });
    expect(noCredential.status).toBe(422);
    expect(noCredential.json).toMatchObject({ detail: 'Missing credential.', field: 'credential' });
    const wrongApp = await testAction({ type: slugs.header, action: 'ping', credential: crmCredential });
    expect(wrongApp.status).toBe(422);
    expect(wrongApp.json.field).toBe('credential');
    const noEvent = await testAction({ type: slugs.header, action: '', credential: credentials[slugs.header] });
    expect(noEvent.json).toMatchObject({ detail: 'Missing event.', field: 'action' });

    const dropdowns = `/api/apps/${slugs.header}/dropdowns`;
    const noAction = await h.call('POST', dropdowns, { token: a.token, body: { fields: [] } });
    expect(noAction.status).toBe(400);
    expect(noAction.json.field).toBe('body.action');
    const badAction = await h.call('POST', dropdowns, { token: a.token, body: { action: 'nope', fields: [] } });
    expect(badAction.status).toBe(422);
    expect(badAction.json.field).toBe('action');
    const unknownApp = await h.call('POST', `/api/apps/no-app-${stamp}/dropdowns`, {
      token: a.token,
      body: { action: 'x', fields: [] },
    });
    expect(unknownApp.status).toBe(404);
    const unknownCredential = await h.call('POST', '/api/credentials/no-such-credential/check', { token: a.token });
    expect(unknownCredential.status).toBe(404);
    const choices = await h.call('POST', `/api/workflows/${a.workflowId}/steps/${actionId}/trigger-choices`, {
      token: a.token,
      body: { cursor: 5 },
    });
    expect(choices.status).toBe(400);
    expect(choices.json.field).toBe('body.cursor');
  });
});
