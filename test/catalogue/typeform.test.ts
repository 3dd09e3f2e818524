import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const typeformApp = catalogueApp('typeform');

const TOKEN = 'tfp_oauth_0123456789abcdefghijklmnop';
const HOOK = 'https://junction.example.com/hooks/wh_14';

let fake: Fake;
let responses = [
  { token: 'r2', submitted_at: '2025-01-02T00:00:00Z' },
  { token: 'r1', submitted_at: '2025-01-01T00:00:00Z' },
];
const webhooks = new Map<string, unknown>();
const { run, covered } = stepRunner(typeformApp, () => fake, { access_token: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: {
      status: 401,
      body: {
        code: 'AUTHENTICATION_FAILED',
        description: 'Authentication credentials not found on the Request Headers',
      },
    },
    routes: {
      'GET /me': () => ({ body: { alias: 'Ada', email: 'ada@example.com' } }),
      'GET /forms': () => ({ body: { total_items: 1, page_count: 1, items: [{ id: 'abc123', title: 'Signup' }] } }),
      'GET /forms/:form/responses': (req) => ({
        body: {
          total_items: responses.length,
          page_count: 1,
          items: req.query.query ? responses.slice(0, 1) : responses,
        },
      }),
      'PUT /forms/:form/webhooks/:tag': (req) => {
        webhooks.set(`${req.params.form}/${req.params.tag}`, req.body);
        return { body: { id: 'wh01', form_id: req.params.form, tag: req.params.tag, ...(req.body as object) } };
      },
      'DELETE /forms/:form/webhooks/:tag': (req) =>
        webhooks.delete(`${req.params.form}/${req.params.tag}`)
          ? { status: 204 }
          : { status: 404, body: { code: 'NOT_FOUND' } },
    },
  });
});
afterAll(() => fake.close());

describe('Typeform contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(typeformApp);
  });

  it('tests the connection and lists forms for the dropdown', async () => {
    expect((await run('getMe')).output).toMatchObject({ email: 'ada@example.com' });
    expect(fake.last().url).toBe('https://api.typeform.com/me');
    await run('listForms');
    expect(fake.last().query).toEqual({ page_size: '200' });
  });

  it('finds responses by a search word', async () => {
    const found = await run('findResponses', { form_id: 'abc123', query: 'ada@example.com', page_size: '10' });
    expect(found.output).toMatchObject({ items: [{ token: 'r2' }] });
    expect(fake.last()).toMatchObject({
      path: '/forms/abc123/responses',
      query: { query: 'ada@example.com', page_size: '10' },
    });
  });

  it('polls new completed responses, newest first, without duplicates or drops', async () => {
    await checkPollDedupe(typeformApp, 'newEntryPolling', run, { form_id: 'abc123' }, () => {
      responses = [{ token: 'r4', submitted_at: '4' }, { token: 'r3', submitted_at: '3' }, ...responses];
      return ['r3', 'r4'];
    });
    expect(fake.last().query).toEqual({ page_size: '100', sort: 'submitted_at,desc', response_type: 'completed' });
  });

  it('creates the form webhook on subscribe and deletes it on unsubscribe', async () => {
    covered.add('createWebhook').add('deleteWebhook');
    const call = { app: typeformApp, credential: { access_token: TOKEN }, base: '', http: fake.http };
    const sub = await subscribeApp(call, 'createWebhook', { form_id: 'abc123' }, HOOK);
    expect(sub.ok).toBe(true);
    // typeform.com/developers/webhooks/reference/create-or-update-webhook
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/forms/abc123/webhooks/junction' });
    expect(fake.last().body).toEqual({ url: HOOK, enabled: true });
    const unsub = await unsubscribeApp(call, 'deleteWebhook', sub.ok ? sub.answer : {}, { form_id: 'abc123' }, HOOK);
    expect(unsub.ok).toBe(true);
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/forms/abc123/webhooks/junction', query: {} });
    expect(webhooks.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(typeformApp.actions).sort());
  });
});
