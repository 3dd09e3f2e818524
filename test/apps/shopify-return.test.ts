/**
 * The storefront's return leg (forms-dp 2.11): `/auth/shopify/redirect`
 * forwards a signed return to the web page `/shopify` (the generic OAuth pop-up return is left
 * alone), and POST /api/shopify/install/finish checks the HMAC, exchanges the code at a local
 * fake storefront through the SSRF-guarded client, and stores the token sealed as a
 * 'shopify-store' account of the caller's workspace.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_ADMIN_ORIGIN_ENV, shopifyHmac } from '../../server/src/services/shopify.js';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { makeOperator } from './operator.js';

const SECRET = 'shpss_return_secret_5512';
const CLIENT_ID = 'return-client-9';

/** What the fake storefront's token endpoint received. */
interface Exchange {
  path: string;
  contentType: string | undefined;
  body: { client_id?: string; client_secret?: string; code?: string };
}

/** A local storefront: POST /admin/oauth/access_token trades each known code once. */
async function startFakeStorefront() {
  const exchanges: Exchange[] = [];
  const codes = new Map<string, string>();
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Exchange['body'];
    exchanges.push({ path: `${req.method} ${req.url}`, contentType: req.headers['content-type'], body });
    const token = body.code ? codes.get(body.code) : undefined;
    res.setHeader('content-type', 'application/json');
    if (req.url !== '/admin/oauth/access_token' || req.method !== 'POST') {
      res.statusCode = 404;
      res.end('{}');
    } else if (body.client_id !== CLIENT_ID || body.client_secret !== SECRET || !token) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'invalid_request', error_description: 'The authorization code was not found.' }));
    } else {
      codes.delete(body.code!);
      res.end(JSON.stringify({ access_token: token, scope: 'read_orders,write_orders' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    exchanges,
    /** Registers a code the store will trade for `token`. */
    issue(code: string, token: string) {
      codes.set(code, token);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A return query signed as the storefront signs it. */
function signedReturn(params: Record<string, string>, secret = SECRET): string {
  const query = new URLSearchParams({ timestamp: String(Math.floor(Date.now() / 1000)), ...params });
  query.set('hmac', shopifyHmac(query, secret));
  return `?${query}`;
}

describe.each(openTestDatabases())('the storefront return leg on $dialect', (testDb) => {
  let h: ApiHarness;
  let store: Awaited<ReturnType<typeof startFakeStorefront>>;
  let owner: Account;
  let other: Account;
  let previousOrigin: string | undefined;
  const finish = (query: string, token?: string) =>
    h.call('POST', '/api/shopify/install/finish', { token, body: { query } });
  const accounts = async (account: Account) => {
    const res = await h.call('GET', '/api/credentials?app=shopify-store', { token: account.token });
    expect(res.status, res.text).toBe(200);
    return res.json.items as { id: string; name: string; values: Record<string, string>; tenantId: string }[];
  };

  beforeAll(async () => {
    store = await startFakeStorefront();
    previousOrigin = process.env[SHOPIFY_ADMIN_ORIGIN_ENV];
    process.env[SHOPIFY_ADMIN_ORIGIN_ENV] = store.origin;
    h = await openHarness(testDb, { allowedHosts: store.host });
    owner = await signUp(h, 'storefront-owner');
    // Only an operator of the instance may declare the hand-off's app.
    await makeOperator(h, owner);
    other = await signUp(h, 'storefront-other');
    const created = await h.call('POST', '/api/apps', {
      token: owner.token,
      body: {
        appSlug: 'shopify',
        appName: 'Shopify',
        actions: {},
        triggers: {},
        authInfo: { apiType: 'oauth2', clientInfo: { client_id: CLIENT_ID, client_secret: SECRET } },
      },
    });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    if (previousOrigin === undefined) delete process.env[SHOPIFY_ADMIN_ORIGIN_ENV];
    else process.env[SHOPIFY_ADMIN_ORIGIN_ENV] = previousOrigin;
    await h?.close();
    await store?.close();
  });

  it('forwards a signed return from /auth/shopify/redirect to /shopify, and leaves the pop-up return alone', async () => {
    const query = signedReturn({ code: 'c-forward', shop: 'acme.myshopify.com', state: 's1', host: 'YWNtZQ' });
    const res = await h.call('GET', `/auth/shopify/redirect${query}`);
    expect(res.status, res.text).toBe(302);
    expect(res.headers.location).toBe(`/shopify${query}`);
    expect(res.headers['cache-control']).toBe('no-store');

    // Without hmac and shop it is the generic pop-up return: its page, with its own state rule.
    const popup = await h.call('GET', '/auth/shopify/redirect?code=abc&state=unknown');
    expect(popup.status).toBe(200);
    expect(popup.headers['content-type']).toContain('text/html');
    expect(popup.text).toContain('expired or was already used');

    // Another app's return is never forwarded, even with hmac and shop.
    const otherApp = await h.call('GET', `/auth/demo-crm/redirect${query}`);
    expect(otherApp.status).toBe(200);
    expect(otherApp.headers.location).toBeUndefined();
    expect(store.exchanges).toEqual([]);
  });

  it('asks for a session before anything is exchanged', async () => {
    const res = await finish(signedReturn({ code: 'c-anon', shop: 'acme.myshopify.com', state: 's' }));
    expect(res.status).toBe(401);
    expect(store.exchanges).toEqual([]);
  });

  it('refuses a forged, incomplete or stale return (401/422 naming the field) without calling the store', async () => {
    const forged = await finish(
      signedReturn({ code: 'c1', shop: 'acme.myshopify.com', state: 's' }, 'guessed-secret'),
      owner.token,
    );
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ field: 'query.hmac', detail: expect.stringContaining('HMAC') });

    // A signed return whose shop was swapped afterwards.
    const swapped = new URLSearchParams(signedReturn({ code: 'c1', shop: 'acme.myshopify.com', state: 's' }));
    swapped.set('shop', 'evil.myshopify.com');
    expect((await finish(`?${swapped}`, owner.token)).json.field).toBe('query.hmac');

    for (const missing of ['code', 'state', 'shop', 'timestamp', 'hmac']) {
      const query = new URLSearchParams(signedReturn({ code: 'c1', shop: 'acme.myshopify.com', state: 's' }));
      query.delete(missing);
      const res = await finish(`?${query}`, owner.token);
      expect(res.status, missing).toBe(422);
      expect(res.json, missing).toMatchObject({ field: `query.${missing}`, detail: 'Missing required query params' });
    }

    const stale = await finish(
      signedReturn({ code: 'c1', shop: 'acme.myshopify.com', state: 's', timestamp: '1700000000' }),
      owner.token,
    );
    expect(stale.status).toBe(422);
    expect(stale.json.field).toBe('query.timestamp');

    const notAShop = await finish(signedReturn({ code: 'c1', shop: '127.0.0.1', state: 's' }), owner.token);
    expect(notAShop.status).toBe(422);
    expect(notAShop.json.field).toBe('query.shop');

    const none = await h.call('POST', '/api/shopify/install/finish', { token: owner.token, body: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('query');
    expect(store.exchanges).toEqual([]);
  });

  it('exchanges the code once and stores the token sealed as a shopify-store account of the workspace', async () => {
    store.issue('code-acme-1', 'shpat_first_token_0001');
    const started = performance.now();
    const res = await finish(
      signedReturn({ code: 'code-acme-1', shop: 'acme.myshopify.com', state: 'st' }),
      owner.token,
    );
    console.log(`return leg (HMAC, exchange, seal, store) answered in ${(performance.now() - started).toFixed(1)} ms`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      shop: 'acme.myshopify.com',
      credentialId: expect.any(String),
      name: 'Shopify acme',
      isReconnect: false,
    });
    expect(res.text).not.toContain('shpat_first_token_0001');
    expect(store.exchanges.at(-1)).toEqual({
      path: 'POST /admin/oauth/access_token',
      contentType: expect.stringContaining('application/json'),
      body: { client_id: CLIENT_ID, client_secret: SECRET, code: 'code-acme-1' },
    });

    const listed = await accounts(owner);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: res.json.credentialId, name: 'Shopify acme', tenantId: owner.tenantId });
    expect(listed[0].values.shop).toBe('acme');
    // The token is a sealed secret: the API shows the sentinel in its place, never the value.
    expect(listed[0].values.api_key).toBe(SECRET_SENTINEL);
    expect(h.bodies.join('\n')).not.toContain('shpat_first_token_0001');

    // The same code again: the store refuses it (codes are single-use) and nothing changes.
    const replay = await finish(
      signedReturn({ code: 'code-acme-1', shop: 'acme.myshopify.com', state: 'st' }),
      owner.token,
    );
    expect(replay.status).toBe(502);
    expect(replay.json.detail).toBe(
      'The store acme.myshopify.com refused the authorisation code (HTTP 400: invalid_request: The authorization code was not found.). Start the install again from your store.',
    );
    expect(await accounts(owner)).toHaveLength(1);
  });

  it('a second install of the same shop gives the existing account the new token; another workspace gets its own', async () => {
    const before = await accounts(owner);
    store.issue('code-acme-2', 'shpat_second_token_0002');
    const again = await finish(
      signedReturn({ code: 'code-acme-2', shop: 'ACME.myshopify.com', state: 'x' }),
      owner.token,
    );
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ credentialId: before[0].id, isReconnect: true, shop: 'acme.myshopify.com' });
    expect(await accounts(owner)).toHaveLength(1);

    store.issue('code-acme-3', 'shpat_other_workspace_0003');
    const theirs = await finish(
      signedReturn({ code: 'code-acme-3', shop: 'acme.myshopify.com', state: 'y' }),
      other.token,
    );
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.json.isReconnect).toBe(false);
    expect(theirs.json.credentialId).not.toBe(before[0].id);
    expect((await accounts(other)).map((c) => c.tenantId)).toEqual([other.tenantId]);
    expect(await accounts(owner)).toHaveLength(1);
  });

  it('answers 502 when the store cannot be reached', async () => {
    const previous = process.env[SHOPIFY_ADMIN_ORIGIN_ENV];
    // A port nothing listens on (the guard lets it through: same allowed host, other port is blocked).
    process.env[SHOPIFY_ADMIN_ORIGIN_ENV] = 'http://127.0.0.1:9';
    try {
      const res = await finish(signedReturn({ code: 'code-x', shop: 'acme.myshopify.com', state: 'z' }), owner.token);
      expect(res.status).toBe(502);
      expect(res.json.detail).toMatch(/^The store acme\.myshopify\.com could not be reached \((blocked|network)\)\./);
    } finally {
      process.env[SHOPIFY_ADMIN_ORIGIN_ENV] = previous;
    }
  });
});
