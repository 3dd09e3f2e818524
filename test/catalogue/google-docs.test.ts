/**
 * Google Docs contract: a local fake of the Docs and Drive APIs checks the bearer
 * token; every action sends the documented request (batchUpdate requests with the step's
 * text inside) and the new-document trigger dedupes across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { DRIVE_MIME } from '../../server/src/integrations/catalogue/google-drive-files.js';
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

const app = catalogueApp('google-docs');

const TOKEN = 'ya29.docs';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const docs = [{ id: 'doc1', name: 'Letter', mimeType: DRIVE_MIME.document }];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://docs.googleapis.com', 'https://www.googleapis.com']);
  fake.on('GET /drive/v3/about', () => ({ body: { user: { displayName: 'Ada' } } }));
  fake.on('GET /drive/v3/files', () => ({ body: { files: [...docs].reverse() } }));
  fake.on('POST /drive/v3/files/:id/copy', (r) => ({
    body: { id: 'doc-copy', name: (r.body as { name: string }).name, mimeType: DRIVE_MIME.document },
  }));
  fake.on('POST /v1/documents', (r) => ({
    body: { documentId: 'doc-new', title: (r.body as { title: string }).title, revisionId: 'r1' },
  }));
  fake.on('POST /v1/documents/:id', (r) => ({
    body: {
      documentId: r.params.id.replace(':batchUpdate', ''),
      replies: [{}],
      writeControl: { requiredRevisionId: 'r2' },
    },
  }));
  fake.on('GET /v1/documents/:id', (r) => ({
    body: { documentId: r.params.id, title: 'Letter', body: { content: [] } },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Docs', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toContain('https://www.googleapis.com/auth/documents');
  });

  it('tests the connection', async () => {
    expect((await runAction(app, 'testAuth', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'testAuth', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('creates and reads a document', async () => {
    expect((await runAction(app, 'createDocument', { title: 'Minutes' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1/documents']);
    expect(fake.last().body).toEqual({ title: 'Minutes' });
    const read = await runAction(app, 'getDocument', { documentId: 'doc1' }, credential, http);
    expect(read.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v1/documents/doc1']);
  });

  it('appends text with one insertText request at the end of the body', async () => {
    const result = await runAction(app, 'appendText', { documentId: 'doc1', text: '\nThanks, Ada' }, credential, http);
    expect(result.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1/documents/doc1:batchUpdate']);
    expect(fake.last().body).toEqual({
      requests: [{ insertText: { endOfSegmentLocation: {}, text: '\nThanks, Ada' } }],
    });
  });

  it('replaces every occurrence of a placeholder', async () => {
    const result = await runAction(
      app,
      'replaceText',
      { documentId: 'doc1', find: '{{name}}', replace: 'Grace' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    expect(fake.last().body).toEqual({
      requests: [{ replaceAllText: { containsText: { text: '{{name}}', matchCase: true }, replaceText: 'Grace' } }],
    });
  });

  it('creates a document from a template through a Drive copy', async () => {
    const result = await runAction(
      app,
      'createFromTemplate',
      { documentId: 'doc1', name: 'Offer for Grace' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/drive/v3/files/doc1/copy']);
    expect(queryOf(fake.last())).toEqual({ supportsAllDrives: 'true' });
    expect(fake.last().body).toEqual({ name: 'Offer for Grace' });
  });

  it('New document: the second poll yields exactly the new document', async () => {
    const polls = await newKeysAcrossPolls(app, 'newDocument', {}, credential, http, () => {
      docs.push({ id: 'doc2', name: 'Memo', mimeType: DRIVE_MIME.document });
    });
    expect(polls.first).toEqual(['doc1']);
    expect(polls.fresh).toEqual(['doc2']);
    expect(queryOf(fake.last()).q).toBe(`mimeType='${DRIVE_MIME.document}' and trashed=false`);
  });
});
