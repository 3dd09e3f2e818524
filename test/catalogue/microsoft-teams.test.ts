/**
 * Microsoft Teams contract: a local fake of Microsoft Graph checks the bearer
 * token; every action sends the documented request and both triggers dedupe across two polls.
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

const app = catalogueApp('microsoft-teams');

const TOKEN = 'eyJ0eXAi.teams';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const channelMessages = [{ id: '1700000000001', body: { content: 'hello' } }];
const chatMessages = [{ id: '1700000000101', body: { content: 'hi' } }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 401, body: { error: { code: 'InvalidAuthenticationToken', message: 'Invalid token' } } },
  });
  http = rewritingClient(fake, ['https://graph.microsoft.com']);
  const list = (items: object[]) => () => ({ body: { value: [...items].reverse() } });
  fake.on('GET /v1.0/me', () => ({ body: { id: 'u1', displayName: 'Ada' } }));
  fake.on('GET /v1.0/me/joinedTeams', list([{ id: 'team1', displayName: 'Engineering' }]));
  fake.on('GET /v1.0/teams/:team/channels', list([{ id: '19:abc@thread.tacv2', displayName: 'General' }]));
  fake.on('GET /v1.0/me/chats', list([{ id: '19:chat@thread.v2', topic: 'Launch' }]));
  fake.on('GET /v1.0/teams/:team/channels/:channel/messages', list(channelMessages));
  fake.on('GET /v1.0/chats/:chat/messages', list(chatMessages));
  const created = (r: { body: unknown }) => ({ status: 201, body: { id: 'new1', ...(r.body as object) } });
  fake.on('POST /v1.0/teams/:team/channels/:channel/messages', created);
  fake.on('POST /v1.0/teams/:team/channels/:channel/messages/:id/replies', created);
  fake.on('POST /v1.0/chats/:chat/messages', created);
  fake.on('POST /v1.0/teams/:team/channels', created);
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Microsoft Teams', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toContain('ChannelMessage.Send');
    const channelField = app.actions.sendChannelMessage.fields.find((f) => f.name === 'channelId');
    expect(channelField?.schema?.params).toEqual(['teamId']);
  });

  it('tests the connection and lists teams, channels and chats', async () => {
    expect((await runAction(app, 'getMe', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'getMe', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
    await runAction(app, 'listTeams', {}, credential, http);
    expect(fake.last().path).toBe('/v1.0/me/joinedTeams');
    await runAction(app, 'listChannels', { teamId: 'team1' }, credential, http);
    expect(fake.last().path).toBe('/v1.0/teams/team1/channels');
  });

  it('sends a channel message, a reply and a chat message', async () => {
    await runAction(
      app,
      'sendChannelMessage',
      { teamId: 'team1', channelId: '19:abc@thread.tacv2', content: '<b>Deployed</b>', contentType: 'html' },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual([
      'POST',
      '/v1.0/teams/team1/channels/19%3Aabc%40thread.tacv2/messages',
    ]);
    expect(fake.last().body).toEqual({ body: { contentType: 'html', content: '<b>Deployed</b>' } });

    await runAction(
      app,
      'replyToMessage',
      { teamId: 'team1', channelId: 'c1', messageId: '1700000000001', content: 'thanks' },
      credential,
      http,
    );
    expect(fake.last().path).toBe('/v1.0/teams/team1/channels/c1/messages/1700000000001/replies');
    expect(fake.last().body).toEqual({ body: { content: 'thanks' } });

    await runAction(app, 'sendChatMessage', { chatId: 'chat1', content: 'hello' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/v1.0/chats/chat1/messages',
      { body: { content: 'hello' } },
    ]);
  });

  it('creates a standard channel', async () => {
    await runAction(
      app,
      'createChannel',
      { teamId: 'team1', displayName: 'Launch', description: 'Launch work' },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1.0/teams/team1/channels']);
    expect(fake.last().body).toEqual({ displayName: 'Launch', description: 'Launch work', membershipType: 'standard' });
  });

  it('New channel message / New chat message: the second poll yields exactly the new messages', async () => {
    const inChannel = await newKeysAcrossPolls(
      app,
      'newChannelMessage',
      { teamId: 'team1', channelId: 'c1' },
      credential,
      http,
      () => {
        channelMessages.push({ id: '1700000000002', body: { content: 'new' } });
      },
    );
    expect(inChannel.fresh).toEqual(['1700000000002']);
    expect(queryOf(fake.last())).toEqual({ $top: '50' });
    const inChat = await newKeysAcrossPolls(app, 'newChatMessage', { chatId: 'chat1' }, credential, http, () => {
      chatMessages.push({ id: '1700000000102', body: { content: 'new' } });
      chatMessages.push({ id: '1700000000103', body: { content: 'newer' } });
    });
    expect(inChat.fresh).toEqual(['1700000000102', '1700000000103']);
    expect(queryOf(fake.last())).toEqual({ $top: '50', $orderby: 'createdDateTime desc' });
  });
});
