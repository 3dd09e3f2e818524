/**
 * Google Slides contract: a local fake of the Slides and Drive APIs checks the
 * bearer token; every action sends the documented request and the new-presentation trigger
 * dedupes across two polls.
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

const app = catalogueApp('google-slides');

const TOKEN = 'ya29.slides';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const decks = [{ id: 'deck1', name: 'Pitch', mimeType: DRIVE_MIME.presentation }];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://slides.googleapis.com', 'https://www.googleapis.com']);
  fake.on('GET /drive/v3/about', () => ({ body: { user: { displayName: 'Ada' } } }));
  fake.on('GET /drive/v3/files', () => ({ body: { files: [...decks].reverse() } }));
  fake.on('POST /drive/v3/files/:id/copy', (r) => ({
    body: { id: 'deck-copy', name: (r.body as { name: string }).name },
  }));
  fake.on('POST /v1/presentations', (r) => ({
    body: { presentationId: 'deck-new', title: (r.body as { title: string }).title },
  }));
  fake.on('POST /v1/presentations/:id', (r) => ({
    body: {
      presentationId: r.params.id.replace(':batchUpdate', ''),
      replies: [{ replaceAllText: { occurrencesChanged: 2 } }],
    },
  }));
  fake.on('GET /v1/presentations/:id', (r) => ({ body: { presentationId: r.params.id, title: 'Pitch', slides: [] } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Slides', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toContain('https://www.googleapis.com/auth/presentations');
  });

  it('tests the connection', async () => {
    expect((await runAction(app, 'testAuth', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'testAuth', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('creates, copies from a template, fills placeholders and reads presentations', async () => {
    await runAction(app, 'createPresentation', { title: 'Q4 review' }, credential, http);
    expect([fake.last().method, fake.last().path, fake.last().body]).toEqual([
      'POST',
      '/v1/presentations',
      { title: 'Q4 review' },
    ]);

    await runAction(app, 'createFromTemplate', { presentationId: 'deck1', name: 'Pitch for Acme' }, credential, http);
    expect([fake.last().path, queryOf(fake.last()), fake.last().body]).toEqual([
      '/drive/v3/files/deck1/copy',
      { supportsAllDrives: 'true' },
      { name: 'Pitch for Acme' },
    ]);

    const replaced = await runAction(
      app,
      'replaceText',
      { presentationId: 'deck-copy', find: '{{client}}', replace: 'Acme' },
      credential,
      http,
    );
    expect(replaced.ok).toBe(true);
    expect(fake.last().path).toBe('/v1/presentations/deck-copy:batchUpdate');
    expect(fake.last().body).toEqual({
      requests: [{ replaceAllText: { containsText: { text: '{{client}}', matchCase: true }, replaceText: 'Acme' } }],
    });

    await runAction(app, 'getPresentation', { presentationId: 'deck1' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v1/presentations/deck1']);
  });

  it('New presentation: the second poll yields exactly the new presentation', async () => {
    const polls = await newKeysAcrossPolls(app, 'newPresentation', {}, credential, http, () => {
      decks.push({ id: 'deck2', name: 'Roadmap', mimeType: DRIVE_MIME.presentation });
    });
    expect(polls.first).toEqual(['deck1']);
    expect(polls.fresh).toEqual(['deck2']);
    expect(queryOf(fake.last()).q).toBe(`mimeType='${DRIVE_MIME.presentation}' and trashed=false`);
  });
});
