/**
 * Trello contract: a local fake of the Trello REST API checks the `key` and `token`
 * query parameters (401 'invalid key' otherwise); every action sends the documented request
 * and the three triggers dedupe across two polls.
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

const app = catalogueApp('trello');

const credential = { api_key: 'k0123456789', token: 'ATTAtoken' };
let fake: FakeService;
let http: HttpClient;
const cards = [{ id: 'card1', name: 'Write docs', idList: 'list1' }];
const boards = [{ id: 'board1', name: 'Roadmap' }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => queryOf(r).key === credential.api_key && queryOf(r).token === credential.token,
    unauthorized: { status: 401, body: 'invalid key' },
  });
  http = rewritingClient(fake, ['https://api.trello.com']);
  fake.on('GET /1/members/me', () => ({ body: { id: 'm1', username: 'ada' } }));
  fake.on('GET /1/members/me/boards', () => ({ body: [...boards] }));
  fake.on('GET /1/boards/:id/lists', () => ({ body: [{ id: 'list1', name: 'To do' }] }));
  fake.on('GET /1/boards/:id/cards', () => ({ body: [...cards] }));
  fake.on('GET /1/lists/:id/cards', (r) => ({ body: cards.filter((c) => c.idList === r.params.id) }));
  fake.on('POST /1/cards', (r) => ({ body: { id: 'card-new', name: queryOf(r).name, idList: queryOf(r).idList } }));
  fake.on('PUT /1/cards/:id', (r) => ({ body: { id: r.params.id, ...queryOf(r) } }));
  fake.on('POST /1/cards/:id/actions/comments', (r) => ({
    body: { id: 'act1', type: 'commentCard', data: { text: queryOf(r).text } },
  }));
  fake.on('POST /1/lists', (r) => ({ body: { id: 'list-new', name: queryOf(r).name, idBoard: queryOf(r).idBoard } }));
  fake.on('GET /1/search', () => ({ body: { cards: [...cards] } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

/** The query without the auth pair. */
const params = () => {
  const { key: _k, token: _t, ...rest } = queryOf(fake.last());
  return rest;
};

describe('Trello', () => {
  it('is a valid catalogue definition with key and token query auth', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.apikeyFormFields?.map((f) => f.key)).toEqual(['api_key', 'token']);
  });

  it('tests the connection; a wrong token is refused', async () => {
    expect((await runAction(app, 'getMe', {}, credential, http)).ok).toBe(true);
    const bad = await runAction(app, 'getMe', {}, { ...credential, token: 'nope' }, http);
    expect(bad.error?.status).toBe(401);
    // The recorded request hides the key and the token.
    expect(JSON.stringify(bad.request)).not.toContain('nope');
    expect(JSON.stringify(bad.request)).not.toContain(credential.api_key);
  });

  it('creates a card in a list with the documented query parameters', async () => {
    const result = await runAction(
      app,
      'createCard',
      { boardId: 'board1', idList: 'list1', name: 'Ship it', desc: 'Before Friday', pos: 'top' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/1/cards']);
    expect(params()).toEqual({ idList: 'list1', name: 'Ship it', desc: 'Before Friday', pos: 'top' });
    expect(fake.last().text).toBe('');
  });

  it('moves, archives and comments on a card; creates a list; finds cards', async () => {
    await runAction(app, 'updateCard', { cardId: 'card1', idList: 'list2', name: 'Renamed' }, credential, http);
    expect([fake.last().method, fake.last().path]).toEqual(['PUT', '/1/cards/card1']);
    expect(params()).toEqual({ idList: 'list2', name: 'Renamed' });
    await runAction(app, 'archiveCard', { cardId: 'card1' }, credential, http);
    expect(params()).toEqual({ closed: 'true' });
    await runAction(app, 'addComment', { cardId: 'card1', text: 'Done!' }, credential, http);
    expect([fake.last().method, fake.last().path, params()]).toEqual([
      'POST',
      '/1/cards/card1/actions/comments',
      { text: 'Done!' },
    ]);
    await runAction(app, 'createList', { idBoard: 'board1', name: 'Doing' }, credential, http);
    expect([fake.last().path, params()]).toEqual(['/1/lists', { idBoard: 'board1', name: 'Doing' }]);
    await runAction(app, 'findCards', { query: 'docs' }, credential, http);
    expect([fake.last().path, params()]).toEqual([
      '/1/search',
      { modelTypes: 'cards', cards_limit: '50', query: 'docs' },
    ]);
  });

  it('New card / New card in list / New board: the second poll yields exactly the new items', async () => {
    const onBoard = await newKeysAcrossPolls(app, 'newCard', { boardId: 'board1' }, credential, http, () => {
      cards.push({ id: 'card2', name: 'Review', idList: 'list1' });
    });
    expect(onBoard.fresh).toEqual(['card2']);
    expect(fake.last().path).toBe('/1/boards/board1/cards');
    const inList = await newKeysAcrossPolls(
      app,
      'newCardInList',
      { boardId: 'board1', listId: 'list2' },
      credential,
      http,
      () => {
        cards.push({ id: 'card3', name: 'Moved in', idList: 'list2' });
      },
    );
    expect(inList.first).toEqual([]);
    expect(inList.fresh).toEqual(['card3']);
    expect([fake.last().path, params()]).toEqual(['/1/lists/list2/cards', {}]);
    const newBoard = await newKeysAcrossPolls(app, 'newBoard', {}, credential, http, () => {
      boards.push({ id: 'board2', name: 'Hiring' });
    });
    expect(newBoard.fresh).toEqual(['board2']);
  });
});
