/**
 * The Demo CRM's app definition (DESIGN "Example: an app definition"): a
 * contacts API that Junction serves itself under `/demo-crm`, so the tour, the tests and a new
 * user can build a working workflow with no internet. `{base}` is Junction's public origin.
 */
import type { FieldDef } from '@junction/core';
import { type BuiltinAppDefinition, describedField, iconUrl } from './types.js';

/** The event the Demo CRM delivers to webhook subscribers when a contact is created. */
export const CONTACT_CREATED_EVENT = 'contact.created';

/** Picks a contact by id from the contact list (forms-dp 3 dynamic dropdown spec). */
const CONTACT_DROPDOWN = 'demo-crm.Contacts.listContacts.contacts.id.email';

const contactFields = (isEmailRequired: boolean): FieldDef[] => [
  { name: 'email', title: 'E-mail', required: isEmailRequired, schema: { type: 'string' } },
  { name: 'firstName', title: 'First name', schema: { type: 'string' } },
  { name: 'lastName', title: 'Last name', schema: { type: 'string' } },
  { name: 'company', title: 'Company', schema: { type: 'string' } },
  { name: 'phone', title: 'Phone', schema: { type: 'string' } },
  describedField('tags', 'Tags', 'A list, or text separated by commas.', { type: 'array', items: { type: 'string' } }),
];

/** The Demo CRM app: API-key auth tested with listContacts; create, find and update contacts; two 'New contact' triggers. */
export const demoCrmApp: BuiltinAppDefinition = {
  appSlug: 'demo-crm',
  appName: 'Demo CRM',
  category: 'CRM',
  source: 'builtin',
  iconURL: iconUrl('demo-crm'),
  completionStatus: 'Complete',
  disableAuth: false,
  authInfo: {
    apiType: 'apikey',
    testAuth: 'listContacts',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'API key',
        description: 'Create one in [Settings → API in the Demo CRM](/demo-crm?tab=api).',
      },
    ],
    requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
  },
  actions: {
    listContacts: {
      title: 'List contacts',
      description: 'Lists contacts, newest first.',
      hidden: true,
      method: 'get',
      url: '{base}/demo-crm/contacts',
      fields: [],
    },
    createContact: {
      title: 'Create contact',
      description: 'Creates a contact.',
      method: 'post',
      url: '{base}/demo-crm/contacts',
      fields: contactFields(true),
    },
    findContact: {
      title: 'Find contact',
      description: 'Finds contacts by e-mail address.',
      method: 'get',
      url: '{base}/demo-crm/contacts',
      fields: [{ name: 'email', title: 'E-mail', in: 'query', required: true, schema: { type: 'string' } }],
    },
    updateContact: {
      title: 'Update contact',
      description: 'Changes the given fields of a contact; empty fields stay as they are.',
      method: 'patch',
      url: '{base}/demo-crm/contacts/{id}',
      fields: [
        {
          name: 'id',
          title: 'Contact',
          in: 'path',
          required: true,
          schema: { type: 'string', dynamic: CONTACT_DROPDOWN },
        },
        ...contactFields(false),
      ],
    },
    subscribeHook: {
      title: 'Subscribe to new contacts',
      hidden: true,
      method: 'post',
      url: '{base}/demo-crm/hooks',
      fields: [
        { name: 'url', title: 'Webhook URL', hidden: true, required: true, schema: { type: 'string' } },
        { name: 'event', title: 'Event', hidden: true, value: CONTACT_CREATED_EVENT, schema: { type: 'string' } },
      ],
    },
    unsubscribeHook: {
      title: 'Unsubscribe',
      hidden: true,
      method: 'delete',
      url: '{base}/demo-crm/hooks/{id}',
      fields: [
        { name: 'id', title: 'Subscription', in: 'path', hidden: true, required: true, schema: { type: 'string' } },
      ],
    },
  },
  triggers: {
    newContact: {
      label: 'New contact',
      description: 'Triggers when a contact is created (checks every few minutes).',
      type: 'polling',
      action: 'listContacts',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
    },
    newContactHook: {
      label: 'New contact (instant)',
      description: 'Triggers as soon as a contact is created, through a webhook subscription.',
      type: 'webhook',
      performList: 'subscribeHook',
      unsubscribe: 'unsubscribeHook',
      webhookKey: 'contact',
      pollingParams: {},
    },
  },
};
