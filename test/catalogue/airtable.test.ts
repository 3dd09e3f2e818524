/**
 * Airtable contract: a local fake of the Airtable Web API checks the bearer token;
 * every action sends the documented request and the new-record trigger dedupes across two
 * polls.
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

const app = catalogueApp('airtable');

const KEY = 'patABC.123';
const credential = { api_key: KEY };
let fake: FakeService;
let http: HttpClient;
const records = [{ id: 'rec1', createdTime: '2026-11-24T10:00:00.000Z', fields: { Name: 'Ada' } }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${KEY}`,
    unauthorized: {
      status: 401,
      body: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } },
    },
  });
  http = rewritingClient(fake, ['https://api.airtable.com']);
  fake.on('GET /v0/meta/whoami', () => ({ body: { id: 'usr1', scopes: ['data.records:read'] } }));
  fake.on('GET /v0/meta/bases', () => ({ body: { bases: [{ id: 'app1', name: 'CRM', permissionLevel: 'create' }] } }));
  fake.on('GET /v0/meta/bases/:base/tables', () => ({ body: { tables: [{ id: 'tbl1', name: 'Contacts' }] } }));
  fake.on('GET /v0/:base/:table', () => ({ body: { records: [...records] } }));
  fake.on('POST /v0/:base/:table', (r) => ({
    body: { id: 'rec-new', createdTime: '2026-11-24T11:00:00.000Z', fields: (r.body as { fields: object }).fields },
  }));
  fake.on('PATCH /v0/:base/:table/:id', (r) => ({
    body: { id: r.params.id, fields: (r.body as { fields: object }).fields },
  }));
  fake.on('GET /v0/:base/:table/:id', (r) => ({ body: { id: r.params.id, fields: {} } }));
  fake.on('DELETE /v0/:base/:table/:id', (r) => ({ body: { id: r.params.id, deleted: true } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Airtable', () => {
  it('is a valid catalogue definition with a personal access token', () => {
    expectValidCatalogueApp(app);
    const tableField = app.actions.createRecord.fields.find((f) => f.name === 'tableId');
    expect(tableField?.schema?.params).toEqual(['baseId']);
  });

  it('tests the connection and lists bases and tables', async () => {
    expect((await runAction(app, 'whoami', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'whoami', {}, { api_key: 'patWRONG' }, http)).error?.status).toBe(401);
    await runAction(app, 'listTables', { baseId: 'app1' }, credential, http);
    expect(fake.last().path).toBe('/v0/meta/bases/app1/tables');
  });

  it('creates and updates records with typecast', async () => {
    await runAction(
      app,
      'createRecord',
      { baseId: 'app1', tableId: 'tbl1', fields: '{"Name": "Grace", "Tags": ["vip"]}' },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v0/app1/tbl1']);
    expect(fake.last().body).toEqual({ fields: { Name: 'Grace', Tags: ['vip'] }, typecast: true });
    await runAction(
      app,
      'updateRecord',
      { baseId: 'app1', tableId: 'tbl1', recordId: 'rec1', fields: { Status: 'Done' } },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['PATCH', '/v0/app1/tbl1/rec1']);
    expect(fake.last().body).toEqual({ fields: { Status: 'Done' }, typecast: true });
  });

  it('finds, reads and deletes records', async () => {
    await runAction(
      app,
      'findRecords',
      { baseId: 'app1', tableId: 'tbl1', searchField: 'Email', searchValue: 'ada@example.com' },
      credential,
      http,
    );
    expect(fake.last().path).toBe('/v0/app1/tbl1');
    expect(queryOf(fake.last())).toEqual({ filterByFormula: "{Email} = 'ada@example.com'", maxRecords: '100' });
    await runAction(app, 'getRecord', { baseId: 'app1', tableId: 'tbl1', recordId: 'rec1' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v0/app1/tbl1/rec1']);
    const deleted = await runAction(
      app,
      'deleteRecord',
      { baseId: 'app1', tableId: 'tbl1', recordId: 'rec1' },
      credential,
      http,
    );
    expect(deleted.output).toEqual({ id: 'rec1', deleted: true });
    expect(fake.last().method).toBe('DELETE');
  });

  it('New record: the second poll yields exactly the new records', async () => {
    const polls = await newKeysAcrossPolls(
      app,
      'newRecord',
      { baseId: 'app1', tableId: 'tbl1' },
      credential,
      http,
      () => {
        records.push({ id: 'rec2', createdTime: '2026-11-24T10:05:00.000Z', fields: { Name: 'Grace' } });
      },
    );
    expect(polls.first).toEqual(['rec1']);
    expect(polls.fresh).toEqual(['rec2']);
    expect(queryOf(fake.last())).toEqual({
      filterByFormula: "IS_AFTER(CREATED_TIME(), DATEADD(NOW(), -2, 'hours'))",
      pageSize: '100',
    });
  });
});
