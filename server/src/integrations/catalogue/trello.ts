/**
 * Trello: new card (on a board or in a list, polled; on a board, instantly through a
 * board webhook: Trello checks the callback URL with HEAD first) and new board triggers; create a card,
 * update or move it, archive it, comment on it, create a list, find cards. Boards and lists are
 * listed for the dropdowns. Auth: an API key and a user token, sent as the `key` and `token`
 * query parameters as Trello documents.
 * API: https://developer.atlassian.com/cloud/trello/rest/
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required, text } from './fields-a.js';

const API = 'https://api.trello.com/1';
const board = required('boardId', 'Board', 'The board, picked from your open boards.', {
  in: 'path',
  dynamic: 'trello.Board.listBoards.0.id.name',
});
const list = (name: string, where: 'path' | 'query') =>
  required(name, 'List', 'The list of the board.', {
    in: where,
    dynamic: 'trello.List.listLists.0.id.name',
    params: ['boardId'],
  });
const card = required('cardId', 'Card', 'The id of the card, e.g. from the trigger or Find cards.', { in: 'path' });

/** The Trello app. */
export const trelloApp: BuiltinAppDefinition = {
  appSlug: 'trello',
  appName: 'Trello',
  category: 'Project management',
  source: 'first100',
  iconURL: iconUrl('trello'),
  completionStatus: 'Complete',
  apiDocs: 'https://developer.atlassian.com/cloud/trello/rest/',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getMe',
    apikeyFormFields: [
      { key: 'api_key', title: 'API key', description: 'From trello.com/power-ups/admin: your Power-Up → API key.' },
      { key: 'token', title: 'Token', description: 'Generate a token with the Token link next to the API key.' },
    ],
    requestConfig: {
      params: [
        { key: 'key', value: '${auth.api_key}' },
        { key: 'token', value: '${auth.token}' },
      ],
    },
  },
  actions: {
    getMe: {
      title: 'Test connection',
      description: 'Reads the connected member.',
      hidden: true,
      method: 'get',
      url: `${API}/members/me`,
      fields: [],
      url_params: [{ key: 'fields', value: 'username,fullName' }],
    },
    listBoards: {
      title: 'List boards',
      description: 'Lists your open boards (the new-board trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/members/me/boards`,
      fields: [],
      url_params: [
        { key: 'filter', value: 'open' },
        { key: 'fields', value: 'name,url,dateLastActivity' },
      ],
    },
    listLists: {
      title: 'List lists',
      description: 'Lists the open lists of a board.',
      hidden: true,
      method: 'get',
      url: `${API}/boards/{boardId}/lists`,
      fields: [board],
    },
    listBoardCards: {
      title: 'List cards of a board',
      description: 'Lists the open cards of a board (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/boards/{boardId}/cards`,
      fields: [board],
    },
    listListCards: {
      title: 'List cards of a list',
      description: 'Lists the cards of a list (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/lists/{listId}/cards`,
      fields: [board, list('listId', 'path')],
    },
    createCard: {
      title: 'Create card',
      description: 'Adds a card to a list.',
      method: 'post',
      url: `${API}/cards`,
      fields: [
        { ...board, in: 'path' },
        list('idList', 'query'),
        required('name', 'Name', 'The card title.', { in: 'query' }),
        text('desc', 'Description', 'The card description (Markdown).', { in: 'query' }),
        field('datetime', 'due', 'Due date', 'When it is due (ISO 8601).', { in: 'query' }),
        text('pos', 'Position', "'top', 'bottom' or a number.", { in: 'query', enum: ['top', 'bottom'] }),
      ],
    },
    updateCard: {
      title: 'Update card',
      description: 'Changes or moves a card; empty fields stay as they are.',
      method: 'put',
      url: `${API}/cards/{cardId}`,
      fields: [
        card,
        { ...board, required: false, description: 'The board of the list to move it to.' },
        { ...list('idList', 'query'), required: false, title: 'Move to list', description: 'The list to move it to.' },
        text('name', 'Name', 'A new title.', { in: 'query' }),
        text('desc', 'Description', 'A new description.', { in: 'query' }),
        field('datetime', 'due', 'Due date', 'A new due date (ISO 8601).', { in: 'query' }),
      ],
    },
    archiveCard: {
      title: 'Archive card',
      description: 'Archives (closes) a card.',
      method: 'put',
      url: `${API}/cards/{cardId}`,
      fields: [card, fixed('closed', 'true', 'query')],
    },
    addComment: {
      title: 'Add comment to card',
      description: 'Comments on a card.',
      method: 'post',
      url: `${API}/cards/{cardId}/actions/comments`,
      fields: [card, required('text', 'Comment', 'The comment text.', { in: 'query' })],
    },
    createList: {
      title: 'Create list',
      description: 'Adds a list to a board.',
      method: 'post',
      url: `${API}/lists`,
      fields: [
        { ...board, in: 'query', name: 'idBoard' },
        required('name', 'Name', 'The list name.', { in: 'query' }),
        text('pos', 'Position', "'top', 'bottom' or a number.", { in: 'query', enum: ['top', 'bottom'] }),
      ],
    },
    findCards: {
      title: 'Find cards',
      description: 'Searches cards by text.',
      method: 'get',
      url: `${API}/search`,
      fields: [required('query', 'Search', 'Words in the card title or description.', { in: 'query' })],
      url_params: [
        { key: 'modelTypes', value: 'cards' },
        { key: 'cards_limit', value: '50' },
      ],
    },
    subscribeBoard: {
      title: 'Create a board webhook',
      description: 'Asks Trello to send every action of the board to Junction (Trello first checks the URL with HEAD).',
      hidden: true,
      method: 'post',
      // developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/#creating-a-webhook
      url: `${API}/webhooks/`,
      fields: [
        { name: 'url', title: 'Webhook URL', hidden: true, required: true, schema: { type: 'string' } },
        { name: 'boardId', title: 'Board', hidden: true, required: true, in: 'path', schema: { type: 'string' } },
      ],
      body: [
        { key: 'callbackURL', value: '${inputData.url}' },
        { key: 'idModel', value: '${inputData.boardId}' },
        { key: 'description', value: 'Junction: new card' },
      ],
    },
    deleteWebhook: {
      title: 'Delete a webhook',
      hidden: true,
      method: 'delete',
      url: `${API}/webhooks/{id}`,
      fields: [{ name: 'id', title: 'id', hidden: true, required: true, in: 'path', schema: { type: 'string' } }],
    },
  },
  triggers: {
    newCardInstant: {
      label: 'New card (instant)',
      description:
        'Triggers as soon as a card is created on a board (Trello sends the action: the card, its list and who made it).',
      type: 'webhook',
      fields: [board],
      performList: 'subscribeBoard',
      unsubscribe: 'deleteWebhook',
      // The body is { action, model }; only createCard actions start it (the hook route filters).
      webhookKey: 'action',
      pollingParams: {},
    },
    newCard: {
      label: 'New card',
      description: 'Triggers when a card is added to a board.',
      type: 'polling',
      action: 'listBoardCards',
      fields: [board],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
    newCardInList: {
      label: 'New card in list',
      description: 'Triggers when a card is added to (or moved into) a list.',
      type: 'polling',
      action: 'listListCards',
      fields: [board, list('listId', 'path')],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
    newBoard: {
      label: 'New board',
      description: 'Triggers when you create or join a board.',
      type: 'polling',
      action: 'listBoards',
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
  },
};
