/**
 * Typeform (Create, Responses and Webhooks APIs): OAuth 2.0; forms for the dropdown, responses
 * searched and polled, and a form webhook (PUT/DELETE /forms/{form_id}/webhooks/{tag}) for the
 * instant 'New entry' trigger. https://www.typeform.com/developers/
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, hookUrl, integer, text } from './fields-b.js';

const API = 'https://api.typeform.com';
const form = text('form_id', 'Form', 'The form (its ID is in the form URL: …/to/{form_id}).', {
  required: true,
  dynamic: 'typeform.Forms.listForms.items.id.title',
});
// One Junction webhook per form: the tag names it in Typeform's webhook list.
const TAG = 'junction';

export const typeformApp: BuiltinAppDefinition = {
  appSlug: 'typeform',
  appName: 'Typeform',
  category: 'Forms',
  source: 'first100',
  iconURL: iconUrl('typeform'),
  completionStatus: 'Complete',
  apiDocs: 'https://www.typeform.com/developers/',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getMe',
    auth_url: 'https://api.typeform.com/oauth/authorize',
    token_url: 'https://api.typeform.com/oauth/token',
    scopes: 'accounts:read forms:read responses:read webhooks:read webhooks:write offline',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
  },
  actions: {
    getMe: {
      title: 'Get the account',
      hidden: true,
      method: 'get',
      url: `${API}/me`,
      fields: [],
    },
    listForms: {
      title: 'List forms',
      hidden: true,
      method: 'get',
      url: `${API}/forms`,
      url_params: [{ key: 'page_size', value: '200' }],
      fields: [],
    },
    listNewResponses: {
      title: 'List the newest responses of a form',
      hidden: true,
      method: 'get',
      url: `${API}/forms/{form_id}/responses`,
      url_params: [
        { key: 'page_size', value: '100' },
        { key: 'sort', value: 'submitted_at,desc' },
        { key: 'response_type', value: 'completed' },
      ],
      fields: [form],
    },
    findResponses: {
      title: 'Find responses',
      description: 'Searches the completed responses of a form for a word, e.g. an e-mail address.',
      method: 'get',
      url: `${API}/forms/{form_id}/responses`,
      fields: [
        form,
        text('query', 'Search', 'Text to look for in the answers and hidden fields.', { required: true }),
        integer('page_size', 'Limit', 'How many responses at most (up to 1000, default 25).'),
      ],
    },
    createWebhook: {
      title: 'Create the form webhook',
      hidden: true,
      method: 'put',
      url: `${API}/forms/{form_id}/webhooks/{tag}`,
      fields: [form, fixed('tag', TAG, 'string', 'path'), hookUrl(), fixed('enabled', true, 'boolean')],
    },
    deleteWebhook: {
      title: 'Delete the form webhook',
      hidden: true,
      method: 'delete',
      url: `${API}/forms/{form_id}/webhooks/{tag}`,
      fields: [form, fixed('tag', TAG, 'string', 'path')],
    },
  },
  triggers: {
    newEntry: {
      label: 'New entry (instant)',
      description: 'Triggers as soon as someone submits the form; the step receives the response and its answers.',
      type: 'webhook',
      fields: [form],
      performList: 'createWebhook',
      unsubscribe: 'deleteWebhook',
      webhookKey: 'form_response',
      pollingParams: {},
    },
    newEntryPolling: {
      label: 'New entry',
      description: 'Triggers when someone submits the form (checks every few minutes).',
      type: 'polling',
      action: 'listNewResponses',
      fields: [form],
      pollingParams: { dedupe_key: 'token', data_head: 'items' },
    },
  },
};
