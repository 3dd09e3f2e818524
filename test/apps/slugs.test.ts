/**
 * App slugs a workspace may not declare (forms-dp 2.11, onboarding 3 "App auth info"): the
 * built-in and catalogue apps, the instance's hand-offs ('shopify', but for an operator),
 * prototype names and product words, and look-alikes of each. Each refusal is a Problem naming
 * `appSlug`, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { makeOperator } from './operator.js';

/** A minimal OAuth 2.0 app with its own client id and secret. */
function oauthApp(slug: string) {
  return {
    appSlug: slug,
    appName: `App ${slug}`,
    actions: { me: { title: 'Me', method: 'get', url: 'https://api.example.com/me', fields: [] } },
    triggers: {},
    authInfo: {
      apiType: 'oauth2',
      testAuth: 'me',
      clientInfo: { client_id: 'attacker-client', client_secret: 'attacker-secret' },
      auth_url: 'https://example.com/authorize',
      token_url: 'https://example.com/token',
      scopes: 'write_orders',
    },
  };
}

/** Slugs that imitate something of the instance, and the Problem status each answers. */
const LOOK_ALIKES: [string, number][] = [
  ['shopify', 409],
  ['shopify-', 422],
  ['-shopify', 422],
  ['shopify_', 422],
  ['shop-ify', 409],
  ['shop_ify', 409],
  ['Shopify', 422],
  ['shopify--store', 422],
  ['shopifystore', 409],
  ['demo-crm', 409],
  ['demo_crm', 409],
  ['webhook', 409],
  ['new', 409],
  ['develop', 409],
  ['developer', 409],
  ['admin', 409],
  ['api', 409],
  ['junction', 409],
  ['constructor', 409],
  ['__proto__', 422],
  ['prototype', 409],
  ['toString', 422],
  ['tostring', 409],
  ['hasownproperty', 409],
];

describe.each(openTestDatabases())('reserved app slugs on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let operator: Account;

  beforeAll(async () => {
    h = await openHarness(testDb);
    a = await signUp(h, 'squatter');
    operator = await signUp(h, 'operator');
    await makeOperator(h, operator);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(LOOK_ALIKES)('refuses %j with %i naming appSlug', async (slug, status) => {
    const res = await h.call('POST', '/api/apps', { token: a.token, body: oauthApp(slug) });
    expect(res.status, res.text).toBe(status);
    expect(res.json).toMatchObject({ field: 'appSlug' });
  });

  it("lets the instance's operator declare the hand-off's app", async () => {
    const res = await h.call('POST', '/api/apps', { token: operator.token, body: oauthApp('shopify') });
    expect(res.status, res.text).toBe(201);
    const again = await h.call('POST', '/api/apps', { token: a.token, body: oauthApp('shopify') });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ field: 'appSlug' });
  });

  it("accepts an ordinary slug, then refuses another workspace's look-alike of it", async () => {
    const slug = `acme-orders-${Date.now()}`;
    const res = await h.call('POST', '/api/apps', { token: a.token, body: oauthApp(slug) });
    expect(res.status, res.text).toBe(201);
    for (const lookAlike of [slug.replace('acme-orders', 'acme_orders'), slug.replace('acme-orders', 'acmeorders')]) {
      const copy = await h.call('POST', '/api/apps', { token: operator.token, body: oauthApp(lookAlike) });
      expect(copy.status, copy.text).toBe(409);
      expect(copy.json).toMatchObject({
        field: 'appSlug',
        detail: `'${lookAlike}' looks like the app '${slug}'; choose a name of its own.`,
      });
    }
  });
});
