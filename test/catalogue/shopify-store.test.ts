import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const shopifyStoreApp = catalogueApp('shopify-store');

const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const HOOK = 'https://junction.example.com/hooks/wh_8';
const V = '/admin/api/2025-01';

let fake: Fake;
let orders = [
  { id: 450789470, name: '#1002' },
  { id: 450789469, name: '#1001' },
];
let customers = [{ id: 207119551, email: 'bob@example.com' }];
const webhooks = new Map<number, unknown>();
const { run, covered } = stepRunner(shopifyStoreApp, () => fake, { shop: 'acme', api_key: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.host === 'acme.myshopify.com' && req.headers['x-shopify-access-token'] === TOKEN,
    unauthorized: {
      status: 401,
      body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    },
    routes: {
      [`GET ${V}/shop.json`]: () => ({
        body: { shop: { id: 1, name: 'Acme', myshopify_domain: 'acme.myshopify.com' } },
      }),
      [`GET ${V}/orders.json`]: () => ({ body: { orders } }),
      [`GET ${V}/customers/search.json`]: (req) => ({
        body: { customers: req.query.query ? customers.slice(0, 1) : customers },
      }),
      [`POST ${V}/customers.json`]: (req) => ({
        status: 201,
        body: { customer: { id: 1073339460, ...(req.body as { customer: object }).customer } },
      }),
      [`POST ${V}/products.json`]: (req) => ({
        status: 201,
        body: { product: { id: 1072481042, ...(req.body as { product: object }).product } },
      }),
      [`PUT ${V}/orders/:id.json`]: (req) => ({ body: { order: (req.body as { order: object }).order } }),
      [`POST ${V}/webhooks.json`]: (req) => {
        const id = 4759306 + webhooks.size;
        webhooks.set(id, req.body);
        return { status: 201, body: { webhook: { id, ...(req.body as { webhook: object }).webhook } } };
      },
      [`DELETE ${V}/webhooks/:id.json`]: (req) =>
        webhooks.delete(Number(req.params.id)) ? { body: {} } : { status: 404, body: { errors: 'Not Found' } },
    },
  });
});
afterAll(() => fake.close());

describe('Shopify contract', () => {
  it('is a valid first100 definition whose slug leaves "shopify" to the storefront install app', () => {
    checkDefinition(shopifyStoreApp);
    expect(shopifyStoreApp.appSlug).toBe('shopify-store');
    expect(shopifyStoreApp.appName).toBe('Shopify');
  });

  it("calls the store's own admin host with the access token header", async () => {
    const shop = await run('getShop');
    expect(shop.output).toMatchObject({ shop: { name: 'Acme' } });
    expect(fake.last().url).toBe('https://acme.myshopify.com/admin/api/2025-01/shop.json');
  });

  it('creates a customer and a product wrapped in their resource keys', async () => {
    await run('createCustomer', { email: 'ada@example.com', first_name: 'Ada', tags: 'vip' });
    expect(fake.last()).toMatchObject({ method: 'POST', path: `${V}/customers.json` });
    expect(fake.last().body).toEqual({ customer: { email: 'ada@example.com', first_name: 'Ada', tags: 'vip' } });
    await run('createProduct', { title: 'T-shirt', vendor: 'Acme', status: 'draft' });
    expect(fake.last().body).toEqual({ product: { title: 'T-shirt', vendor: 'Acme', status: 'draft' } });
  });

  it('updates an order and finds a customer', async () => {
    const updated = await run('updateOrder', { id: '450789469', note: 'Gift wrap', tags: 'gift' });
    expect(updated.output).toEqual({ order: { id: '450789469', note: 'Gift wrap', tags: 'gift' } });
    expect(fake.last()).toMatchObject({ method: 'PUT', path: `${V}/orders/450789469.json` });
    await run('findCustomer', { query: 'email:bob@example.com' });
    expect(fake.last().query).toEqual({ query: 'email:bob@example.com' });
  });

  it('polls new orders and new customers without duplicates or drops', async () => {
    await checkPollDedupe(shopifyStoreApp, 'newOrder', run, {}, () => {
      orders = [{ id: 450789471, name: '#1003' }, ...orders];
      return ['450789471'];
    });
    expect(fake.last().query).toEqual({ status: 'any', limit: '250' });
    await checkPollDedupe(shopifyStoreApp, 'newCustomer', run, {}, () => {
      customers = [{ id: 207119553, email: 'd@example.com' }, { id: 207119552, email: 'c@example.com' }, ...customers];
      return ['207119552', '207119553'];
    });
    expect(fake.last().query).toEqual({ order: 'created_at desc', limit: '250' });
  });

  it('subscribes webhooks per topic and deletes them by the answered webhook.id', async () => {
    const call = { app: shopifyStoreApp, credential: { shop: 'acme', api_key: TOKEN }, base: '', http: fake.http };
    for (const [action, topic] of [
      ['subscribeOrdersCreate', 'orders/create'],
      ['subscribeCustomersCreate', 'customers/create'],
      ['subscribeProductsCreate', 'products/create'],
    ] as const) {
      covered.add(action).add('deleteWebhook');
      const sub = await subscribeApp(call, action, {}, HOOK);
      expect(sub.ok).toBe(true);
      // shopify.dev/docs/api/admin-rest/2025-01/resources/webhook#post-webhooks
      expect(fake.last().body).toEqual({ webhook: { topic, address: HOOK, format: 'json' } });
      const unsub = await unsubscribeApp(call, 'deleteWebhook', sub.ok ? sub.answer : {}, {}, HOOK);
      expect(unsub.ok).toBe(true);
      expect(fake.last()).toMatchObject({
        method: 'DELETE',
        path: expect.stringMatching(/\/webhooks\/47593\d+\.json$/),
      });
    }
    expect(webhooks.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(shopifyStoreApp.actions).sort());
  });
});
