/**
 * Slack contract: a local fake of the Slack Web API checks the bearer token (and
 * answers `ok: false, error: 'invalid_auth'` otherwise, as Slack does); every action sends the
 * documented request and both triggers dedupe across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import type { HttpClient } from '../../server/src/security/http-client.js';
import {
  expectValidCatalogueApp,
  type FakeService,
  newKeysAcrossPolls,
  queryOf,
  rewritingClient,
  runAction,
  startFake,
} from './support.js';

const app = catalogueApp('slack');

const TOKEN = 'xoxb-123-456-abc';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const messages = [{ type: 'message', user: 'U1', text: 'hello', ts: '1700000000.000100' }];
const channels = [{ id: 'C1', name: 'general', is_channel: true }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 200, body: { ok: false, error: 'invalid_auth' } },
  });
  http = rewritingClient(fake, ['https://slack.com']);
  fake.on('GET /api/auth.test', () => ({ body: { ok: true, team: 'Acme', user: 'junction', team_id: 'T1' } }));
  fake.on('GET /api/conversations.list', () => ({
    body: { ok: true, channels: [...channels], response_metadata: { next_cursor: '' } },
  }));
  fake.on('GET /api/users.list', () => ({ body: { ok: true, members: [{ id: 'U1', name: 'ada' }] } }));
  fake.on('GET /api/conversations.history', () => ({
    body: { ok: true, messages: [...messages].reverse(), has_more: false },
  }));
  const echo = (extra: object) => (r: { body: unknown }) => ({ body: { ok: true, ...extra, request: r.body } });
  fake.on('POST /api/chat.postMessage', echo({ channel: 'C1', ts: '1700000001.000200' }));
  fake.on('POST /api/chat.update', echo({ channel: 'C1', ts: '1700000001.000200' }));
  fake.on('POST /api/reactions.add', echo({}));
  fake.on('POST /api/conversations.create', echo({ channel: { id: 'C9', name: 'launch' } }));
  fake.on('POST /api/conversations.setTopic', echo({}));
  fake.on('POST /api/conversations.invite', echo({}));
  fake.on('GET /api/users.lookupByEmail', () => ({ body: { ok: true, user: { id: 'U1', name: 'ada' } } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Slack', () => {
  it('is a valid catalogue definition with Slack OAuth v2', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.auth_url).toBe('https://slack.com/oauth/v2/authorize');
    expect(app.authInfo.token_url).toBe('https://slack.com/api/oauth.v2.access');
    expect(app.authInfo.scopes).toContain('chat:write');
  });

  it('tests the connection; a bad token is refused the Slack way', async () => {
    const good = await runAction(app, 'authTest', {}, credential, http);
    expect(good.output).toMatchObject({ ok: true, team: 'Acme' });
    const bad = await runAction(app, 'authTest', {}, { access_token: 'xoxb-wrong' }, http);
    expect(bad.output).toEqual({ ok: false, error: 'invalid_auth' });
  });

  it('posts a channel message, a thread reply and a direct message as JSON', async () => {
    await runAction(
      app,
      'sendChannelMessage',
      { channel: 'C1', text: 'Deploy done :rocket:', icon_emoji: ':robot_face:', unfurl_links: 'no' },
      credential,
      http,
    );
    let req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/api/chat.postMessage']);
    expect(req.headers['content-type']).toContain('application/json');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.body).toEqual({
      channel: 'C1',
      text: 'Deploy done :rocket:',
      icon_emoji: ':robot_face:',
      unfurl_links: false,
    });

    await runAction(
      app,
      'sendChannelMessage',
      { channel: 'C1', text: 'ack', thread_ts: '1700000000.000100' },
      credential,
      http,
    );
    expect(fake.last().body).toEqual({ channel: 'C1', text: 'ack', thread_ts: '1700000000.000100' });

    await runAction(app, 'sendDirectMessage', { channel: 'U1', text: 'Hi Ada' }, credential, http);
    req = fake.last();
    expect(req.path).toBe('/api/chat.postMessage');
    expect(req.body).toEqual({ channel: 'U1', text: 'Hi Ada' });
  });

  it('updates a message, reacts, creates a channel, sets its topic and invites people', async () => {
    await runAction(app, 'updateMessage', { channel: 'C1', ts: '1.2', text: 'edited' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/api/chat.update',
      { channel: 'C1', ts: '1.2', text: 'edited' },
    ]);
    await runAction(app, 'addReaction', { channel: 'C1', timestamp: '1.2', name: 'thumbsup' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/api/reactions.add',
      { channel: 'C1', timestamp: '1.2', name: 'thumbsup' },
    ]);
    const created = await runAction(app, 'createChannel', { name: 'launch', is_private: 'yes' }, credential, http);
    expect((created.output as { channel: { id: string } }).channel.id).toBe('C9');
    expect(fake.last().body).toEqual({ name: 'launch', is_private: true });
    await runAction(app, 'setChannelTopic', { channel: 'C9', topic: 'Launch day' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/api/conversations.setTopic',
      { channel: 'C9', topic: 'Launch day' },
    ]);
    await runAction(app, 'inviteToChannel', { channel: 'C9', users: 'U1,U2' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/api/conversations.invite',
      { channel: 'C9', users: 'U1,U2' },
    ]);
  });

  it('finds a user by e-mail', async () => {
    const found = await runAction(app, 'findUserByEmail', { email: 'ada@example.com' }, credential, http);
    expect((found.output as { user: { id: string } }).user.id).toBe('U1');
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/api/users.lookupByEmail']);
    expect(queryOf(fake.last())).toEqual({ email: 'ada@example.com' });
  });

  it('New message posted to channel: the second poll yields exactly the new messages', async () => {
    const polls = await newKeysAcrossPolls(app, 'newChannelMessage', { channel: 'C1' }, credential, http, () => {
      messages.push({ type: 'message', user: 'U2', text: 'hi', ts: '1700000005.000300' });
      messages.push({ type: 'message', user: 'U1', text: 'yo', ts: '1700000006.000400' });
    });
    expect(polls.first).toEqual(['1700000000.000100']);
    expect(polls.fresh).toEqual(['1700000005.000300', '1700000006.000400']);
    expect(fake.last().path).toBe('/api/conversations.history');
    expect(queryOf(fake.last())).toEqual({ limit: '100', channel: 'C1' });
  });

  it('New channel: the second poll yields exactly the new channel', async () => {
    const polls = await newKeysAcrossPolls(app, 'newChannel', {}, credential, http, () => {
      channels.push({ id: 'C2', name: 'random', is_channel: true });
    });
    expect(polls.fresh).toEqual(['C2']);
    expect(queryOf(fake.last())).toEqual({
      types: 'public_channel,private_channel',
      exclude_archived: 'true',
      limit: '200',
    });
  });
});
