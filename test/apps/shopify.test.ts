/**
 * The storefront install hand-off (forms-dp 2.11): the HMAC rules of Shopify's
 * documented scheme, and POST /api/public/shopify/install answering the authorize address only
 * for a genuine link, with the secret of the portal app 'shopify' opened from the vault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkShopifyQuery,
  SHOPIFY_MAX_AGE_MS,
  SHOPIFY_SCOPES,
  shopifyHmac,
  shopifyHmacMessage,
} from '../../server/src/services/shopify.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { makeOperator } from './operator.js';

const SECRET = 'shpss_test_secret_4411';

/** A query signed with `secret`, as the storefront would send it. */
function signed(params: Record<string, string>, secret = SECRET): URLSearchParams {
  const query = new URLSearchParams(params);
  query.set('hmac', shopifyHmac(query, secret));
  return query;
}

describe('Shopify HMAC rules', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const fresh = String(Math.floor(now / 1000) - 60);

  it("matches Shopify's documented example (secret 'hush')", () => {
    const query = new URLSearchParams(
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(shopifyHmacMessage(query)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(shopifyHmac(query, 'hush')).toBe(query.get('hmac'));
    expect(checkShopifyQuery(query, 'hush', 1337178173 * 1000 + 1000)).toEqual({
      ok: true,
      shop: 'some-shop.myshopify.com',
    });
  });

  it('signs every parameter but hmac and signature, sorted, with & and % escaped', () => {
    const query = new URLSearchParams({
      timestamp: '1',
      shop: 'a.myshopify.com',
      hmac: 'x',
      signature: 'y',
      host: 'a&b%c',
    });
    expect(shopifyHmacMessage(query)).toBe('host=a%26b%25c&shop=a.myshopify.com&timestamp=1');
  });

  it('accepts a fresh, well-signed link with extra parameters (host, embedded)', () => {
    const query = signed({
      shop: 'acme.myshopify.com',
      timestamp: fresh,
      host: 'YWNtZS5teXNob3BpZnkuY29tL2FkbWlu',
      embedded: '1',
    });
    expect(checkShopifyQuery(query, SECRET, now)).toEqual({ ok: true, shop: 'acme.myshopify.com' });
    // Upper-case hex is the same signature.
    query.set('hmac', query.get('hmac')!.toUpperCase());
    expect(checkShopifyQuery(query, SECRET, now).ok).toBe(true);
  });

  it('refuses a wrong secret, a changed parameter, a short or non-hex hmac (401)', () => {
    const good = signed({ shop: 'acme.myshopify.com', timestamp: fresh });
    expect(checkShopifyQuery(good, 'another-secret', now)).toMatchObject({ ok: false, field: 'hmac', status: 401 });
    const changed = new URLSearchParams(good);
    changed.set('shop', 'evil.myshopify.com');
    expect(checkShopifyQuery(changed, SECRET, now)).toMatchObject({ ok: false, field: 'hmac', status: 401 });
    const added = new URLSearchParams(good);
    added.set('extra', '1');
    expect(checkShopifyQuery(added, SECRET, now)).toMatchObject({ ok: false, field: 'hmac' });
    for (const hmac of ['abc', 'z'.repeat(64), `${good.get('hmac')}00`]) {
      const bad = new URLSearchParams(good);
      bad.set('hmac', hmac);
      expect(checkShopifyQuery(bad, SECRET, now), hmac).toMatchObject({ ok: false, field: 'hmac', status: 401 });
    }
  });

  it('needs shop, timestamp and hmac', () => {
    for (const missing of ['shop', 'timestamp', 'hmac'] as const) {
      const query = signed({ shop: 'acme.myshopify.com', timestamp: fresh });
      query.delete(missing);
      expect(checkShopifyQuery(query, SECRET, now)).toMatchObject({
        ok: false,
        field: missing,
        message: 'Missing required query params',
      });
    }
  });

  it('refuses a shop outside *.myshopify.com, even when signed', () => {
    for (const shop of [
      'evil.com',
      'acme.myshopify.com.evil.com',
      'a.b.myshopify.com',
      '-x.myshopify.com',
      'myshopify.com',
      'acme.myshopify.com/x',
    ]) {
      expect(checkShopifyQuery(signed({ shop, timestamp: fresh }), SECRET, now), shop).toMatchObject({
        ok: false,
        field: 'shop',
        status: 422,
      });
    }
  });

  it('refuses a timestamp older than 24 h, far in the future, or not a number', () => {
    const seconds = (ms: number) => String(Math.floor(ms / 1000));
    expect(
      checkShopifyQuery(
        signed({ shop: 'a.myshopify.com', timestamp: seconds(now - SHOPIFY_MAX_AGE_MS + 5000) }),
        SECRET,
        now,
      ).ok,
    ).toBe(true);
    expect(
      checkShopifyQuery(
        signed({ shop: 'a.myshopify.com', timestamp: seconds(now - SHOPIFY_MAX_AGE_MS - 5000) }),
        SECRET,
        now,
      ),
    ).toMatchObject({ ok: false, field: 'timestamp', message: expect.stringContaining('older than 24 hours') });
    expect(
      checkShopifyQuery(signed({ shop: 'a.myshopify.com', timestamp: seconds(now + 3_600_000) }), SECRET, now),
    ).toMatchObject({
      ok: false,
      field: 'timestamp',
    });
    for (const timestamp of ['soon', '1e9', '-5', '12.5']) {
      expect(checkShopifyQuery(signed({ shop: 'a.myshopify.com', timestamp }), SECRET, now), timestamp).toMatchObject({
        ok: false,
        field: 'timestamp',
      });
    }
  });

  it('asks for read and write on orders, content, customers, fulfillments, inventory, products and reports', () => {
    expect(SHOPIFY_SCOPES).toEqual([
      'read_orders',
      'write_orders',
      'read_content',
      'write_content',
      'read_customers',
      'write_customers',
      'read_fulfillments',
      'write_fulfillments',
      'read_inventory',
      'write_inventory',
      'read_products',
      'write_products',
      'read_reports',
      'write_reports',
    ]);
  });
});

describe.each(openTestDatabases())('POST /api/public/shopify/install on $dialect', (testDb) => {
  let h: ApiHarness;
  let author: Account;
  const install = (query: string) => h.call('POST', '/api/public/shopify/install', { body: { query } });
  const freshQuery = (extra: Record<string, string> = {}, secret = SECRET) =>
    `?${signed({ shop: 'acme.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)), ...extra }, secret)}`;

  beforeAll(async () => {
    h = await openHarness(testDb);
    author = await signUp(h, 'storefront-author');
    // Only an operator of the instance may declare the hand-off's app.
    await makeOperator(h, author);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 naming the missing set-up before the shopify app exists', async () => {
    const res = await install(freshQuery());
    expect(res.status, res.text).toBe(503);
    expect(res.json.detail).toContain("portal app 'shopify'");
  });

  it('answers the authorize address for a genuine link, 401 for a forged one, 422 naming the field', async () => {
    const created = await h.call('POST', '/api/apps', {
      token: author.token,
      body: {
        appSlug: 'shopify',
        appName: 'Shopify',
        actions: {},
        triggers: {},
        authInfo: { apiType: 'oauth2', clientInfo: { client_id: 'client-123', client_secret: SECRET } },
      },
    });
    expect(created.status, created.text).toBe(201);

    const ok = await install(freshQuery({ host: 'abc' }));
    expect(ok.status, ok.text).toBe(200);
    const redirectUri = `${h.config.publicUrl}/auth/shopify/redirect`;
    expect(ok.json).toEqual({
      shop: 'acme.myshopify.com',
      clientId: 'client-123',
      scopes: SHOPIFY_SCOPES,
      redirectUri,
      authorizeUrl: expect.any(String),
    });
    const url = new URL(ok.json.authorizeUrl);
    expect(url.origin + url.pathname).toBe('https://acme.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-123',
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: redirectUri,
    });
    // The secret never reaches the answer.
    expect(ok.text).not.toContain(SECRET);

    const forged = await install(freshQuery({}, 'guessed-secret'));
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ field: 'query.hmac', detail: expect.stringContaining('HMAC') });

    const missing = await install('?shop=acme.myshopify.com&timestamp=1');
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ field: 'query.hmac', detail: 'Missing required query params' });

    const stale = await install(`?${signed({ shop: 'acme.myshopify.com', timestamp: '1700000000' })}`);
    expect(stale.status).toBe(422);
    expect(stale.json.field).toBe('query.timestamp');

    const badShop = await install(
      `?${signed({ shop: 'evil.example.com', timestamp: String(Math.floor(Date.now() / 1000)) })}`,
    );
    expect(badShop.status).toBe(422);
    expect(badShop.json.field).toBe('query.shop');
  });

  it("trusts the 'shopify' app only while an operator's workspace holds it (one named before slugs were reserved may be anyone's)", async () => {
    const operators = h.config.supportOperators;
    h.config.supportOperators = [];
    try {
      const squatted = await install(freshQuery());
      expect(squatted.status, squatted.text).toBe(503);
      expect(squatted.text).not.toContain('client-123');
    } finally {
      h.config.supportOperators = operators;
    }
    expect((await install(freshQuery())).status).toBe(200);
  });

  it('refuses a body without query (400 naming it) and an over-long query', async () => {
    const none = await h.call('POST', '/api/public/shopify/install', { body: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('query');
    const long = await install(`?shop=${'a'.repeat(5000)}`);
    expect(long.status).toBe(400);
  });
});
