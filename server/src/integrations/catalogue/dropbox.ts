/**
 * Dropbox (API v2, JSON RPC endpoints): OAuth 2.0 with offline refresh tokens; folders, saved
 * URLs, shared links, search, move and delete, and new files polled with list_folder (Dropbox
 * webhooks are configured per developer app, not subscribed per account).
 * https://www.dropbox.com/developers/documentation/http/documentation
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { boolean, text } from './fields-b.js';

const API = 'https://api.dropboxapi.com/2';
const folder = (description: string) =>
  text('path', 'Folder', description, {
    required: true,
    dynamic: 'dropbox.Folders.listRootFolder.entries.path_lower.name',
  });
const filePath = (name: string, title: string, description: string) =>
  text(name, title, description, { required: true });

export const dropboxApp: BuiltinAppDefinition = {
  appSlug: 'dropbox',
  appName: 'Dropbox',
  category: 'Files',
  source: 'first100',
  iconURL: iconUrl('dropbox'),
  completionStatus: 'Complete',
  apiDocs: 'https://www.dropbox.com/developers/documentation/http/documentation',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getCurrentAccount',
    auth_url: 'https://www.dropbox.com/oauth2/authorize',
    token_url: 'https://api.dropboxapi.com/oauth2/token',
    scopes:
      'openid email profile account_info.read files.metadata.read files.content.read files.content.write sharing.write',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
    // Dropbox answers a refresh token only when asked for offline access.
    authRequestConfig: {
      url: 'https://www.dropbox.com/oauth2/authorize',
      params: [{ key: 'token_access_type', value: 'offline' }],
    },
  },
  actions: {
    getUserInfo: {
      title: 'Get the user (OpenID Connect userinfo)',
      description: 'The signed-in user: name and e-mail.',
      hidden: true,
      method: 'get',
      url: `${API}/openid/userinfo`,
      fields: [],
    },
    // The connection test: Dropbox's RPC routes accept POST only; this one takes no arguments,
    // so it is sent without a body (core allows a body-less POST named by testAuth).
    getCurrentAccount: {
      title: 'Get the current account',
      description: 'The account the connection belongs to.',
      hidden: true,
      method: 'post',
      url: `${API}/users/get_current_account`,
      fields: [],
    },
    listRootFolder: {
      title: 'List the top-level folder',
      hidden: true,
      method: 'post',
      url: `${API}/files/list_folder`,
      fields: [],
      // Dropbox names the top level "" (never "/"); a blank field would be left out, a body row is not.
      body: [{ key: 'path', value: '' }],
    },
    listFolder: {
      title: 'List a folder',
      hidden: true,
      method: 'post',
      url: `${API}/files/list_folder`,
      fields: [folder('The folder to watch, e.g. /invoices.')],
      body: [{ key: 'path', value: '${inputData.path}' }],
    },
    createFolder: {
      title: 'Create folder',
      description: 'Creates a folder.',
      method: 'post',
      url: `${API}/files/create_folder_v2`,
      fields: [
        filePath('path', 'Path', 'The path of the new folder, e.g. /projects/2025.'),
        boolean('autorename', 'Rename on conflict', 'Add a number to the name when the folder exists.'),
      ],
    },
    saveUrl: {
      title: 'Upload file from URL',
      description: 'Saves a file from a public URL into Dropbox (Dropbox downloads it in the background).',
      method: 'post',
      url: `${API}/files/save_url`,
      fields: [
        filePath('path', 'Path', 'Where to save the file, with its name, e.g. /invoices/2025-01.pdf.'),
        text('url', 'File URL', 'The public http(s) URL of the file.', { required: true }),
      ],
    },
    createSharedLink: {
      title: 'Create shared link',
      description: 'Creates a shared link to a file or folder.',
      method: 'post',
      url: `${API}/sharing/create_shared_link_with_settings`,
      fields: [filePath('path', 'Path', 'The file or folder to share, e.g. /invoices/2025-01.pdf.')],
    },
    search: {
      title: 'Find file',
      description: 'Searches file and folder names (and text content on some plans).',
      method: 'post',
      url: `${API}/files/search_v2`,
      fields: [
        text('query', 'Search', 'The text to search for.', { required: true }),
        text('path', 'In folder', 'Limit the search to a folder, e.g. /invoices.'),
      ],
      body: [
        { key: 'query', value: '${inputData.query}' },
        { key: 'options.path', value: '${inputData.path}' },
      ],
    },
    move: {
      title: 'Move file',
      description: 'Moves or renames a file or folder.',
      method: 'post',
      url: `${API}/files/move_v2`,
      fields: [
        filePath('from_path', 'From', 'The current path, e.g. /inbox/report.pdf.'),
        filePath('to_path', 'To', 'The new path, e.g. /archive/report.pdf.'),
        boolean('autorename', 'Rename on conflict', 'Add a number to the name when the target exists.'),
      ],
    },
    deleteFile: {
      title: 'Delete file',
      description: 'Deletes a file or folder (it can be restored from deleted files for a while).',
      method: 'post',
      url: `${API}/files/delete_v2`,
      fields: [filePath('path', 'Path', 'The file or folder to delete.')],
    },
  },
  triggers: {
    newFile: {
      label: 'New file in folder',
      description: 'Triggers when a file or folder appears in a folder, not its subfolders (checks every few minutes).',
      type: 'polling',
      action: 'listFolder',
      fields: [folder('The folder to watch, e.g. /invoices.')],
      pollingParams: { dedupe_key: 'id', data_head: 'entries' },
    },
  },
};
