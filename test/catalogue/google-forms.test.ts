/**
 * Google Forms contract: a local fake of the Forms and Drive APIs checks the bearer
 * token; every action sends the documented request and the new-response and new-form
 * triggers dedupe across two polls.
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

const app = catalogueApp('google-forms');

const TOKEN = 'ya29.forms';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const responses: { responseId: string; createTime: string; answers: Record<string, unknown> }[] = [
  {
    responseId: 'r1',
    createTime: '2026-11-24T10:00:00Z',
    answers: { q1: { textAnswers: { answers: [{ value: 'Yes' }] } } },
  },
];
const forms = [{ id: 'form1', name: 'Signup', mimeType: DRIVE_MIME.form }];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://forms.googleapis.com', 'https://www.googleapis.com']);
  fake.on('GET /drive/v3/about', () => ({ body: { user: { displayName: 'Ada' } } }));
  fake.on('GET /drive/v3/files', () => ({ body: { files: [...forms].reverse() } }));
  fake.on('GET /v1/forms/:id/responses', () => ({ body: { responses: [...responses] } }));
  fake.on('GET /v1/forms/:id/responses/:rid', (r) => ({ body: responses.find((x) => x.responseId === r.params.rid) }));
  fake.on('GET /v1/forms/:id', (r) => ({ body: { formId: r.params.id, info: { title: 'Signup' }, items: [] } }));
  fake.on('POST /v1/forms', (r) => ({
    body: {
      formId: 'form-new',
      info: (r.body as { info: unknown }).info,
      responderUri: 'https://docs.google.com/forms/d/e/x/viewform',
    },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Forms', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toContain('https://www.googleapis.com/auth/forms.responses.readonly');
  });

  it('tests the connection', async () => {
    expect((await runAction(app, 'testAuth', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'testAuth', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('creates a form with only its info (the API takes no questions at creation)', async () => {
    expect((await runAction(app, 'createForm', { title: 'Feedback' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1/forms']);
    expect(fake.last().body).toEqual({ info: { title: 'Feedback' } });
    await runAction(app, 'createForm', { title: 'Feedback', documentTitle: 'Feedback 2026' }, credential, http);
    expect(fake.last().body).toEqual({ info: { title: 'Feedback', documentTitle: 'Feedback 2026' } });
  });

  it('reads a form and a response', async () => {
    expect((await runAction(app, 'getForm', { formId: 'form1' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v1/forms/form1']);
    const one = await runAction(app, 'getResponse', { formId: 'form1', responseId: 'r1' }, credential, http);
    expect(one.ok).toBe(true);
    expect(fake.last().path).toBe('/v1/forms/form1/responses/r1');
    expect((one.output as { responseId: string }).responseId).toBe('r1');
  });

  it('New form response: the second poll yields exactly the new responses', async () => {
    const polls = await newKeysAcrossPolls(app, 'newResponse', { formId: 'form1' }, credential, http, () => {
      responses.push({ responseId: 'r2', createTime: '2026-11-24T11:00:00Z', answers: {} });
      responses.push({ responseId: 'r3', createTime: '2026-11-24T11:05:00Z', answers: {} });
    });
    expect(polls.first).toEqual(['r1']);
    expect(polls.fresh.sort()).toEqual(['r2', 'r3']);
    expect(fake.last().path).toBe('/v1/forms/form1/responses');
    expect(queryOf(fake.last())).toEqual({});
  });

  it('New form: the second poll yields exactly the new form', async () => {
    const polls = await newKeysAcrossPolls(app, 'newForm', {}, credential, http, () => {
      forms.push({ id: 'form2', name: 'RSVP', mimeType: DRIVE_MIME.form });
    });
    expect(polls.fresh).toEqual(['form2']);
  });
});
