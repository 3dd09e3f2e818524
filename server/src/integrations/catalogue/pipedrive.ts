/**
 * Pipedrive (API v1): personal API token, deals, people, organisations and activities,
 * polling new deals and people, and webhooks (v2 payloads) for instant triggers.
 * https://developers.pipedrive.com/docs/api/v1
 */
import type { ActionDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, hookUrl, integer, number, text } from './fields-b.js';

const API = 'https://api.pipedrive.com/v1';
const PERSON_DROPDOWN = 'pipedrive.People.listPersons.data.id.name';
const NEWEST_FIRST = [
  { key: 'sort', value: 'add_time DESC' },
  { key: 'limit', value: '100' },
];

/** POST /v1/webhooks: Pipedrive calls the URL when an object of this kind is created. */
function subscribe(eventObject: string): ActionDef {
  return {
    title: `Subscribe to new ${eventObject}s`,
    hidden: true,
    method: 'post',
    url: `${API}/webhooks`,
    fields: [hookUrl()],
    body: [
      { key: 'subscription_url', value: '${inputData.url}' },
      { key: 'event_action', value: 'create' },
      { key: 'event_object', value: eventObject },
      { key: 'version', value: '2.0' },
    ],
  };
}

const dealFields = [
  text('title', 'Title', 'The title of the deal.'),
  number('value', 'Value', 'The value of the deal.'),
  text('currency', 'Currency', 'A three-letter currency code, e.g. EUR; the company default when empty.'),
  integer('person_id', 'Person', 'The person this deal is with.', { dynamic: PERSON_DROPDOWN }),
  integer('org_id', 'Organization ID', 'The ID of the organisation this deal is with.'),
  integer('stage_id', 'Stage', 'The pipeline stage of the deal; the first stage of the default pipeline when empty.', {
    dynamic: 'pipedrive.Stages.listStages.data.id.name',
  }),
  text('status', 'Status', 'Open, won or lost.', {
    enum: ['open', 'won', 'lost'],
    enumNames: ['Open', 'Won', 'Lost'],
  }),
];

export const pipedriveApp: BuiltinAppDefinition = {
  appSlug: 'pipedrive',
  appName: 'Pipedrive',
  category: 'CRM',
  source: 'first100',
  iconURL: iconUrl('pipedrive'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.pipedrive.com/docs/api/v1',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getCurrentUser',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'API token',
        description: 'In Pipedrive: your name (top right) → Personal preferences → API → Your personal API token.',
      },
    ],
    // developers.pipedrive.com/docs/api/v1 "Authentication": the token as the api_token query parameter.
    requestConfig: { params: [{ key: 'api_token', value: '${auth.api_key}' }] },
  },
  actions: {
    getCurrentUser: {
      title: 'Get the current user',
      hidden: true,
      method: 'get',
      url: `${API}/users/me`,
      fields: [],
    },
    listDeals: {
      title: 'List deals, newest first',
      hidden: true,
      method: 'get',
      url: `${API}/deals`,
      url_params: NEWEST_FIRST,
      fields: [],
    },
    listPersons: {
      title: 'List people, newest first',
      hidden: true,
      method: 'get',
      url: `${API}/persons`,
      url_params: NEWEST_FIRST,
      fields: [],
    },
    listStages: {
      title: 'List pipeline stages',
      hidden: true,
      method: 'get',
      url: `${API}/stages`,
      fields: [],
    },
    createDeal: {
      title: 'Create deal',
      description: 'Creates a deal.',
      method: 'post',
      url: `${API}/deals`,
      fields: dealFields.map((f) => (f.name === 'title' ? { ...f, required: true } : f)),
    },
    updateDeal: {
      title: 'Update deal',
      description: 'Changes the given fields of a deal; empty fields stay as they are.',
      method: 'put',
      url: `${API}/deals/{id}`,
      fields: [integer('id', 'Deal ID', 'The ID of the deal to update.', { required: true }), ...dealFields],
    },
    createPerson: {
      title: 'Create person',
      description: 'Creates a person (contact).',
      method: 'post',
      url: `${API}/persons`,
      fields: [
        text('name', 'Name', "The person's name.", { required: true }),
        text('email', 'E-mail', "The person's e-mail address."),
        text('phone', 'Phone', "The person's phone number."),
        integer('org_id', 'Organization ID', 'The ID of the organisation the person belongs to.'),
      ],
    },
    findPerson: {
      title: 'Find person',
      description: 'Searches people by e-mail address, name or phone.',
      method: 'get',
      url: `${API}/persons/search`,
      fields: [
        text('term', 'Search term', 'At least 2 characters, e.g. an e-mail address.', { required: true }),
        text('fields', 'Search in', 'Which field to search.', {
          enum: ['email', 'name', 'phone'],
          enumNames: ['E-mail', 'Name', 'Phone'],
        }),
        { ...fixed('exact_match', 'true'), in: 'query' },
      ],
    },
    createOrganization: {
      title: 'Create organization',
      description: 'Creates an organisation.',
      method: 'post',
      url: `${API}/organizations`,
      fields: [text('name', 'Name', 'The name of the organisation.', { required: true })],
    },
    createActivity: {
      title: 'Create activity',
      description: 'Schedules a call, meeting, task or other activity.',
      method: 'post',
      url: `${API}/activities`,
      fields: [
        text('subject', 'Subject', 'What the activity is about.', { required: true }),
        text('type', 'Type', 'The activity type key, e.g. call, meeting, task, deadline, email, lunch.'),
        text('due_date', 'Due date', 'The due date, as YYYY-MM-DD.'),
        text('due_time', 'Due time', 'The due time in UTC, as HH:MM.'),
        integer('deal_id', 'Deal ID', 'The deal this activity belongs to.'),
        integer('person_id', 'Person', 'The person this activity is with.', { dynamic: PERSON_DROPDOWN }),
        text('note', 'Note', 'A note on the activity (HTML allowed).'),
      ],
    },
    subscribeDeals: subscribe('deal'),
    subscribePersons: subscribe('person'),
    deleteWebhook: {
      title: 'Delete a webhook',
      hidden: true,
      method: 'delete',
      // The subscription answer is { success, data: { id, … } }.
      url: `${API}/webhooks/\${inputData.data.id}`,
      fields: [],
    },
  },
  triggers: {
    newDeal: {
      label: 'New deal',
      description: 'Triggers when a deal is added (checks every few minutes).',
      type: 'polling',
      action: 'listDeals',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    },
    newPerson: {
      label: 'New person',
      description: 'Triggers when a person is added (checks every few minutes).',
      type: 'polling',
      action: 'listPersons',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    },
    dealCreated: {
      label: 'New deal (instant)',
      description: 'Triggers as soon as a deal is added; the step receives the deal.',
      type: 'webhook',
      performList: 'subscribeDeals',
      unsubscribe: 'deleteWebhook',
      webhookKey: 'data',
      pollingParams: {},
    },
    personCreated: {
      label: 'New person (instant)',
      description: 'Triggers as soon as a person is added; the step receives the person.',
      type: 'webhook',
      performList: 'subscribePersons',
      unsubscribe: 'deleteWebhook',
      webhookKey: 'data',
      pollingParams: {},
    },
  },
};
