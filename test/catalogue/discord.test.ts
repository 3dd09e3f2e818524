import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const discordApp = catalogueApp('discord');

const TOKEN = 'MTA0NjQ2MjYwNDI0MjAxMjEyOA.GxYz12.abcdefghijklmnopqrstuvwxyz0123456789AB';

let fake: Fake;
let messages = [
  { id: '1100000000000000002', content: 'second' },
  { id: '1100000000000000001', content: 'first' },
];
const { run, covered } = stepRunner(discordApp, () => fake, { api_key: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bot ${TOKEN}`,
    unauthorized: { status: 401, body: { message: '401: Unauthorized', code: 0 } },
    routes: {
      'GET /api/v10/users/@me': () => ({ body: { id: '1', username: 'junction-bot', bot: true } }),
      'GET /api/v10/users/@me/guilds': () => ({ body: [{ id: '80351110224678912', name: 'Acme' }] }),
      'GET /api/v10/guilds/:guild/channels': () => ({ body: [{ id: '41771983423143937', name: 'general', type: 0 }] }),
      'GET /api/v10/channels/:channel/messages': () => ({ body: messages }),
      'POST /api/v10/channels/:channel/messages': (req) => ({
        body: { id: '1200000000000000000', channel_id: req.params.channel, ...(req.body as object) },
      }),
      'PATCH /api/v10/channels/:channel/messages/:message': (req) => ({
        body: { id: req.params.message, ...(req.body as object) },
      }),
      'PUT /api/v10/channels/:channel/messages/:message/reactions/:emoji/@me': () => ({ status: 204 }),
    },
  });
});
afterAll(() => fake.close());

describe('Discord contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(discordApp);
  });

  it('authenticates as the bot and lists servers and channels for the dropdowns', async () => {
    expect((await run('getBotUser')).output).toMatchObject({ bot: true });
    expect(fake.last().url).toBe('https://discord.com/api/v10/users/@me');
    await run('listGuilds');
    expect(fake.last().path).toBe('/api/v10/users/@me/guilds');
    const channels = await run('listChannels', { guild_id: '80351110224678912' });
    expect(channels.output).toEqual([{ id: '41771983423143937', name: 'general', type: 0 }]);
    expect(fake.last().path).toBe('/api/v10/guilds/80351110224678912/channels');
  });

  it('sends and edits a message; the server field stays out of the request', async () => {
    await run('sendMessage', {
      guild_id: '80351110224678912',
      channel_id: '41771983423143937',
      content: 'Hello **world**',
    });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/api/v10/channels/41771983423143937/messages' });
    expect(fake.last().body).toEqual({ content: 'Hello **world**' });
    expect(fake.last().query).toEqual({});
    await run('editMessage', { channel_id: '41771983423143937', message_id: '1200000000000000000', content: 'Edited' });
    expect(fake.last()).toMatchObject({
      method: 'PATCH',
      path: '/api/v10/channels/41771983423143937/messages/1200000000000000000',
      body: { content: 'Edited' },
    });
  });

  it('reacts with a URL-encoded emoji', async () => {
    const result = await run('addReaction', { channel_id: '41771983423143937', message_id: '12', emoji: '👍' });
    expect(result.output).toEqual({ status_code: 204 });
    expect(fake.last()).toMatchObject({
      method: 'PUT',
      path: '/api/v10/channels/41771983423143937/messages/12/reactions/%F0%9F%91%8D/@me',
    });
  });

  it('polls new channel messages (newest first) without duplicates or drops', async () => {
    await checkPollDedupe(discordApp, 'newMessage', run, { guild_id: '1', channel_id: '41771983423143937' }, () => {
      messages = [{ id: '1100000000000000003', content: 'third' }, ...messages];
      return ['1100000000000000003'];
    });
    expect(fake.last().query).toEqual({ limit: '100' });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(discordApp.actions).sort());
  });
});
