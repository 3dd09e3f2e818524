/**
 * Connections tell the truth (editor-core 4.7, 7.2): an API-key or basic-auth account is
 * checked on save with its app's test request against a local "Items Hub" API; a wrong key is
 * refused with the service's own answer and nothing is saved; 'Update connection info' changes
 * the same account; 'Check connection' says plainly whether it works.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

const GOOD_KEY = 'ih_live_good_key_1';
const GOOD_USER = { username: 'ada', password: 'right-password' };

/** Items Hub: answers its items to a good key (or basic user), 401 'invalid api key' otherwise. */
async function startItemsHub(): Promise<{ server: Server; url: string; host: string; validKeys: Set<string> }> {
  const validKeys = new Set([GOOD_KEY]);
  const server = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    const basic = `Basic ${Buffer.from(`${GOOD_USER.username}:${GOOD_USER.password}`).toString('base64')}`;
    const isGood = (typeof key === 'string' && validKeys.has(key)) || req.headers.authorization === basic;
    res.setHeader('content-type', 'application/json');
    if (!isGood) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'invalid api key' }));
      return;
    }
    res.end(JSON.stringify({ items: [{ id: 1, name: 'Lamp' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, validKeys };
}

function itemsHub(slug: string, url: string, apiType: 'apikey' | 'basic') {
  return {
    appSlug: slug,
    appName: 'Items Hub',
    actions: { listItems: { title: 'List items', method: 'get', url: `${url}/items`, fields: [] } },
    triggers: {},
    authInfo:
      apiType === 'apikey'
        ? {
            apiType,
            testAuth: 'listItems',
            apikeyFormFields: [{ key: 'api_key', title: 'API key' }],
            requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
          }
        : { apiType, testAuth: 'listItems' },
  };
}

describe.each(openTestDatabases())('connections on $dialect', (testDb) => {
  let h: ApiHarness;
  let hub: Awaited<ReturnType<typeof startItemsHub>>;
  let a: Account;
  const keySlug = `items-hub-${Date.now()}`;
  const basicSlug = `items-basic-${Date.now()}`;

  const accountsOf = async (app: string) =>
    (await h.call('GET', `/api/credentials?app=${app}`, { token: a.token })).json.items as Array<{
      id: string;
      name: string;
    }>;

  beforeAll(async () => {
    hub = await startItemsHub();
    h = await openHarness(testDb, { allowedHosts: hub.host });
    a = await signUp(h, 'connector');
    for (const app of [itemsHub(keySlug, hub.url, 'apikey'), itemsHub(basicSlug, hub.url, 'basic')]) {
      const created = await h.call('POST', '/api/apps', { token: a.token, body: app });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => hub?.server.close(resolve));
  });

  it("refuses a wrong key on save with the service's own answer and saves nothing", async () => {
    const res = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: keySlug, name: 'Local items', values: { api_key: 'wrong-key-0000' } },
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ field: 'values', detail: 'Items Hub answered 401: invalid api key' });
    expect(res.text).not.toContain('wrong-key-0000');
    expect(await accountsOf(keySlug)).toEqual([]);
  });

  it('saves a working key, checks it plainly, and updates the same account', async () => {
    const saved = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: keySlug, name: 'Local items', values: { api_key: GOOD_KEY } },
    });
    expect(saved.status, saved.text).toBe(201);
    const id = saved.json.id as string;
    const check = await h.call('POST', `/api/credentials/${id}/check`, { token: a.token });
    expect(check.json).toEqual({ ok: true, message: 'The connection works: Items Hub accepted this account.' });

    // The service stops accepting the key: the check says what the service answered.
    hub.validKeys.delete(GOOD_KEY);
    const failed = await h.call('POST', `/api/credentials/${id}/check`, { token: a.token });
    expect(failed.json).toEqual({
      ok: false,
      message: 'Items Hub answered 401: invalid api key. Update the connection info with details Items Hub accepts.',
    });

    // 'Update connection info' with another wrong key: refused, the stored key untouched.
    const wrong = await h.call('PATCH', `/api/credentials/${id}`, {
      token: a.token,
      body: { values: { api_key: 'nope-1234' } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail).toBe('Items Hub answered 401: invalid api key');

    // A new working key updates the same account: still one 'Local items'.
    hub.validKeys.add('ih_live_second_key');
    const updated = await h.call('PATCH', `/api/credentials/${id}`, {
      token: a.token,
      body: { values: { api_key: 'ih_live_second_key' } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ id, name: 'Local items', needsReconnect: false });
    expect((await accountsOf(keySlug)).map((c) => c.name)).toEqual(['Local items']);
    const again = await h.call('POST', `/api/credentials/${id}/check`, { token: a.token });
    expect(again.json.ok).toBe(true);
  });

  it('checks basic-auth accounts on save too', async () => {
    const wrong = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: basicSlug, values: { username: 'ada', password: 'guess' } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail).toBe('Items Hub answered 401: invalid api key');
    const right = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: basicSlug, values: GOOD_USER },
    });
    expect(right.status, right.text).toBe(201);
    expect(await accountsOf(basicSlug)).toHaveLength(1);
  });
});
