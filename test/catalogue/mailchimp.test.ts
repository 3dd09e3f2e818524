import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const mailchimpApp = catalogueApp('mailchimp');

const KEY = '0123456789abcdef0123456789abcdef-us21';
const BASIC = `Basic ${Buffer.from(`junction:${KEY}`).toString('base64')}`;

let fake: Fake;
let members = [
  { id: 'b2', email_address: 'b@example.com' },
  { id: 'a1', email_address: 'a@example.com' },
];
let campaigns = [{ id: 'c1', settings: { title: 'Spring' } }];
const { run, covered } = stepRunner(mailchimpApp, () => fake, { username: 'junction', password: KEY, dc: 'us21' });

beforeAll(async () => {
  fake = await startFake({
    // mailchimp.com/developer/marketing/docs/fundamentals: HTTP Basic, any user name, the key as password.
    auth: (req) => req.host === 'us21.api.mailchimp.com' && req.headers.authorization === BASIC,
    unauthorized: {
      status: 401,
      body: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title: 'API Key Invalid', status: 401 },
    },
    routes: {
      'GET /3.0/ping': () => ({ body: { health_status: "Everything's Chimpy!" } }),
      'GET /3.0/lists': () => ({ body: { lists: [{ id: 'abc123', name: 'Newsletter' }], total_items: 1 } }),
      'GET /3.0/lists/:list/members': () => ({ body: { members, total_items: members.length } }),
      'GET /3.0/campaigns': () => ({ body: { campaigns, total_items: campaigns.length } }),
      'POST /3.0/lists/:list/members': (req) => ({
        body: { id: 'new', list_id: req.params.list, ...(req.body as object) },
      }),
      'PUT /3.0/lists/:list/members/:subscriber': (req) => ({ body: { id: 'put', ...(req.body as object) } }),
      'PATCH /3.0/lists/:list/members/:subscriber': (req) => ({ body: { id: 'patch', ...(req.body as object) } }),
      'GET /3.0/search-members': () => ({ body: { exact_matches: { members: [members[0]], total_items: 1 } } }),
      'POST /3.0/campaigns': (req) => ({ body: { id: 'c9', status: 'save', ...(req.body as object) } }),
      'POST /3.0/campaigns/:id/actions/send': () => ({ status: 204 }),
    },
  });
});
afterAll(() => fake.close());

describe('Mailchimp contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(mailchimpApp);
  });

  it('pings the data centre named by the server prefix, with the key over Basic auth', async () => {
    const result = await run('ping');
    expect(result.output).toEqual({ health_status: "Everything's Chimpy!" });
    expect(fake.last().url).toBe('https://us21.api.mailchimp.com/3.0/ping');
  });

  it('lists audiences for the dropdown and adds a subscriber with merge fields and tags', async () => {
    await run('listAudiences');
    expect(fake.last().query).toEqual({ count: '1000', fields: 'lists.id,lists.name,total_items' });
    await run('addMember', {
      list_id: 'abc123',
      email_address: 'ada@example.com',
      status: 'subscribed',
      merge_fields: '{"FNAME": "Ada"}',
      tags: 'vip, beta',
    });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/3.0/lists/abc123/members' });
    expect(fake.last().body).toEqual({
      email_address: 'ada@example.com',
      status: 'subscribed',
      merge_fields: { FNAME: 'Ada' },
      tags: ['vip', 'beta'],
    });
  });

  it('adds or updates a subscriber by address, and unsubscribes one', async () => {
    await run('addOrUpdateMember', { list_id: 'abc123', subscriber: 'Ada@Example.com', status_if_new: 'pending' });
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/3.0/lists/abc123/members/Ada%40Example.com' });
    expect(fake.last().body).toEqual({ email_address: 'Ada@Example.com', status_if_new: 'pending' });
    await run('unsubscribeMember', { list_id: 'abc123', subscriber: 'a@example.com' });
    expect(fake.last()).toMatchObject({ method: 'PATCH', body: { status: 'unsubscribed' } });
  });

  it('finds a subscriber, creates a campaign and sends it', async () => {
    await run('findMember', { query: 'b@example.com', list_id: 'abc123' });
    expect(fake.last().query).toEqual({ query: 'b@example.com', list_id: 'abc123' });
    await run('createCampaign', {
      list_id: 'abc123',
      subject_line: 'Hello',
      from_name: 'Acme',
      reply_to: 'news@acme.example',
    });
    // mailchimp.com/developer/marketing/api/campaigns/add-campaign
    expect(fake.last().body).toEqual({
      type: 'regular',
      recipients: { list_id: 'abc123' },
      settings: { subject_line: 'Hello', from_name: 'Acme', reply_to: 'news@acme.example' },
    });
    const sent = await run('sendCampaign', { campaign_id: 'c9' });
    expect(sent.output).toEqual({ status_code: 204 });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/3.0/campaigns/c9/actions/send', rawBody: '' });
  });

  it('polls new subscribers and campaigns, newest first, without duplicates or drops', async () => {
    await checkPollDedupe(mailchimpApp, 'newSubscriber', run, { list_id: 'abc123' }, () => {
      members = [{ id: 'c3', email_address: 'c@example.com' }, ...members];
      return ['c3'];
    });
    expect(fake.last().query).toEqual({
      status: 'subscribed',
      sort_field: 'timestamp_opt',
      sort_dir: 'DESC',
      count: '100',
    });
    await checkPollDedupe(mailchimpApp, 'newCampaign', run, {}, () => {
      campaigns = [{ id: 'c3', settings: { title: 'Summer' } }, { id: 'c2', settings: { title: 'May' } }, ...campaigns];
      return ['c2', 'c3'];
    });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(mailchimpApp.actions).sort());
  });
});
