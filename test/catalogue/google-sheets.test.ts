/**
 * Google Sheets contract: a local fake of the Sheets and Drive APIs checks the
 * bearer token and answers the documented shapes; every action sends the documented request
 * and both triggers dedupe across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { createSandbox } from '../../server/src/sandbox/runner.js';
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

const app = catalogueApp('google-sheets');

const TOKEN = 'ya29.sheets-token';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const rows: string[][] = [['Name', 'Email']];
const sheets = [{ properties: { sheetId: 0, title: 'Sheet1', index: 0 } }];
const files = [{ id: 'ss1', name: 'Budget', mimeType: 'application/vnd.google-apps.spreadsheet' }];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://sheets.googleapis.com', 'https://www.googleapis.com']);
  fake.on('GET /drive/v3/about', () => ({ body: { user: { displayName: 'Ada', emailAddress: 'ada@example.com' } } }));
  fake.on('GET /drive/v3/files', () => ({ body: { kind: 'drive#fileList', files: [...files] } }));
  fake.on('GET /v4/spreadsheets/:id', (r) => ({ body: { spreadsheetId: r.params.id, sheets: [...sheets] } }));
  fake.on('POST /v4/spreadsheets/:id/values/:range', (r) => {
    const body = r.body as { majorDimension: string; values: string[][] };
    const row = body.majorDimension === 'COLUMNS' ? body.values.map((column) => column[0]) : body.values[0];
    rows.push(row);
    const updatedRange = `Sheet1!A${rows.length}:B${rows.length}`;
    return {
      body: {
        spreadsheetId: r.params.id,
        tableRange: 'Sheet1!A1:B1',
        updates: { spreadsheetId: r.params.id, updatedRange, updatedRows: 1, updatedColumns: row.length },
      },
    };
  });
  fake.on('GET /v4/spreadsheets/:id/values/:range', (r) => ({
    body: { range: `${r.params.range}!A1:B${rows.length}`, majorDimension: 'ROWS', values: rows },
  }));
  fake.on('PUT /v4/spreadsheets/:id/values/:range', (r) => ({
    body: { spreadsheetId: r.params.id, updatedRange: r.params.range, updatedRows: 1 },
  }));
  fake.on('POST /v4/spreadsheets', (r) => ({
    body: { spreadsheetId: 'new1', properties: (r.body as { properties: unknown }).properties },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Sheets', () => {
  it('is a valid catalogue definition with Google OAuth 2.0', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.auth_url).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(app.authInfo.token_url).toBe('https://oauth2.googleapis.com/token');
    expect(app.authInfo.scopes).toContain('https://www.googleapis.com/auth/spreadsheets');
  });

  it('tests the connection with Drive about', async () => {
    const result = await runAction(app, 'testAuth', {}, credential, http);
    expect(result.ok).toBe(true);
    expect(fake.last().path).toBe('/drive/v3/about');
    const refused = await runAction(app, 'testAuth', {}, { access_token: 'wrong' }, http);
    expect(refused.error?.status).toBe(401);
  });

  it('appends a row: one value per column, entered as the user types them', async () => {
    const result = await runAction(
      app,
      'addRow',
      { spreadsheetId: 'ss1', range: 'Sheet1', values: 'Ada, ada@example.com' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    const req = fake.last();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v4/spreadsheets/ss1/values/Sheet1:append');
    expect(queryOf(req)).toEqual({ valueInputOption: 'USER_ENTERED', insertDataOption: 'INSERT_ROWS' });
    expect(req.headers['content-type']).toContain('application/json');
    expect(req.body).toEqual({ majorDimension: 'COLUMNS', values: [['Ada'], ['ada@example.com']] });
    expect(rows.at(-1)).toEqual(['Ada', 'ada@example.com']);
    expect((result.output as { updates: { updatedRange: string } }).updates.updatedRange).toBe('Sheet1!A2:B2');
  });

  it('reads rows and updates one row', async () => {
    const read = await runAction(
      app,
      'getRows',
      { spreadsheetId: 'ss1', range: 'Sheet1!A1:B', valueRenderOption: 'FORMATTED_VALUE' },
      credential,
      http,
    );
    expect(read.ok).toBe(true);
    expect(fake.last().method).toBe('GET');
    expect(fake.last().path).toBe('/v4/spreadsheets/ss1/values/Sheet1!A1%3AB');
    expect(queryOf(fake.last())).toEqual({ valueRenderOption: 'FORMATTED_VALUE' });
    expect((read.output as { values: string[][] }).values[1]).toEqual(['Ada', 'ada@example.com']);

    const update = await runAction(
      app,
      'updateRow',
      { spreadsheetId: 'ss1', range: 'Sheet1!A2', values: ['Grace', 'grace@example.com'] },
      credential,
      http,
    );
    expect(update.ok).toBe(true);
    const req = fake.last();
    expect(req.method).toBe('PUT');
    expect(req.path).toBe('/v4/spreadsheets/ss1/values/Sheet1!A2');
    expect(queryOf(req)).toEqual({ valueInputOption: 'USER_ENTERED' });
    expect(req.body).toEqual({ majorDimension: 'COLUMNS', values: [['Grace'], ['grace@example.com']] });
  });

  it('creates a spreadsheet with its title', async () => {
    const result = await runAction(app, 'createSpreadsheet', { title: 'Q3 plan' }, credential, http);
    expect(result.ok).toBe(true);
    expect(fake.last().method).toBe('POST');
    expect(fake.last().path).toBe('/v4/spreadsheets');
    expect(fake.last().body).toEqual({ properties: { title: 'Q3 plan' } });
  });

  it('asks for a missing spreadsheet by name', async () => {
    const result = await runAction(app, 'addRow', { range: 'Sheet1', values: 'x' }, credential, http);
    expect(result.ok).toBe(false);
    expect(result.error?.field).toBe('spreadsheetId');
  });

  it('New spreadsheet row: rows numbered below the header, keyed by column name; the second poll yields exactly the new rows', async () => {
    const sandbox = createSandbox({ poolSize: 1, timeoutMs: 20_000 });
    try {
      rows.splice(1, rows.length - 1, ['Ada', 'ada@example.com']);
      const listed = await runAction(
        app,
        'listRows',
        { spreadsheetId: 'ss1', range: 'Sheet 1' },
        credential,
        http,
        sandbox,
      );
      expect(listed.error).toBeUndefined();
      expect(listed.output).toEqual({ rows: [{ id: '2', row_number: 2, Name: 'Ada', Email: 'ada@example.com' }] });
      expect(fake.last().path).toBe('/v4/spreadsheets/ss1/values/Sheet%201');
      expect(queryOf(fake.last())).toEqual({ majorDimension: 'ROWS' });
      expect(fake.last().headers.authorization).toBe(`Bearer ${TOKEN}`);

      const polls = await newKeysAcrossPolls(
        app,
        'newRow',
        { spreadsheetId: 'ss1', range: 'Sheet 1' },
        credential,
        http,
        () => {
          rows.push(['Grace', 'grace@example.com'], ['Linus']);
        },
        sandbox,
      );
      expect(polls.first).toEqual(['2']);
      expect(polls.fresh).toEqual(['3', '4']);
    } finally {
      await sandbox.close();
    }
  }, 120_000);

  it('New spreadsheet: the second poll yields exactly the new spreadsheets', async () => {
    const polls = await newKeysAcrossPolls(app, 'newSpreadsheet', {}, credential, http, () => {
      files.unshift({ id: 'ss2', name: 'Travel', mimeType: 'application/vnd.google-apps.spreadsheet' });
      files.unshift({ id: 'ss3', name: 'Hiring', mimeType: 'application/vnd.google-apps.spreadsheet' });
    });
    expect(polls.first).toEqual(['ss1']);
    expect(polls.fresh).toEqual(['ss2', 'ss3']);
    const req = fake.last();
    expect(req.path).toBe('/drive/v3/files');
    expect(queryOf(req)).toMatchObject({
      q: "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false",
      orderBy: 'createdTime desc',
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
      corpora: 'allDrives',
    });
  });

  it('New worksheet: the second poll yields exactly the new worksheet', async () => {
    const polls = await newKeysAcrossPolls(app, 'newWorksheet', { spreadsheetId: 'ss1' }, credential, http, () => {
      sheets.push({ properties: { sheetId: 42, title: 'Archive', index: 1 } });
    });
    expect(polls.first).toEqual(['0']);
    expect(polls.fresh).toEqual(['42']);
    expect(fake.last().path).toBe('/v4/spreadsheets/ss1');
    expect(queryOf(fake.last())).toEqual({ fields: 'sheets.properties' });
  });
});
