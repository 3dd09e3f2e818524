/**
 * HubSpot CRM (API v3): OAuth 2.0, contacts, companies and deals; new records are polled with
 * the CRM search API sorted by creation date (HubSpot's webhooks are set per developer app,
 * not subscribed per account). https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/guide
 */
import type { ActionDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, number, text } from './fields-b.js';

const API = 'https://api.hubapi.com';

const CONTACT_PROPERTIES = ['email', 'firstname', 'lastname', 'phone', 'company', 'createdate'];
const DEAL_PROPERTIES = ['dealname', 'amount', 'pipeline', 'dealstage', 'closedate', 'createdate'];
const COMPANY_PROPERTIES = ['name', 'domain', 'city', 'industry', 'createdate'];

/** A hidden search of one object type, newest first (POST /crm/v3/objects/{type}/search). */
function newestFirst(objectType: string, properties: string[]): ActionDef {
  return {
    title: `Search ${objectType}, newest first`,
    hidden: true,
    method: 'post',
    url: `${API}/crm/v3/objects/${objectType}/search`,
    fields: [
      fixed('sorts', [{ propertyName: 'createdate', direction: 'DESCENDING' }], 'array'),
      fixed('properties', properties, 'array'),
      fixed('limit', 100, 'integer'),
    ],
  };
}

/** Body rows putting each named input under `properties` (empty inputs are left out). */
const propertyRows = (names: string[]) =>
  names.map((name) => ({ key: `properties.${name}`, value: `\${inputData.${name}}` }));

const contactFields = (isEmailRequired: boolean) => [
  text('email', 'E-mail', "The contact's e-mail address (HubSpot's unique key for contacts).", {
    required: isEmailRequired,
  }),
  text('firstname', 'First name', "The contact's first name."),
  text('lastname', 'Last name', "The contact's last name."),
  text('phone', 'Phone', "The contact's phone number."),
  text('company', 'Company name', 'The company name as typed on the contact (not an association).'),
];

export const hubspotApp: BuiltinAppDefinition = {
  appSlug: 'hubspot',
  appName: 'HubSpot',
  category: 'CRM',
  source: 'first100',
  iconURL: iconUrl('hubspot'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/guide',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'listContactsPage',
    auth_url: 'https://app.hubspot.com/oauth/authorize',
    token_url: 'https://api.hubapi.com/oauth/v1/token',
    scopes:
      'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.deals.read crm.objects.deals.write',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
  },
  actions: {
    listContactsPage: {
      title: 'List contacts',
      description: 'The first contact; tests the connection.',
      hidden: true,
      method: 'get',
      url: `${API}/crm/v3/objects/contacts`,
      url_params: [{ key: 'limit', value: '1' }],
      fields: [],
    },
    searchNewContacts: newestFirst('contacts', CONTACT_PROPERTIES),
    searchNewDeals: newestFirst('deals', DEAL_PROPERTIES),
    searchNewCompanies: newestFirst('companies', COMPANY_PROPERTIES),
    listDealPipelines: {
      title: 'List deal pipelines',
      hidden: true,
      method: 'get',
      url: `${API}/crm/v3/pipelines/deals`,
      fields: [],
    },
    listDealStages: {
      title: 'List the stages of a deal pipeline',
      hidden: true,
      method: 'get',
      url: `${API}/crm/v3/pipelines/deals/{pipeline}/stages`,
      fields: [text('pipeline', 'Pipeline', 'The pipeline whose stages to list.', { required: true })],
    },
    createContact: {
      title: 'Create contact',
      description: 'Creates a contact.',
      method: 'post',
      url: `${API}/crm/v3/objects/contacts`,
      fields: contactFields(true),
      body: propertyRows(['email', 'firstname', 'lastname', 'phone', 'company']),
    },
    updateContact: {
      title: 'Update contact',
      description: 'Changes the given properties of a contact; empty fields stay as they are.',
      method: 'patch',
      url: `${API}/crm/v3/objects/contacts/{contactId}`,
      fields: [
        text('contactId', 'Contact ID', 'The record ID of the contact (hs_object_id).', { required: true }),
        ...contactFields(false),
      ],
      body: propertyRows(['email', 'firstname', 'lastname', 'phone', 'company']),
    },
    findContactByEmail: {
      title: 'Find contact by e-mail',
      description: 'Retrieves the contact with this e-mail address.',
      method: 'get',
      url: `${API}/crm/v3/objects/contacts/{email}`,
      url_params: [
        { key: 'idProperty', value: 'email' },
        { key: 'properties', value: CONTACT_PROPERTIES.join(',') },
      ],
      fields: [text('email', 'E-mail', 'The e-mail address of the contact.', { required: true })],
    },
    createCompany: {
      title: 'Create company',
      description: 'Creates a company.',
      method: 'post',
      url: `${API}/crm/v3/objects/companies`,
      fields: [
        text('name', 'Name', 'The company name.', { required: true }),
        text('domain', 'Domain', "The company's website domain, e.g. example.com."),
        text('city', 'City', 'The city of the company.'),
        text('industry', 'Industry', "HubSpot's industry value, e.g. COMPUTER_SOFTWARE."),
      ],
      body: propertyRows(['name', 'domain', 'city', 'industry']),
    },
    createDeal: {
      title: 'Create deal',
      description: 'Creates a deal in a pipeline stage.',
      method: 'post',
      url: `${API}/crm/v3/objects/deals`,
      fields: [
        text('dealname', 'Deal name', 'The name of the deal.', { required: true }),
        text('pipeline', 'Pipeline', 'The pipeline of the deal.', {
          required: true,
          dynamic: 'hubspot.Pipelines.listDealPipelines.results.id.label',
        }),
        text('dealstage', 'Stage', 'The stage of the deal in its pipeline.', {
          required: true,
          dynamic: 'hubspot.Stages.listDealStages.results.id.label',
          params: ['pipeline'],
        }),
        number('amount', 'Amount', 'The deal amount, in the account currency.'),
        text('closedate', 'Close date', 'The expected close date, ISO 8601 (2025-06-30 or 2025-06-30T12:00:00Z).'),
      ],
      body: propertyRows(['dealname', 'pipeline', 'dealstage', 'amount', 'closedate']),
    },
  },
  triggers: {
    newContact: {
      label: 'New contact',
      description: 'Triggers when a contact is created (checks every few minutes).',
      type: 'polling',
      action: 'searchNewContacts',
      pollingParams: { dedupe_key: 'id', data_head: 'results' },
    },
    newDeal: {
      label: 'New deal',
      description: 'Triggers when a deal is created (checks every few minutes).',
      type: 'polling',
      action: 'searchNewDeals',
      pollingParams: { dedupe_key: 'id', data_head: 'results' },
    },
    newCompany: {
      label: 'New company',
      description: 'Triggers when a company is created (checks every few minutes).',
      type: 'polling',
      action: 'searchNewCompanies',
      pollingParams: { dedupe_key: 'id', data_head: 'results' },
    },
  },
};
