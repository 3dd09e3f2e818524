/**
 * Salesforce (REST API v62.0): OAuth 2.0 web-server flow; every call goes to the org's
 * `instance_url`, which the token response names and the credential keeps. Leads, contacts,
 * accounts, opportunities, SOQL queries, and new records polled by CreatedDate (Salesforce
 * has no REST webhook subscription). https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/
 */
import type { ActionDef, FieldDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { number, text } from './fields-b.js';

const API = '${auth.instance_url}/services/data/v62.0';
const OBJECT_DROPDOWN = 'salesforce.Objects.listObjects.sobjects.name.label';

/** SOQL of the newest records of an object, newest first (at most 200 with FIELDS(STANDARD)). */
const newestSoql = (object: string) => `SELECT FIELDS(STANDARD) FROM ${object} ORDER BY CreatedDate DESC LIMIT 100`;

function create(object: string, title: string, fields: FieldDef[]): ActionDef {
  return {
    title,
    description: `Creates a ${object} record; Salesforce answers its id.`,
    method: 'post',
    url: `${API}/sobjects/${object}`,
    fields,
  };
}

const person = (isCompany: boolean): FieldDef[] => [
  text('FirstName', 'First name', 'The first name.'),
  text('LastName', 'Last name', 'The last name (required by Salesforce).', { required: true }),
  text('Email', 'E-mail', 'The e-mail address.'),
  text('Phone', 'Phone', 'The phone number.'),
  ...(isCompany
    ? [text('Company', 'Company', "The lead's company (required by Salesforce).", { required: true })]
    : [text('AccountId', 'Account ID', 'The account the contact belongs to (001…).')]),
];

export const salesforceApp: BuiltinAppDefinition = {
  appSlug: 'salesforce',
  appName: 'Salesforce',
  category: 'CRM',
  source: 'first100',
  iconURL: iconUrl('salesforce'),
  completionStatus: 'Complete',
  apiDocs: 'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'listObjects',
    auth_url: 'https://login.salesforce.com/services/oauth2/authorize',
    token_url: 'https://login.salesforce.com/services/oauth2/token',
    scopes: 'api refresh_token',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
  },
  actions: {
    listObjects: {
      title: 'List objects',
      description: "The org's objects (describeGlobal); tests the connection.",
      hidden: true,
      method: 'get',
      url: `${API}/sobjects`,
      fields: [],
    },
    listNewRecords: {
      title: 'List the newest records of an object',
      hidden: true,
      method: 'get',
      url: `${API}/query`,
      url_params: [{ key: 'q', value: newestSoql('${inputData.sobject}') }],
      // The object goes into the SOQL of `q` only, not as a query parameter of its own.
      fields: [
        text('sobject', 'Object', 'The object to watch, e.g. Lead or Opportunity.', {
          required: true,
          in: 'path',
          dynamic: OBJECT_DROPDOWN,
        }),
      ],
    },
    listNewLeads: {
      title: 'List the newest leads',
      hidden: true,
      method: 'get',
      url: `${API}/query`,
      url_params: [{ key: 'q', value: newestSoql('Lead') }],
      fields: [],
    },
    query: {
      title: 'Find records (SOQL)',
      description: 'Runs a SOQL query and answers the matching records.',
      method: 'get',
      url: `${API}/query`,
      fields: [
        text('q', 'SOQL query', "e.g. SELECT Id, Name FROM Account WHERE Name = 'Acme' LIMIT 10", { required: true }),
      ],
    },
    createLead: create('Lead', 'Create lead', [
      ...person(true),
      text('Status', 'Status', "The lead status, e.g. 'Open - Not Contacted'; the org default when empty."),
      text('LeadSource', 'Lead source', 'Where the lead came from, e.g. Web.'),
    ]),
    createContact: create('Contact', 'Create contact', person(false)),
    createAccount: create('Account', 'Create account', [
      text('Name', 'Account name', 'The name of the account.', { required: true }),
      text('Website', 'Website', "The account's website."),
      text('Phone', 'Phone', "The account's phone number."),
      text('Industry', 'Industry', 'The industry picklist value, e.g. Technology.'),
    ]),
    createOpportunity: create('Opportunity', 'Create opportunity', [
      text('Name', 'Opportunity name', 'The name of the opportunity.', { required: true }),
      text('StageName', 'Stage', 'The stage picklist value, e.g. Prospecting.', { required: true }),
      text('CloseDate', 'Close date', 'The expected close date, as YYYY-MM-DD.', { required: true }),
      number('Amount', 'Amount', 'The estimated amount.'),
      text('AccountId', 'Account ID', 'The account of the opportunity (001…).'),
    ]),
    updateContact: {
      title: 'Update contact',
      description: 'Changes the given fields of a contact; empty fields stay as they are.',
      method: 'patch',
      url: `${API}/sobjects/Contact/{id}`,
      fields: [
        text('id', 'Contact ID', 'The Id of the contact (003…).', { required: true, in: 'path' }),
        ...person(false).map((f) => ({ ...f, required: false })),
      ],
    },
  },
  triggers: {
    newRecord: {
      label: 'New record',
      description: 'Triggers when a record of the chosen object is created (checks every few minutes).',
      type: 'polling',
      action: 'listNewRecords',
      fields: [
        text('sobject', 'Object', 'The object to watch, e.g. Lead or Opportunity.', {
          required: true,
          dynamic: OBJECT_DROPDOWN,
        }),
      ],
      pollingParams: { dedupe_key: 'Id', data_head: 'records' },
    },
    newLead: {
      label: 'New lead',
      description: 'Triggers when a lead is created (checks every few minutes).',
      type: 'polling',
      action: 'listNewLeads',
      pollingParams: { dedupe_key: 'Id', data_head: 'records' },
    },
  },
};
