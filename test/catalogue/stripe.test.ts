import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { executeStep } from '../../server/src/integrations/executor.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const stripeApp = catalogueApp('stripe');

const KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
const HOOK = 'https://junction.example.com/hooks/wh_3';
const FORM = 'application/x-www-form-urlencoded';

let fake: Fake;
let customers = [
  { id: 'cus_B', email: 'b@example.com' },
  { id: 'cus_A', email: 'a@example.com' },
];
let charges = [{ id: 'ch_1', amount: 500 }];
const endpoints = new Map<string, unknown>();
const { run, covered } = stepRunner(stripeApp, () => fake, { api_key: KEY });
const list = (data: unknown[]) => ({ body: { object: 'list', url: '/v1/x', has_more: false, data } });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bearer ${KEY}`,
    unauthorized: {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } },
    },
    routes: {
      'GET /v1/balance': () => ({ body: { object: 'balance', available: [{ amount: 0, currency: 'usd' }] } }),
      'GET /v1/customers': (req) =>
        list(req.query.email ? customers.filter((c) => c.email === req.query.email) : customers),
      'GET /v1/charges': () => list(charges),
      'POST /v1/customers': (req) => ({ body: { id: 'cus_new', object: 'customer', ...(req.body as object) } }),
      'POST /v1/customers/:id': (req) => ({ body: { id: req.params.id, object: 'customer', ...(req.body as object) } }),
      'POST /v1/products': (req) => ({ body: { id: 'prod_1', object: 'product', ...(req.body as object) } }),
      'POST /v1/invoiceitems': (req) => ({ body: { id: 'ii_1', object: 'invoiceitem', ...(req.body as object) } }),
      'POST /v1/invoices': (req) => ({
        body: { id: 'in_1', object: 'invoice', status: 'draft', ...(req.body as object) },
      }),
      'DELETE /v1/subscriptions/:id': (req) => ({ body: { id: req.params.id, status: 'canceled' } }),
      'POST /v1/webhook_endpoints': (req) => {
        const id = `we_${endpoints.size + 1}`;
        endpoints.set(id, req.body);
        return { body: { id, object: 'webhook_endpoint', secret: 'whsec_x', ...(req.body as object) } };
      },
      'DELETE /v1/webhook_endpoints/:id': (req) =>
        endpoints.delete(req.params.id)
          ? { body: { id: req.params.id, object: 'webhook_endpoint', deleted: true } }
          : { status: 404, body: { error: { type: 'invalid_request_error' } } },
    },
  });
});
afterAll(() => fake.close());

describe('Stripe contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(stripeApp);
  });

  it('tests the connection with GET /v1/balance and the secret key as bearer token', async () => {
    expect((await run('getBalance')).ok).toBe(true);
    expect(fake.last().url).toBe('https://api.stripe.com/v1/balance');
    const wrong = await executeStep({
      app: stripeApp,
      actionKey: 'getBalance',
      values: {},
      credential: { api_key: 'sk_test_wrong' },
      base: '',
      http: fake.http,
    });
    expect(wrong.error).toMatchObject({ status: 401 });
    expect(wrong.output).toMatchObject({ body: { error: { message: expect.stringContaining('Invalid API Key') } } });
  });

  it('creates a customer with a form-encoded body, metadata in brackets', async () => {
    const result = await run('createCustomer', {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: '{"plan": "pro", "seats": 3}',
    });
    expect(result.output).toMatchObject({ id: 'cus_new', email: 'ada@example.com' });
    const req = fake.last();
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe(FORM);
    expect(req.rawBody).toBe('email=ada%40example.com&name=Ada+Lovelace&metadata%5Bplan%5D=pro&metadata%5Bseats%5D=3');
  });

  it('updates a customer, finds one by e-mail, cancels a subscription', async () => {
    await run('updateCustomer', { customer: 'cus_A', phone: '+15550100' });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/v1/customers/cus_A', body: { phone: '+15550100' } });
    const found = await run('findCustomer', { email: 'a@example.com' });
    expect(fake.last().query).toEqual({ email: 'a@example.com' });
    expect((found.output as { data: unknown[] }).data).toEqual([{ id: 'cus_A', email: 'a@example.com' }]);
    const cancelled = await run('cancelSubscription', { subscription: 'sub_9' });
    expect(cancelled.output).toEqual({ id: 'sub_9', status: 'canceled' });
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_9', rawBody: '' });
  });

  it('creates a product with a default price, an invoice item and an invoice', async () => {
    await run('createProduct', {
      name: 'T-shirt',
      default_price_data: { currency: 'usd', unit_amount: 1500 },
      active: 'yes',
    });
    expect(fake.last().rawBody).toBe(
      'name=T-shirt&default_price_data%5Bcurrency%5D=usd&default_price_data%5Bunit_amount%5D=1500&active=true',
    );
    await run('createInvoiceItem', { customer: 'cus_A', amount: '1500', currency: 'usd', description: 'Setup' });
    expect(fake.last()).toMatchObject({
      path: '/v1/invoiceitems',
      body: { customer: 'cus_A', amount: '1500', currency: 'usd', description: 'Setup' },
    });
    await run('createInvoice', { customer: 'cus_A', collection_method: 'send_invoice', days_until_due: 30 });
    expect(fake.last()).toMatchObject({
      path: '/v1/invoices',
      body: { customer: 'cus_A', collection_method: 'send_invoice', days_until_due: '30' },
    });
  });

  it('polls new customers and new charges without duplicates or drops', async () => {
    await checkPollDedupe(stripeApp, 'newCustomer', run, {}, () => {
      customers = [{ id: 'cus_D', email: 'd@example.com' }, { id: 'cus_C', email: 'c@example.com' }, ...customers];
      return ['cus_C', 'cus_D'];
    });
    expect(fake.last().query).toEqual({ limit: '100' });
    await checkPollDedupe(stripeApp, 'newCharge', run, {}, () => {
      charges = [{ id: 'ch_2', amount: 900 }, ...charges];
      return ['ch_2'];
    });
  });

  it('creates a webhook endpoint per event and deletes it on unsubscribe', async () => {
    const call = { app: stripeApp, credential: { api_key: KEY }, base: '', http: fake.http };
    for (const [action, event] of [
      ['subscribeCustomerCreated', 'customer.created'],
      ['subscribeChargeSucceeded', 'charge.succeeded'],
      ['subscribeInvoicePaid', 'invoice.paid'],
    ] as const) {
      covered.add(action).add('deleteWebhookEndpoint');
      const sub = await subscribeApp(call, action, {}, HOOK);
      expect(sub.ok).toBe(true);
      // docs.stripe.com/api/webhook_endpoints/create
      expect(fake.last().headers['content-type']).toBe(FORM);
      expect(fake.last().body).toEqual({
        url: HOOK,
        'enabled_events[0]': event,
        description: 'Junction workflow trigger',
      });
      const unsub = await unsubscribeApp(call, 'deleteWebhookEndpoint', sub.ok ? sub.answer : {}, {}, HOOK);
      expect(unsub.ok).toBe(true);
      expect(fake.last()).toMatchObject({
        method: 'DELETE',
        path: expect.stringMatching(/^\/v1\/webhook_endpoints\/we_/),
      });
    }
    expect(endpoints.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(stripeApp.actions).sort());
  });
});
