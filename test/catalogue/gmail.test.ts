/**
 * Gmail contract: a local fake of the Gmail API checks the bearer token; sending and
 * drafting run their Python code in the real sandbox and post a base64url RFC 2822 `raw`
 * message; every other action sends the documented request; the new-email trigger dedupes
 * across two polls, an empty mailbox (no `messages` key) included.
 */
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { extractItems } from '../../server/src/engine/triggers/polling.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeStep } from '../../server/src/integrations/executor.js';
import { createSandbox, type Sandbox } from '../../server/src/sandbox/runner.js';
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

const app = catalogueApp('gmail');

const TOKEN = 'ya29.gmail';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
let sandbox: Sandbox;
let messages: { id: string; threadId: string }[] = [];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://gmail.googleapis.com']);
  sandbox = createSandbox({ poolSize: 1, timeoutMs: 20_000 });
  fake.on('GET /gmail/v1/users/me/profile', () => ({ body: { emailAddress: 'ada@example.com', messagesTotal: 3 } }));
  fake.on('GET /gmail/v1/users/me/labels', () => ({
    body: { labels: [{ id: 'INBOX', name: 'INBOX', type: 'system' }] },
  }));
  fake.on('GET /gmail/v1/users/me/messages', () =>
    messages.length === 0
      ? { body: { resultSizeEstimate: 0 } }
      : { body: { messages: [...messages].reverse(), resultSizeEstimate: messages.length } },
  );
  fake.on('POST /gmail/v1/users/me/messages/send', () => ({
    body: { id: 'sent1', threadId: 't1', labelIds: ['SENT'] },
  }));
  fake.on('POST /gmail/v1/users/me/drafts', () => ({ body: { id: 'draft1', message: { id: 'm9', threadId: 't9' } } }));
  fake.on('GET /gmail/v1/users/me/messages/:id', (r) => ({ body: { id: r.params.id, snippet: 'Hello' } }));
  fake.on('POST /gmail/v1/users/me/messages/:id/modify', (r) => ({ body: { id: r.params.id, labelIds: ['INBOX'] } }));
  fake.on('POST /gmail/v1/users/me/messages/:id/trash', (r) => ({ body: { id: r.params.id, labelIds: ['TRASH'] } }));
  fake.on('POST /gmail/v1/users/me/labels', (r) => ({
    body: { id: 'Label_1', name: (r.body as { name: string }).name },
  }));
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  await http?.close();
  await fake?.close();
});

/** The RFC 2822 text inside a `raw` (base64url). */
const decodeRaw = (raw: string) => Buffer.from(raw, 'base64url').toString('utf8');

describe('Gmail', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toBe('https://www.googleapis.com/auth/gmail.modify');
  });

  it('tests the connection with the profile', async () => {
    expect((await runAction(app, 'getProfile', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'getProfile', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('sends an email as a base64url RFC 2822 message, through the sandbox', async () => {
    const started = performance.now();
    const result = await executeStep({
      app,
      actionKey: 'sendEmail',
      values: {
        to: 'grace@example.com',
        cc: 'team@example.com',
        subject: 'Hello',
        body: 'See you at 10.',
        threadId: 't1',
      },
      credential,
      base: 'https://unused.invalid',
      http,
      sandbox,
    });
    console.log(`Gmail send through the sandbox: ${(performance.now() - started).toFixed(0)} ms`);
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual({ id: 'sent1', threadId: 't1', labelIds: ['SENT'] });
    const req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/gmail/v1/users/me/messages/send']);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const body = req.body as { raw: string; threadId: string };
    expect(body.threadId).toBe('t1');
    expect(body.raw).toMatch(/^[A-Za-z0-9_-]+=*$/);
    const mime = decodeRaw(body.raw);
    expect(mime).toContain('To: grace@example.com');
    expect(mime).toContain('Cc: team@example.com');
    expect(mime).toContain('Subject: Hello');
    expect(mime).toContain('See you at 10.');
  }, 120_000);

  it('creates an HTML draft wrapped in { message }', async () => {
    const result = await executeStep({
      app,
      actionKey: 'createDraft',
      values: { to: 'grace@example.com', subject: 'Draft', body: '<p>Hi</p>', bodyType: 'html' },
      credential,
      base: 'https://unused.invalid',
      http,
      sandbox,
    });
    expect(result.error).toBeUndefined();
    const req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/gmail/v1/users/me/drafts']);
    const mime = decodeRaw((req.body as { message: { raw: string } }).message.raw);
    expect(mime).toContain('Content-Type: text/html');
    expect(mime).toContain('<p>Hi</p>');
  }, 60_000);

  it('finds, reads, labels, trashes emails and creates a label', async () => {
    await runAction(app, 'findEmails', { q: 'subject:invoice', maxResults: '10' }, credential, http);
    expect(fake.last().path).toBe('/gmail/v1/users/me/messages');
    expect(queryOf(fake.last())).toEqual({ q: 'subject:invoice', maxResults: '10' });

    await runAction(app, 'getEmail', { messageId: 'm1' }, credential, http);
    expect(fake.last().path).toBe('/gmail/v1/users/me/messages/m1');
    expect(queryOf(fake.last())).toEqual({ format: 'full' });

    await runAction(app, 'addLabels', { messageId: 'm1', addLabelIds: 'Label_1, STARRED' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/gmail/v1/users/me/messages/m1/modify']);
    expect(fake.last().body).toEqual({ addLabelIds: ['Label_1', 'STARRED'] });

    await runAction(app, 'removeLabels', { messageId: 'm1', removeLabelIds: ['INBOX'] }, credential, http);
    expect(fake.last().body).toEqual({ removeLabelIds: ['INBOX'] });

    await runAction(app, 'trashEmail', { messageId: 'm1' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/gmail/v1/users/me/messages/m1/trash']);

    await runAction(app, 'createLabel', { name: 'Clients/Acme' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/gmail/v1/users/me/labels']);
    expect(fake.last().body).toEqual({ name: 'Clients/Acme' });
  });

  it('New email: an empty mailbox is an empty poll; the next poll yields exactly the new emails', async () => {
    const empty = await runAction(app, 'listMessages', {}, credential, http);
    expect(extractItems(empty.output, 'messages', 'id')).toEqual({ ok: true, items: [], withoutKey: 0 });
    messages = [{ id: 'm1', threadId: 't1' }];
    const polls = await newKeysAcrossPolls(
      app,
      'newEmail',
      { labelIds: 'INBOX', q: 'from:ada' },
      credential,
      http,
      () => {
        messages.push({ id: 'm2', threadId: 't2' }, { id: 'm3', threadId: 't2' });
      },
    );
    expect(polls.first).toEqual(['m1']);
    expect(polls.fresh).toEqual(['m2', 'm3']);
    expect(queryOf(fake.last())).toEqual({ maxResults: '50', labelIds: 'INBOX', q: 'from:ada' });
  });
});
