/**
 * Microsoft Outlook contract: a local fake of Microsoft Graph checks the bearer
 * token (401 with Graph's error body otherwise); every action sends the documented request and
 * the three triggers dedupe across two polls.
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

const app = catalogueApp('microsoft-outlook');

const TOKEN = 'eyJ0eXAi.graph';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const inbox = [{ id: 'AAMk1', subject: 'Hello', receivedDateTime: '2026-11-24T09:00:00Z' }];
const events = [{ id: 'ev1', subject: 'Standup' }];
const contacts = [{ id: 'c1', givenName: 'Ada' }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: {
      status: 401,
      body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } },
    },
  });
  http = rewritingClient(fake, ['https://graph.microsoft.com']);
  const list = (items: object[]) => () => ({ body: { '@odata.context': 'x', value: [...items].reverse() } });
  fake.on('GET /v1.0/me', () => ({ body: { id: 'u1', displayName: 'Ada', mail: 'ada@example.com' } }));
  fake.on('GET /v1.0/me/mailFolders', list([{ id: 'f1', displayName: 'Inbox' }]));
  fake.on('GET /v1.0/me/mailFolders/:folder/messages', list(inbox));
  fake.on('GET /v1.0/me/events', list(events));
  fake.on('GET /v1.0/me/contacts', list(contacts));
  fake.on('POST /v1.0/me/sendMail', () => ({ status: 202 }));
  fake.on('POST /v1.0/me/messages', (r) => ({
    status: 201,
    body: { id: 'draft1', isDraft: true, ...(r.body as object) },
  }));
  fake.on('GET /v1.0/me/messages', list(inbox));
  fake.on('POST /v1.0/me/messages/:id/move', (r) => ({ status: 201, body: { id: `${r.params.id}-moved` } }));
  fake.on('POST /v1.0/me/events', (r) => ({ status: 201, body: { id: 'ev-new', ...(r.body as object) } }));
  fake.on('POST /v1.0/me/contacts', (r) => ({ status: 201, body: { id: 'c-new', ...(r.body as object) } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Microsoft Outlook', () => {
  it('is a valid catalogue definition with Microsoft identity platform OAuth', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.auth_url).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(app.authInfo.token_url).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/token');
    expect(app.authInfo.scopes).toContain('offline_access');
    expect(app.authInfo.scopes).toContain('Mail.Send');
  });

  it('tests the connection with /me', async () => {
    expect((await runAction(app, 'getMe', {}, credential, http)).ok).toBe(true);
    const bad = await runAction(app, 'getMe', {}, { access_token: 'no' }, http);
    expect(bad.error?.status).toBe(401);
  });

  it('sends an email: message with subject, body and recipient, saved to Sent Items', async () => {
    const result = await runAction(
      app,
      'sendEmail',
      { to: 'grace@example.com', subject: 'Hi', body: '<b>Hello</b>', contentType: 'HTML' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    expect(result.output).toEqual({ status_code: 202 });
    const req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/v1.0/me/sendMail']);
    expect(req.body).toEqual({
      message: {
        subject: 'Hi',
        body: { contentType: 'HTML', content: '<b>Hello</b>' },
        toRecipients: [{ emailAddress: { address: 'grace@example.com' } }],
      },
      saveToSentItems: true,
    });
  });

  it('creates a draft, finds and moves emails', async () => {
    await runAction(app, 'createDraft', { to: 'g@example.com', subject: 'Draft', body: 'Text' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1.0/me/messages']);
    expect(fake.last().body).toEqual({ subject: 'Draft', body: { content: 'Text' } });

    await runAction(app, 'findEmails', { search: 'invoice' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v1.0/me/messages']);
    expect(queryOf(fake.last())).toEqual({ $search: '"invoice"', $top: '25' });

    const moved = await runAction(app, 'moveEmail', { messageId: 'AAMk1', destinationId: 'archive' }, credential, http);
    expect(moved.ok).toBe(true);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/v1.0/me/messages/AAMk1/move',
      { destinationId: 'archive' },
    ]);
  });

  it('creates an event and a contact', async () => {
    await runAction(
      app,
      'createEvent',
      {
        subject: 'Review',
        start: '2026-11-25T10:00:00',
        end: '2026-11-25T11:00:00',
        timeZone: 'Europe/Paris',
        location: 'Room 4',
      },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1.0/me/events']);
    expect(fake.last().body).toEqual({
      subject: 'Review',
      body: { contentType: 'HTML' },
      start: { dateTime: '2026-11-25T10:00:00', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-11-25T11:00:00', timeZone: 'Europe/Paris' },
      location: { displayName: 'Room 4' },
    });

    await runAction(
      app,
      'createContact',
      { givenName: 'Grace', surname: 'Hopper', email: 'grace@example.com', businessPhones: '+1 555 0100' },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1.0/me/contacts']);
    expect(fake.last().body).toEqual({
      givenName: 'Grace',
      surname: 'Hopper',
      businessPhones: ['+1 555 0100'],
      emailAddresses: [{ address: 'grace@example.com' }],
    });
  });

  it('New email / New event / New contact: the second poll yields exactly the new items', async () => {
    const mail = await newKeysAcrossPolls(app, 'newEmail', { folderId: 'inbox' }, credential, http, () => {
      inbox.push({ id: 'AAMk2', subject: 'Re: Hello', receivedDateTime: '2026-11-24T09:05:00Z' });
    });
    expect(mail.fresh).toEqual(['AAMk2']);
    expect(fake.last().path).toBe('/v1.0/me/mailFolders/inbox/messages');
    expect(queryOf(fake.last())).toEqual({ $orderby: 'receivedDateTime desc', $top: '50' });

    const event = await newKeysAcrossPolls(app, 'newEvent', {}, credential, http, () => {
      events.push({ id: 'ev2', subject: 'Retro' });
    });
    expect(event.fresh).toEqual(['ev2']);
    const contact = await newKeysAcrossPolls(app, 'newContact', {}, credential, http, () => {
      contacts.push({ id: 'c2', givenName: 'Grace' });
    });
    expect(contact.fresh).toEqual(['c2']);
  });
});
