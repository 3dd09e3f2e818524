import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { exchangeCode, readOAuthSettings, tokenValues } from '../../server/src/integrations/auth/oauth2.js';
import { executeStep, type StepExecution } from '../../server/src/integrations/executor.js';
import { getDefaultSandbox } from '../../server/src/sandbox/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake } from './support-b.js';

const calendlyApp = catalogueApp('calendly');

// The unsubscribe runs as custom code: a fresh Python child, seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const TOKEN = 'eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgzNDliMjM4MDEzNWI0';
const OWNER = 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA';
const ORG = 'https://api.calendly.com/organizations/BBBBBBBBBBBBBBBB';
const HOOK = 'https://junction.example.com/hooks/wh_15';

let fake: Fake;
let credential: Record<string, string> = {};
const covered = new Set<string>();
const run = (actionKey: string, values: Record<string, unknown> = {}): Promise<StepExecution> => {
  covered.add(actionKey);
  return executeStep({ app: calendlyApp, actionKey, values, credential, base: '', http: fake.http });
};
let events = [
  { uri: 'https://api.calendly.com/scheduled_events/E2' },
  { uri: 'https://api.calendly.com/scheduled_events/E1' },
];
const subscriptions = new Map<string, unknown>();

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.path === '/oauth/token' || req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 401, body: { title: 'Unauthenticated', message: 'The access token is invalid' } },
    routes: {
      // developer.calendly.com "Access token": the answer names owner and organization.
      'POST /oauth/token': (req) =>
        req.host === 'auth.calendly.com' && (req.body as Record<string, string>).code === 'c0de'
          ? {
              body: {
                token_type: 'Bearer',
                access_token: TOKEN,
                refresh_token: 'r3fresh',
                expires_in: 7200,
                created_at: 1700000000,
                owner: OWNER,
                organization: ORG,
              },
            }
          : { status: 400, body: { error: 'invalid_grant' } },
      'GET /users/me': () => ({ body: { resource: { uri: OWNER, name: 'Ada', current_organization: ORG } } }),
      'GET /event_types': () => ({
        body: { collection: [{ uri: 'https://api.calendly.com/event_types/T1', name: '30 min' }] },
      }),
      'GET /scheduled_events': () => ({ body: { collection: events, pagination: { count: events.length } } }),
      'GET /scheduled_events/:uuid/invitees': () => ({ body: { collection: [{ email: 'bob@example.com' }] } }),
      'POST /scheduling_links': (req) => ({
        status: 201,
        body: { resource: { booking_url: 'https://calendly.com/d/abc', owner: (req.body as { owner: string }).owner } },
      }),
      'POST /scheduled_events/:uuid/cancellation': (req) => ({
        status: 201,
        body: { resource: { canceled_by: 'Ada', reason: (req.body as { reason: string }).reason } },
      }),
      'POST /webhook_subscriptions': (req) => {
        const uri = `https://api.calendly.com/webhook_subscriptions/W${subscriptions.size + 1}`;
        subscriptions.set(uri, req.body);
        return { status: 201, body: { resource: { uri, ...(req.body as object), state: 'active' } } };
      },
      'DELETE /webhook_subscriptions/:uuid': (req) =>
        subscriptions.delete(req.url) ? { status: 204 } : { status: 404, body: { title: 'Resource Not Found' } },
    },
  });
});
afterAll(async () => {
  await getDefaultSandbox().close();
  await fake.close();
});

describe('Calendly contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(calendlyApp);
  });

  it('keeps owner and organization from the code exchange and tests the connection', async () => {
    const settings = readOAuthSettings({
      ...calendlyApp,
      authInfo: { ...calendlyApp.authInfo, clientInfo: { client_id: 'cid', client_secret: 'cs' } },
    });
    if (typeof settings === 'string') throw new Error(settings);
    credential = tokenValues(
      await exchangeCode(fake.http, settings, { code: 'c0de', redirectUri: 'https://j.example/cb' }),
      Date.now(),
    );
    expect(credential).toMatchObject({ access_token: TOKEN, owner: OWNER, organization: ORG });
    expect((await run('getMe')).output).toMatchObject({ resource: { name: 'Ada' } });
    expect(fake.last().url).toBe('https://api.calendly.com/users/me');
  });

  it("lists the user's event types and creates a single-use scheduling link", async () => {
    await run('listEventTypes');
    expect(fake.last().query).toEqual({ user: OWNER, active: 'true', count: '100' });
    const link = await run('createSchedulingLink', { owner: 'https://api.calendly.com/event_types/T1' });
    expect(link.output).toMatchObject({ resource: { booking_url: 'https://calendly.com/d/abc' } });
    // developer.calendly.com/api-docs → Create Single-Use Scheduling Link
    expect(fake.last().body).toEqual({
      owner: 'https://api.calendly.com/event_types/T1',
      owner_type: 'EventType',
      max_event_count: 1,
    });
  });

  it('finds invitees and cancels an event', async () => {
    await run('listInvitees', { uuid: 'E1', email: 'bob@example.com' });
    expect(fake.last()).toMatchObject({ path: '/scheduled_events/E1/invitees', query: { email: 'bob@example.com' } });
    await run('cancelEvent', { uuid: 'E1', reason: 'Sick' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/scheduled_events/E1/cancellation',
      body: { reason: 'Sick' },
    });
  });

  it('polls new scheduled events without duplicates or drops', async () => {
    await checkPollDedupe(calendlyApp, 'newScheduledEvent', run, {}, () => {
      events = [{ uri: 'https://api.calendly.com/scheduled_events/E3' }, ...events];
      return ['https://api.calendly.com/scheduled_events/E3'];
    });
    expect(fake.last().query).toEqual({ user: OWNER, status: 'active', sort: 'start_time:desc', count: '100' });
  });

  it('subscribes user-scoped webhooks and deletes them by their URI', async () => {
    const call = { app: calendlyApp, credential, base: '', http: fake.http };
    for (const [action, event] of [
      ['subscribeInviteeCreated', 'invitee.created'],
      ['subscribeInviteeCanceled', 'invitee.canceled'],
    ] as const) {
      covered.add(action).add('deleteSubscription');
      const sub = await subscribeApp(call, action, {}, HOOK);
      expect(sub.ok).toBe(true);
      // developer.calendly.com/api-docs → Create Webhook Subscription
      expect(fake.last().body).toEqual({ url: HOOK, events: [event], organization: ORG, user: OWNER, scope: 'user' });
      const unsub = await unsubscribeApp(call, 'deleteSubscription', sub.ok ? sub.answer : {}, {}, HOOK);
      expect(unsub).toMatchObject({ ok: true, answer: { status_code: 204 } });
      expect(fake.last()).toMatchObject({
        method: 'DELETE',
        path: expect.stringMatching(/^\/webhook_subscriptions\/W\d$/),
      });
      expect(fake.last().headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(subscriptions.size).toBe(0);
  });

  it('refuses to delete anything but a Calendly webhook URI', async () => {
    const result = await run('deleteSubscription', {
      resource: { uri: 'https://evil.example/webhook_subscriptions/W1' },
    });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toContain('no Calendly webhook URI');
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(calendlyApp.actions).sort());
  });
});
