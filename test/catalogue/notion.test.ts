/**
 * Notion contract: a local fake of the Notion API checks the bearer token and the
 * Notion-Version header; every action sends the documented request (nested JSON with the
 * step's text inside) and both triggers dedupe across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import type { HttpClient } from '../../server/src/security/http-client.js';
import {
  expectValidCatalogueApp,
  type FakeService,
  newKeysAcrossPolls,
  rewritingClient,
  runAction,
  startFake,
} from './support.js';

const NOTION_VERSION = '2022-06-28';
const app = catalogueApp('notion');

const KEY = 'secret_abc123';
const credential = { api_key: KEY };
let fake: FakeService;
let http: HttpClient;
const items = [{ object: 'page', id: 'item-1' }];
const pages = [{ object: 'page', id: 'page-1', url: 'https://www.notion.so/page-1' }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${KEY}` && r.headers['notion-version'] === NOTION_VERSION,
    unauthorized: {
      status: 401,
      body: { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' },
    },
  });
  http = rewritingClient(fake, ['https://api.notion.com']);
  fake.on('GET /v1/users/me', () => ({ body: { object: 'user', id: 'bot1', type: 'bot' } }));
  fake.on('POST /v1/search', (r) => {
    const kind = (r.body as { filter?: { value: string } }).filter?.value;
    const results =
      kind === 'database'
        ? [{ object: 'database', id: 'db1', url: 'https://www.notion.so/db1' }]
        : [...pages].reverse();
    return { body: { object: 'list', results, next_cursor: null, has_more: false } };
  });
  fake.on('POST /v1/databases/:id/query', () => ({
    body: { object: 'list', results: [...items].reverse(), has_more: false },
  }));
  fake.on('POST /v1/pages', (r) => ({ body: { object: 'page', id: 'p-new', ...(r.body as object) } }));
  fake.on('PATCH /v1/pages/:id', (r) => ({ body: { object: 'page', id: r.params.id, ...(r.body as object) } }));
  fake.on('GET /v1/pages/:id', (r) => ({ body: { object: 'page', id: r.params.id } }));
  fake.on('PATCH /v1/blocks/:id/children', (r) => ({
    body: { object: 'list', results: (r.body as { children: unknown[] }).children },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Notion', () => {
  it('is a valid catalogue definition with a bearer integration token and the Notion-Version header', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.apiType).toBe('apikey');
  });

  it('tests the connection; a wrong token is refused', async () => {
    expect((await runAction(app, 'getBot', {}, credential, http)).ok).toBe(true);
    expect(fake.last().headers['notion-version']).toBe(NOTION_VERSION);
    expect((await runAction(app, 'getBot', {}, { api_key: 'secret_wrong' }, http)).error?.status).toBe(401);
  });

  it('lists databases for the dropdown', async () => {
    const result = await runAction(app, 'listDatabases', {}, credential, http);
    expect((result.output as { results: { id: string }[] }).results[0].id).toBe('db1');
    expect(fake.last().body).toEqual({ filter: { property: 'object', value: 'database' }, page_size: 100 });
  });

  it('creates and updates a database item with Notion property JSON', async () => {
    const props = '{"Name": {"title": [{"text": {"content": "Ada"}}]}}';
    await runAction(app, 'createDatabaseItem', { database_id: 'db1', properties: props }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/v1/pages']);
    expect(fake.last().body).toEqual({
      properties: { Name: { title: [{ text: { content: 'Ada' } }] } },
      parent: { database_id: 'db1' },
    });
    await runAction(
      app,
      'updateDatabaseItem',
      { page_id: 'item-1', properties: { Status: { select: { name: 'Done' } } } },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['PATCH', '/v1/pages/item-1']);
    expect(fake.last().body).toEqual({ properties: { Status: { select: { name: 'Done' } } } });
  });

  it('creates a page with a title and a paragraph, appends text, finds, reads and archives', async () => {
    await runAction(
      app,
      'createPage',
      { page_id: 'page-1', title: 'Minutes', content: 'First point' },
      credential,
      http,
    );
    const paragraph = (text: string) => [
      { object: 'block', type: 'paragraph', paragraph: { rich_text: [{ type: 'text', text: { content: text } }] } },
    ];
    expect(fake.last().body).toEqual({
      parent: { page_id: 'page-1' },
      properties: { title: { title: [{ text: { content: 'Minutes' } }] } },
      children: paragraph('First point'),
    });
    await runAction(app, 'appendText', { page_id: 'page-1', content: 'Second point' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['PATCH', '/v1/blocks/page-1/children']);
    expect(fake.last().body).toEqual({ children: paragraph('Second point') });
    await runAction(app, 'findPages', { query: 'Minutes' }, credential, http);
    expect(fake.last().body).toEqual({ query: 'Minutes', filter: { property: 'object', value: 'page' } });
    await runAction(app, 'getPage', { page_id: 'page-1' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/v1/pages/page-1']);
    await runAction(app, 'archivePage', { page_id: 'page-1' }, credential, http);
    expect([fake.last().method, fake.last().body]).toEqual(['PATCH', { archived: true }]);
  });

  it('New database item / New page: the second poll yields exactly the new items', async () => {
    const item = await newKeysAcrossPolls(app, 'newDatabaseItem', { database_id: 'db1' }, credential, http, () => {
      items.push({ object: 'page', id: 'item-2' });
    });
    expect(item.fresh).toEqual(['item-2']);
    expect(fake.last().path).toBe('/v1/databases/db1/query');
    expect(fake.last().body).toEqual({
      sorts: [{ timestamp: 'created_time', direction: 'descending' }],
      page_size: 100,
    });
    const page = await newKeysAcrossPolls(app, 'newPage', {}, credential, http, () => {
      pages.push({ object: 'page', id: 'page-2', url: 'https://www.notion.so/page-2' });
    });
    expect(page.fresh).toEqual(['page-2']);
  });
});
