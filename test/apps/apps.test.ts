/**
 * Apps API: the catalogue, portal app definitions checked with
 * core's rules, client secrets kept from the browser, listings, the auth test, the registry
 * resolving a saved app at once, and the Demo CRM served with database storage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeStep } from '../../server/src/integrations/executor.js';
import { createAppRegistry } from '../../server/src/integrations/registry.js';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { createHttpClient } from '../../server/src/security/http-client.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { startTarget, type Target } from '../fixtures/targets/target-server.js';

/** A portal app against the local target: API-key auth, a test action, a list action and a polling trigger. */
function ordersApp(slug: string, target: Target) {
  return {
    appSlug: slug,
    appName: 'Orders Test',
    category: 'Commerce',
    iconURL: 'https://example.com/orders.png',
    actions: {
      listOrders: { title: 'List orders', method: 'get', url: `${target.url}/echo`, fields: [] },
      createOrder: {
        title: 'Create order',
        method: 'post',
        url: `${target.url}/echo`,
        fields: [{ name: 'item', title: 'Item', schema: { type: 'string' } }],
        body: [{ key: 'item', value: '${inputData.item}' }],
      },
      failing: { title: 'Failing', method: 'get', url: `${target.url}/scripted/unauthorized`, fields: [] },
    },
    triggers: {
      newOrder: {
        label: 'New order',
        type: 'polling',
        action: 'listOrders',
        pollingParams: { dedupe_key: 'id', data_head: 'orders' },
      },
    },
    authInfo: {
      apiType: 'apikey',
      testAuth: 'listOrders',
      apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    },
  };
}

describe.each(openTestDatabases())('apps API on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let b: Account;
  let target: Target;
  let previousAllowed: string | undefined;
  const slugA = `orders-a-${Date.now()}`;
  const slugB = `orders-b-${Date.now()}`;
  const oauthSlug = `oauth-${Date.now()}`;
  const secret = 'client-secret-value-9931';

  beforeAll(async () => {
    target = await startTarget();
    target.script('unauthorized', [{ status: 401, body: { error: 'bad key' } }]);
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${target.port}`;
    h = await openHarness(testDb);
    a = await signUp(h, 'author-a');
    b = await signUp(h, 'author-b');
  });
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await h?.close();
    await target?.close();
  });

  it('creates an app with a Draft listing and lists it beside the built-ins, not for another tenant', async () => {
    const created = await h.call('POST', '/api/apps', { token: a.token, body: ordersApp(slugA, target) });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ appSlug: slugA, appName: 'Orders Test', completionStatus: 'In Progress' });
    const other = await h.call('POST', '/api/apps', { token: b.token, body: ordersApp(slugB, target) });
    expect(other.status).toBe(201);

    const listing = await h.call('GET', `/api/apps/${slugA}/listing`, { token: a.token });
    expect(listing.json).toMatchObject({ appSlug: slugA, name: 'Orders Test', status: 'Draft', category: 'Commerce' });

    const list = await h.call('GET', '/api/apps', { token: a.token });
    const slugs = list.json.items.map((i: { appSlug: string }) => i.appSlug);
    expect(slugs).toEqual(expect.arrayContaining(['demo-crm', 'webhook', 'schedule', slugA]));
    expect(slugs).not.toContain(slugB);
    const mine = list.json.items.find((i: { appSlug: string }) => i.appSlug === slugA);
    expect(mine).toMatchObject({ editable: true, apiType: 'apikey', listingStatus: 'Draft' });
    expect(list.json.items.find((i: { appSlug: string }) => i.appSlug === 'demo-crm')).toMatchObject({
      editable: false,
      iconURL: '/icons/demo-crm.svg',
    });
    expect(list.text).not.toContain('data:');
    // editor-core 2.9: the trigger App step lists only apps whose entry says they have triggers.
    const triggerWord = (slug: string) =>
      list.json.items.find((i: { appSlug: string }) => i.appSlug === slug)?.hasTriggers;
    expect(['webhook', 'schedule', 'demo-crm', slugA].map(triggerWord)).toEqual([true, true, true, true]);
    expect(['http', 'filter', 'delay', 'formatter'].map(triggerWord)).toEqual([false, false, false, false]);

    expect((await h.call('GET', `/api/apps/${slugB}`, { token: a.token })).status).toBe(404);
    expect((await h.call('GET', `/api/apps/${slugB}/listing`, { token: a.token })).status).toBe(404);
  });

  it('shows a Published app to every tenant, read-only for the others', async () => {
    const published = await h.call('PUT', `/api/apps/${slugB}/listing`, {
      token: b.token,
      body: { status: 'Published', description: 'Orders for everyone', homepage: 'https://example.com' },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({ status: 'Published', description: 'Orders for everyone' });

    const list = await h.call('GET', '/api/apps', { token: a.token });
    const theirs = list.json.items.find((i: { appSlug: string }) => i.appSlug === slugB);
    expect(theirs).toMatchObject({ editable: false, listingStatus: 'Published' });
    expect((await h.call('GET', `/api/apps/${slugB}`, { token: a.token })).status).toBe(200);
    const edit = await h.call('PUT', `/api/apps/${slugB}`, { token: a.token, body: ordersApp(slugB, target) });
    expect(edit.status).toBe(403);
    expect(edit.json.detail).toContain('another workspace');
  });

  it('refuses bad definitions with 422 naming the field, taken slugs with 409, built-ins with 403', async () => {
    const badKey = ordersApp(`bad-${Date.now()}`, target) as Record<string, unknown>;
    (badKey.triggers as Record<string, unknown>).newOrder = {
      label: 'New order',
      type: 'polling',
      action: 'listOrders',
      pollingParams: { dedupe_key: '', data_head: 'orders' },
    };
    const res = await h.call('POST', '/api/apps', { token: a.token, body: badKey });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ field: 'triggers.newOrder.pollingParams.dedupe_key' });

    const badSlug = await h.call('POST', '/api/apps', { token: a.token, body: { ...ordersApp('Bad Slug', target) } });
    expect(badSlug.status).toBe(422);
    expect(badSlug.json.field).toBe('appSlug');

    const badField = ordersApp(`f-${Date.now()}`, target);
    badField.actions.createOrder.fields = [{ name: 'item', title: '', schema: { type: 'string' } }];
    const noTitle = await h.call('POST', '/api/apps', { token: a.token, body: badField });
    expect(noTitle.status).toBe(422);
    expect(noTitle.json.field).toBe('actions.createOrder.fields[0].title');

    // forms-dp 3, 5: an object field's property keys follow the key rule once (core checkProperties).
    const twice = ordersApp(`p-${Date.now()}`, target);
    twice.actions.createOrder.fields = [
      {
        name: 'item',
        title: 'Item',
        schema: {
          type: 'object',
          properties: [
            { key: 'sku', schema: { type: 'string' } },
            { key: 'sku', schema: { type: 'string' } },
          ],
        } as never,
      },
    ];
    const repeated = await h.call('POST', '/api/apps', { token: a.token, body: twice });
    expect(repeated.status).toBe(422);
    expect(repeated.json).toMatchObject({
      field: 'actions.createOrder.fields[0].schema.properties[1].key',
      detail: "The key 'sku' is used twice.",
    });

    const inline = await h.call('POST', '/api/apps', {
      token: a.token,
      body: { ...ordersApp(`i-${Date.now()}`, target), iconURL: 'data:image/png;base64,AAAA' },
    });
    expect(inline.status).toBe(422);
    expect(inline.json.field).toBe('iconURL');

    const taken = await h.call('POST', '/api/apps', { token: b.token, body: ordersApp(slugA, target) });
    expect(taken.status).toBe(409);
    expect(taken.json.field).toBe('appSlug');
    const builtinSlug = await h.call('POST', '/api/apps', { token: a.token, body: ordersApp('demo-crm', target) });
    expect(builtinSlug.status).toBe(409);
    const reserved = await h.call('POST', '/api/apps', { token: a.token, body: ordersApp('new', target) });
    expect(reserved.status).toBe(409);

    const builtin = await h.call('GET', '/api/apps/demo-crm', { token: a.token });
    const editBuiltin = await h.call('PUT', '/api/apps/demo-crm', { token: a.token, body: builtin.json });
    expect(editBuiltin.status).toBe(403);
    expect(editBuiltin.json.detail).toBe('Built-in apps cannot be edited.');
    const moved = await h.call('PUT', `/api/apps/${slugA}`, { token: a.token, body: ordersApp('other-slug', target) });
    expect(moved.status).toBe(422);
    expect(moved.json.field).toBe('appSlug');
  });

  it('keeps an OAuth client secret sealed: the browser sees the sentinel, sending it back keeps the secret', async () => {
    const slug = oauthSlug;
    const body = {
      appSlug: slug,
      appName: 'OAuth Test',
      actions: { me: { title: 'Me', method: 'get', url: `${target.url}/echo`, fields: [] } },
      triggers: {},
      authInfo: { apiType: 'oauth2', clientInfo: { client_id: 'cid', client_secret: secret } },
    };
    const created = await h.call('POST', '/api/apps', { token: a.token, body });
    expect(created.status, created.text).toBe(201);
    expect(created.json.authInfo.clientInfo).toEqual({ client_id: 'cid', client_secret: SECRET_SENTINEL });
    const saved = await h.call('PUT', `/api/apps/${slug}`, { token: a.token, body: created.json });
    expect(saved.status).toBe(200);
    const got = await h.call('GET', `/api/apps/${slug}`, { token: a.token });
    expect(got.json.authInfo.clientInfo.client_secret).toBe(SECRET_SENTINEL);
    expect(h.bodies.join('\n')).not.toContain(secret);
  });

  it('runs a saved app at once: the registry resolves it and executeStep reaches the target', async () => {
    {
      const { createDb } = await import('../../server/src/store/create-db.js');
      const handle = createDb(h.config);
      const { createVault, loadVaultKeys } = await import('../../server/src/security/vault.js');
      const registry = createAppRegistry({ handle, vault: createVault(loadVaultKeys(h.config)) } as never);
      const app = await registry.resolve(a.tenantId, slugA);
      expect(app?.appName).toBe('Orders Test');
      expect(await registry.resolve(a.tenantId, `missing-${Date.now()}`)).toBeUndefined();
      expect(await registry.resolve(b.tenantId, slugA)).toBeUndefined();
      // The engine's view has the client secret the browser never sees.
      expect((await registry.resolve(a.tenantId, oauthSlug))?.authInfo.clientInfo?.client_secret).toBe(secret);
      const http = createHttpClient({ allowedHosts: `127.0.0.1:${target.port}` });
      const run = await executeStep({
        app: app!,
        actionKey: 'createOrder',
        values: { item: 'tea' },
        credential: { api_key: 'k-1234' },
        base: h.config.publicUrl,
        http,
      });
      await http.close();
      expect(run.ok).toBe(true);
      expect(run.output).toMatchObject({ method: 'POST', body: { item: 'tea' } });
      // The target echoed the key it received; the step's output hides it (never stored or shown).
      expect((run.output as { headers: Record<string, string> }).headers['x-api-key']).toBe('[redacted]');
      await handle.close();
    }
  });

  it('tests the authentication and saves Request Successful / Request Failed on the app', async () => {
    const ok = await h.call('POST', `/api/apps/${slugA}/test-auth`, {
      token: a.token,
      body: { values: { api_key: 'good-key-1' } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, statusCode: 200, message: 'Request Successful' });
    expect(ok.json.http.request.headers['X-Api-Key']).toBe('[redacted]');
    expect(ok.text).not.toContain('good-key-1');
    let app = await h.call('GET', `/api/apps/${slugA}`, { token: a.token });
    expect(app.json.authInfo.testResponseStatus).toBe(true);

    const def = app.json;
    def.authInfo.testAuth = 'failing';
    expect((await h.call('PUT', `/api/apps/${slugA}`, { token: a.token, body: def })).status).toBe(200);
    const failed = await h.call('POST', `/api/apps/${slugA}/test-auth`, {
      token: a.token,
      body: { values: { api_key: 'bad-key-1' } },
    });
    expect(failed.json).toMatchObject({ ok: false, statusCode: 401 });
    expect(failed.json.message).toContain('Request Failed');
    app = await h.call('GET', `/api/apps/${slugA}`, { token: a.token });
    expect(app.json.authInfo).toMatchObject({ testResponseStatus: false, testResponse: { status_code: 401 } });

    // The stored result is the server's: a saved body cannot claim a successful test.
    const forged = await h.call('PUT', `/api/apps/${slugA}`, {
      token: a.token,
      body: { ...app.json, authInfo: { ...app.json.authInfo, testResponseStatus: true, testResponse: { ok: 1 } } },
    });
    expect(forged.json.authInfo.testResponseStatus).toBe(false);
    const cleared = await h.call('PUT', `/api/apps/${slugA}`, { token: a.token, body: { ...app.json, authInfo: {} } });
    expect(cleared.json.authInfo).toEqual({});
    expect((await h.call('PUT', `/api/apps/${slugA}`, { token: a.token, body: app.json })).status).toBe(200);

    const sentinel = await h.call('POST', `/api/apps/${slugA}/test-auth`, {
      token: a.token,
      body: { values: { api_key: SECRET_SENTINEL } },
    });
    expect(sentinel.status).toBe(422);
    expect(sentinel.json.field).toBe('values.api_key');
    const missing = await h.call('POST', `/api/apps/${slugB}-x/test-auth`, { token: a.token, body: {} });
    expect(missing.status).toBe(404);
  });

  it("sends an action with sample values from the portal's Test tab: the request as sent and the answer, nothing stored", async () => {
    const before = (await h.call('GET', `/api/apps/${slugA}`, { token: a.token })).json.authInfo;
    const sent = await h.call('POST', `/api/apps/${slugA}/actions/createOrder/test`, {
      token: a.token,
      body: { authValues: { api_key: 'good-key-2' }, values: { item: 'tea' } },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ ok: true, statusCode: 200, message: 'Request Successful' });
    expect(sent.json.http.request).toMatchObject({ method: 'POST', url: `${target.url}/echo` });
    expect(sent.json.http.request.headers['X-Api-Key']).toBe('[redacted]');
    expect(JSON.stringify(sent.json.response)).toContain('tea');
    expect(sent.text).not.toContain('good-key-2');
    // A test from the Test tab is not the app's auth test: nothing changes on the app.
    expect((await h.call('GET', `/api/apps/${slugA}`, { token: a.token })).json.authInfo).toEqual(before);

    const failed = await h.call('POST', `/api/apps/${slugA}/actions/failing/test`, {
      token: a.token,
      body: { authValues: { api_key: 'good-key-2' } },
    });
    expect(failed.json).toMatchObject({ ok: false, statusCode: 401 });
    const unknown = await h.call('POST', `/api/apps/${slugA}/actions/nope/test`, { token: a.token, body: {} });
    expect(unknown.status).toBe(404);
    const foreign = await h.call('POST', `/api/apps/${slugB}/actions/createOrder/test`, { token: a.token, body: {} });
    expect(foreign.status).toBe(404);
  });

  it('tests an API-key app by its Request URL when it names no test action (forms-dp 3 requestConfig.url)', async () => {
    const slug = `request-url-${Date.now()}`;
    const def = ordersApp(slug, target);
    const body = {
      ...def,
      authInfo: {
        ...def.authInfo,
        testAuth: undefined,
        requestConfig: { ...def.authInfo.requestConfig, url: `${target.url}/echo` },
      },
    };
    expect((await h.call('POST', '/api/apps', { token: a.token, body })).status).toBe(201);
    const ok = await h.call('POST', `/api/apps/${slug}/test-auth`, {
      token: a.token,
      body: { values: { api_key: 'good-key-3' } },
    });
    expect(ok.json).toMatchObject({ ok: true, statusCode: 200 });
    expect(ok.json.http.request).toMatchObject({ method: 'GET', url: `${target.url}/echo` });
    expect(ok.json.http.request.headers['X-Api-Key']).toBe('[redacted]');

    body.authInfo.requestConfig.url = `${target.url}/scripted/unauthorized`;
    expect((await h.call('PUT', `/api/apps/${slug}`, { token: a.token, body })).status).toBe(200);
    const refused = await h.call('POST', `/api/apps/${slug}/test-auth`, {
      token: a.token,
      body: { values: { api_key: 'bad-key-3' } },
    });
    expect(refused.json).toMatchObject({ ok: false, statusCode: 401 });
  });

  it('answers the OAuth 2.0 test-action error when no simple GET action exists', async () => {
    const slug = `oauth-none-${Date.now()}`;
    const body = {
      appSlug: slug,
      appName: 'OAuth No Test',
      actions: { create: { title: 'Create', method: 'post', url: `${target.url}/echo`, fields: [] } },
      triggers: {},
      authInfo: { apiType: 'oauth2' },
    };
    expect((await h.call('POST', '/api/apps', { token: a.token, body })).status).toBe(201);
    const res = await h.call('POST', `/api/apps/${slug}/test-auth`, { token: a.token, body: {} });
    expect(res.json).toMatchObject({
      ok: false,
      message:
        'Error finding a test action. Please create a simple GET action without custom code (Method and URL fields must be used).',
    });
    const app = await h.call('GET', `/api/apps/${slug}`, { token: a.token });
    expect(app.json.authInfo.testResponseStatus).toBe(false);
  });

  it('Demo CRM: one click gives a key and an account; contacts over HTTP are per tenant; bad input is refused', async () => {
    const keyA = await h.call('POST', '/api/demo-crm/keys', { token: a.token, body: {} });
    expect(keyA.status, keyA.text).toBe(201);
    expect(keyA.json.apiKey).toMatch(/^dcrm_/);
    expect(keyA.json.credential).toMatchObject({
      app: 'demo-crm',
      name: 'Demo CRM',
      values: { api_key: SECRET_SENTINEL },
    });
    const keyB = await h.call('POST', '/api/demo-crm/keys', { token: b.token, body: { name: 'B CRM' } });
    expect(keyB.json.credential.name).toBe('B CRM');
    expect((await h.call('POST', '/api/demo-crm/keys', { body: {} })).status).toBe(401);
    expect((await h.call('POST', '/api/demo-crm/keys', { token: a.token, body: { name: '' } })).status).toBe(400);

    const headersA = { 'x-api-key': keyA.json.apiKey };
    const created = await h.call('POST', '/demo-crm/contacts', {
      headers: headersA,
      body: { email: 'ada@example.com', firstName: 'Ada' },
    });
    expect(created.status, created.text).toBe(201);
    const listed = await h.call('GET', '/demo-crm/contacts', { headers: headersA });
    expect(listed.json.contacts.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);

    const listedB = await h.call('GET', '/demo-crm/contacts', { headers: { 'x-api-key': keyB.json.apiKey } });
    expect(listedB.json.contacts).toEqual([]);
    const peek = await h.call('GET', `/demo-crm/contacts/${created.json.id}`, {
      headers: { 'x-api-key': keyB.json.apiKey },
    });
    expect(peek.status).toBe(404);

    const bad = await h.call('POST', '/demo-crm/contacts', { headers: headersA, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('email');
    expect((await h.call('GET', '/demo-crm/contacts')).status).toBe(401);
    const unknown = await h.call('GET', '/demo-crm/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');

    // The built-in's auth test runs against Junction's own origin through the account.
    expect(h.config.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  it('serves built-in icons as SVG and 404s others', async () => {
    const icon = await h.call('GET', '/icons/demo-crm.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect((await h.call('GET', '/icons/nope.svg')).status).toBe(404);
  });
});
