import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { REDACTED } from '../../server/src/integrations/executor.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const pipedriveApp = catalogueApp('pipedrive');

const TOKEN = '659c9fddb16335e48cc67114694b52074e5b4587';
const HOOK = 'https://junction.example.com/hooks/wh_5';

let fake: Fake;
let deals = [
  { id: 2, title: 'B' },
  { id: 1, title: 'A' },
];
let persons = [{ id: 10, name: 'Ada' }];
const webhooks = new Map<number, unknown>();
const { run, covered } = stepRunner(pipedriveApp, () => fake, { api_key: TOKEN });
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.query.api_token === TOKEN,
    unauthorized: { status: 401, body: { success: false, error: 'unauthorized access', errorCode: 401 } },
    routes: {
      'GET /v1/users/me': () => ok({ id: 1, name: 'Ada' }),
      'GET /v1/deals': () => ok(deals),
      'GET /v1/persons': () => ok(persons),
      'GET /v1/stages': () => ok([{ id: 1, name: 'Qualified', pipeline_id: 1 }]),
      'GET /v1/persons/search': (req) => ok({ items: [{ result_score: 1, item: { id: 10, name: req.query.term } }] }),
      'POST /v1/deals': (req) => ok({ id: 3, ...(req.body as object) }, 201),
      'PUT /v1/deals/:id': (req) => ok({ id: Number(req.params.id), ...(req.body as object) }),
      'POST /v1/persons': (req) => ok({ id: 11, ...(req.body as object) }, 201),
      'POST /v1/organizations': (req) => ok({ id: 5, ...(req.body as object) }, 201),
      'POST /v1/activities': (req) => ok({ id: 8, ...(req.body as object) }, 201),
      'POST /v1/webhooks': (req) => {
        const id = 400 + webhooks.size;
        webhooks.set(id, req.body);
        return { status: 201, body: { status: 'ok', success: true, data: { id, ...(req.body as object) } } };
      },
      'DELETE /v1/webhooks/:id': (req) =>
        webhooks.delete(Number(req.params.id))
          ? { body: { status: 'ok', success: true } }
          : { status: 404, body: { success: false, error: 'Webhook not found' } },
    },
  });
});
afterAll(() => fake.close());

describe('Pipedrive contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(pipedriveApp);
  });

  it('sends the API token as the api_token query parameter, redacted in the step record', async () => {
    const result = await run('getCurrentUser');
    expect(result.output).toEqual({ success: true, data: { id: 1, name: 'Ada' } });
    expect(fake.last().url).toBe('https://api.pipedrive.com/v1/users/me');
    expect(result.request?.query).toEqual([['api_token', REDACTED]]);
  });

  it('creates, updates deals and lists stages for the stage dropdown', async () => {
    await run('listStages');
    expect(fake.last().path).toBe('/v1/stages');
    await run('createDeal', { title: 'Big deal', value: '1200.5', currency: 'EUR', person_id: '10', stage_id: 1 });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/v1/deals' });
    expect(fake.last().body).toEqual({ title: 'Big deal', value: 1200.5, currency: 'EUR', person_id: 10, stage_id: 1 });
    await run('updateDeal', { id: 3, status: 'won' });
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/v1/deals/3', body: { status: 'won' } });
  });

  it('creates a person, an organisation and an activity, and finds a person by e-mail', async () => {
    await run('createPerson', { name: 'Ada', email: 'ada@example.com' });
    expect(fake.last().body).toEqual({ name: 'Ada', email: 'ada@example.com' });
    await run('createOrganization', { name: 'Acme' });
    expect(fake.last()).toMatchObject({ path: '/v1/organizations', body: { name: 'Acme' } });
    await run('createActivity', { subject: 'Call Ada', type: 'call', due_date: '2025-03-01', person_id: 10 });
    expect(fake.last().body).toEqual({ subject: 'Call Ada', type: 'call', due_date: '2025-03-01', person_id: 10 });
    const found = await run('findPerson', { term: 'ada@example.com', fields: 'email' });
    expect(found.ok).toBe(true);
    expect(fake.last().query).toEqual({
      api_token: TOKEN,
      term: 'ada@example.com',
      fields: 'email',
      exact_match: 'true',
    });
  });

  it('polls new deals and new people, newest first, without duplicates or drops', async () => {
    await checkPollDedupe(pipedriveApp, 'newDeal', run, {}, () => {
      deals = [{ id: 4, title: 'D' }, { id: 3, title: 'C' }, ...deals];
      return ['3', '4'];
    });
    expect(fake.last().query).toEqual({ api_token: TOKEN, sort: 'add_time DESC', limit: '100' });
    await checkPollDedupe(pipedriveApp, 'newPerson', run, {}, () => {
      persons = [{ id: 12, name: 'Grace' }, ...persons];
      return ['12'];
    });
  });

  it('subscribes webhooks for new deals and people and deletes them by the answered data.id', async () => {
    const call = { app: pipedriveApp, credential: { api_key: TOKEN }, base: '', http: fake.http };
    for (const [action, object] of [
      ['subscribeDeals', 'deal'],
      ['subscribePersons', 'person'],
    ] as const) {
      covered.add(action).add('deleteWebhook');
      const sub = await subscribeApp(call, action, {}, HOOK);
      expect(sub.ok).toBe(true);
      // developers.pipedrive.com/docs/api/v1/Webhooks#addWebhook
      expect(fake.last().body).toEqual({
        subscription_url: HOOK,
        event_action: 'create',
        event_object: object,
        version: '2.0',
      });
      const unsub = await unsubscribeApp(call, 'deleteWebhook', sub.ok ? sub.answer : {}, {}, HOOK);
      expect(unsub.ok).toBe(true);
      expect(fake.last()).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/^\/v1\/webhooks\/40\d$/) });
    }
    expect(webhooks.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(pipedriveApp.actions).sort());
  });
});
