import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { checkDefinition, type Fake, startFake, stepRunner } from './support-b.js';

const telegramApp = catalogueApp('telegram');

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const HOOK = 'https://junction.example.com/hooks/wh_10';

let fake: Fake;
let webhook = '';
const { run, covered } = stepRunner(telegramApp, () => fake, { api_key: TOKEN });
const sent = (body: object) => ({ body: { ok: true, result: { message_id: 7, date: 1700000000, ...body } } });

beforeAll(async () => {
  fake = await startFake({
    // The token is part of the path; a wrong one answers 401 {ok: false} (core.telegram.org/bots/api#making-requests).
    auth: (req) => req.path.startsWith(`/bot${TOKEN}/`),
    unauthorized: { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } },
    routes: {
      [`GET /bot${TOKEN}/getMe`]: () => ({
        body: { ok: true, result: { id: 123456789, is_bot: true, username: 'acme_bot' } },
      }),
      [`POST /bot${TOKEN}/sendMessage`]: (req) => sent({ text: (req.body as { text: string }).text }),
      [`POST /bot${TOKEN}/sendPhoto`]: () => sent({ photo: [] }),
      [`POST /bot${TOKEN}/sendDocument`]: () => sent({ document: {} }),
      [`POST /bot${TOKEN}/setWebhook`]: (req) => {
        webhook = (req.body as { url: string }).url;
        return { body: { ok: true, result: true, description: 'Webhook was set' } };
      },
      [`POST /bot${TOKEN}/deleteWebhook`]: () => {
        webhook = '';
        return { body: { ok: true, result: true, description: 'Webhook was deleted' } };
      },
    },
  });
});
afterAll(() => fake.close());

describe('Telegram contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(telegramApp);
  });

  it('puts the bot token in the method URL and hides it in the step record', async () => {
    const me = await run('getMe');
    expect(me.output).toMatchObject({ ok: true, result: { is_bot: true } });
    expect(fake.last().url).toBe(`https://api.telegram.org/bot${TOKEN}/getMe`);
    expect(me.request?.url).toBe('https://api.telegram.org/bot[redacted]/getMe');
  });

  it('sends a message, a photo and a document as JSON', async () => {
    await run('sendMessage', {
      chat_id: '-1001234567890',
      text: '<b>Hi</b>',
      parse_mode: 'HTML',
      disable_notification: 'yes',
    });
    expect(fake.last()).toMatchObject({ method: 'POST', path: `/bot${TOKEN}/sendMessage` });
    expect(fake.last().body).toEqual({
      chat_id: '-1001234567890',
      text: '<b>Hi</b>',
      parse_mode: 'HTML',
      disable_notification: true,
    });
    await run('sendPhoto', { chat_id: '@acme', photo: 'https://example.com/cat.jpg', caption: 'Cat' });
    expect(fake.last().body).toEqual({ chat_id: '@acme', photo: 'https://example.com/cat.jpg', caption: 'Cat' });
    await run('sendDocument', { chat_id: '42', document: 'https://example.com/a.pdf' });
    expect(fake.last().body).toEqual({ chat_id: '42', document: 'https://example.com/a.pdf' });
  });

  it('sets the bot webhook for messages on subscribe and deletes it on unsubscribe', async () => {
    covered.add('setWebhook').add('deleteWebhook');
    const call = { app: telegramApp, credential: { api_key: TOKEN }, base: '', http: fake.http };
    const sub = await subscribeApp(call, 'setWebhook', {}, HOOK);
    expect(sub.ok).toBe(true);
    // core.telegram.org/bots/api#setwebhook
    expect(fake.last().body).toEqual({ url: HOOK, allowed_updates: ['message'] });
    expect(webhook).toBe(HOOK);
    const unsub = await unsubscribeApp(call, 'deleteWebhook', sub.ok ? sub.answer : {}, {}, HOOK);
    expect(unsub.ok).toBe(true);
    expect(fake.last()).toMatchObject({ method: 'POST', path: `/bot${TOKEN}/deleteWebhook`, rawBody: '' });
    expect(webhook).toBe('');
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(telegramApp.actions).sort());
  });
});
