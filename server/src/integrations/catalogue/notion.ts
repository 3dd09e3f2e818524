/**
 * Notion: new database item and new page triggers; create a database item, update
 * its properties, create a page, append text to a page, find pages, get a page, archive a page.
 * Auth: an internal integration token (Settings → Connections → Develop or manage integrations;
 * share the pages and databases with the integration), sent as a bearer token with the
 * Notion-Version header.
 * API: https://developers.notion.com/reference/intro
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required } from './fields-a.js';

const API = 'https://api.notion.com/v1';
/** The API version this definition follows. */
export const NOTION_VERSION = '2022-06-28';

const database = required('database_id', 'Database', 'The database, picked from those shared with the integration.', {
  in: 'path',
  dynamic: 'notion.Database.listDatabases.results.id.url',
});
const pageId = (title: string, description: string) =>
  required('page_id', title, description, { in: 'path', dynamic: 'notion.Page.listPages.results.id.url' });
const properties = field(
  'object',
  'properties',
  'Properties',
  'The item’s properties as Notion JSON, e.g. {"Name": {"title": [{"text": {"content": "Ada"}}]}, "Status": {"select": {"name": "Done"}}}.',
  { required: true },
);
// Referenced inside fixed JSON only ('path' without a placeholder is never sent on its own).
const content = field('string', 'content', 'Text', 'The paragraph to add.', { in: 'path', required: true });
const paragraph = [
  {
    object: 'block',
    type: 'paragraph',
    paragraph: { rich_text: [{ type: 'text', text: { content: '${inputData.content}' } }] },
  },
];
const searchFor = (kind: 'page' | 'database') => fixed('filter', { property: 'object', value: kind }, 'formData');

/** The Notion app. */
export const notionApp: BuiltinAppDefinition = {
  appSlug: 'notion',
  appName: 'Notion',
  category: 'Productivity',
  source: 'first100',
  iconURL: iconUrl('notion'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.notion.com/reference/intro',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getBot',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'Internal integration secret',
        description: 'From notion.so/my-integrations; share your pages and databases with the integration.',
      },
    ],
    requestConfig: {
      headers: [
        { key: 'Authorization', value: 'Bearer ${auth.api_key}' },
        { key: 'Notion-Version', value: NOTION_VERSION },
      ],
    },
  },
  actions: {
    getBot: {
      title: 'Test connection',
      description: 'Reads the integration’s bot user.',
      hidden: true,
      method: 'get',
      url: `${API}/users/me`,
      fields: [],
    },
    listDatabases: {
      title: 'List databases',
      description: 'Lists the databases shared with the integration.',
      hidden: true,
      method: 'post',
      url: `${API}/search`,
      fields: [searchFor('database'), fixed('page_size', 100, 'formData')],
    },
    listPages: {
      title: 'List pages',
      description: 'Lists the pages shared with the integration, newest edits first (the trigger polls it).',
      hidden: true,
      method: 'post',
      url: `${API}/search`,
      fields: [
        searchFor('page'),
        fixed('sort', { direction: 'descending', timestamp: 'last_edited_time' }, 'formData'),
        fixed('page_size', 100, 'formData'),
      ],
    },
    queryDatabase: {
      title: 'List database items',
      description: 'Lists the newest items of a database (the trigger polls it).',
      hidden: true,
      method: 'post',
      url: `${API}/databases/{database_id}/query`,
      fields: [
        database,
        fixed('sorts', [{ timestamp: 'created_time', direction: 'descending' }], 'formData'),
        fixed('page_size', 100, 'formData'),
      ],
    },
    createDatabaseItem: {
      title: 'Create database item',
      description: 'Adds an item (a page) to a database.',
      method: 'post',
      url: `${API}/pages`,
      fields: [database, properties, fixed('parent', { database_id: '${inputData.database_id}' }, 'formData')],
    },
    updateDatabaseItem: {
      title: 'Update database item',
      description: 'Changes the given properties of a database item.',
      method: 'patch',
      url: `${API}/pages/{page_id}`,
      fields: [required('page_id', 'Item', 'The id of the item (page) to change.', { in: 'path' }), properties],
    },
    createPage: {
      title: 'Create page',
      description: 'Creates a page inside another page, with a first paragraph.',
      method: 'post',
      url: `${API}/pages`,
      fields: [
        pageId('Parent page', 'The page to create it in.'),
        field('string', 'title', 'Title', 'The title of the new page.', { in: 'path', required: true }),
        content,
        fixed('parent', { page_id: '${inputData.page_id}' }, 'formData'),
        fixed('properties', { title: { title: [{ text: { content: '${inputData.title}' } }] } }, 'formData'),
        fixed('children', paragraph, 'formData'),
      ],
    },
    appendText: {
      title: 'Append text to page',
      description: 'Adds a paragraph at the end of a page.',
      method: 'patch',
      url: `${API}/blocks/{page_id}/children`,
      fields: [pageId('Page', 'The page to add to.'), content, fixed('children', paragraph, 'formData')],
    },
    findPages: {
      title: 'Find pages',
      description: 'Finds pages whose title contains a text.',
      method: 'post',
      url: `${API}/search`,
      fields: [required('query', 'Title contains', 'Text the page title contains.'), searchFor('page')],
    },
    getPage: {
      title: 'Get page',
      description: 'Reads a page and its properties.',
      method: 'get',
      url: `${API}/pages/{page_id}`,
      fields: [pageId('Page', 'The page to read.')],
    },
    archivePage: {
      title: 'Archive page',
      description: 'Moves a page or database item to the trash.',
      method: 'patch',
      url: `${API}/pages/{page_id}`,
      fields: [pageId('Page', 'The page to archive.'), fixed('archived', true, 'formData')],
    },
  },
  triggers: {
    newDatabaseItem: {
      label: 'New database item',
      description: 'Triggers when an item is added to a database.',
      type: 'polling',
      action: 'queryDatabase',
      fields: [database],
      pollingParams: { dedupe_key: 'id', data_head: 'results' },
    },
    newPage: {
      label: 'New page',
      description: 'Triggers when a page appears among those shared with the integration (the 100 latest edited).',
      type: 'polling',
      action: 'listPages',
      pollingParams: { dedupe_key: 'id', data_head: 'results' },
    },
  },
};
