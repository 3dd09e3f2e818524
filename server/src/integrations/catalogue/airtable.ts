/**
 * Airtable: new record trigger; create, update, find, get and delete records.
 * Bases and tables are listed for the dropdowns. Auth: a personal access token (scopes
 * data.records:read, data.records:write, schema.bases:read) as a bearer token.
 * API: https://airtable.com/developers/web/api/introduction
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required } from './fields-a.js';

const API = 'https://api.airtable.com/v0';
const base = required('baseId', 'Base', 'The base, picked from those the token can reach.', {
  in: 'path',
  dynamic: 'airtable.Base.listBases.bases.id.name',
});
const table = required('tableId', 'Table', 'The table of the base.', {
  in: 'path',
  dynamic: 'airtable.Table.listTables.tables.id.name',
  params: ['baseId'],
});
const recordId = required(
  'recordId',
  'Record ID',
  'The id of the record (rec…), e.g. from the trigger or Find record.',
  {
    in: 'path',
  },
);
const fieldsJson = field(
  'object',
  'fields',
  'Fields',
  'Field values by field name, as JSON: {"Name": "Ada", "Status": "Done", "Tags": ["vip"]}.',
  { required: true },
);

/** The Airtable app. */
export const airtableApp: BuiltinAppDefinition = {
  appSlug: 'airtable',
  appName: 'Airtable',
  category: 'Databases',
  source: 'first100',
  iconURL: iconUrl('airtable'),
  completionStatus: 'Complete',
  apiDocs: 'https://airtable.com/developers/web/api/introduction',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'whoami',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'Personal access token',
        description:
          'Create one at airtable.com/create/tokens with data.records:read, data.records:write and schema.bases:read.',
      },
    ],
    requestConfig: { headers: [{ key: 'Authorization', value: 'Bearer ${auth.api_key}' }] },
  },
  actions: {
    whoami: {
      title: 'Test connection',
      description: 'Reads the token’s user.',
      hidden: true,
      method: 'get',
      url: `${API}/meta/whoami`,
      fields: [],
    },
    listBases: {
      title: 'List bases',
      description: 'Lists the bases the token can reach.',
      hidden: true,
      method: 'get',
      url: `${API}/meta/bases`,
      fields: [],
    },
    listTables: {
      title: 'List tables',
      description: 'Lists the tables of a base.',
      hidden: true,
      method: 'get',
      url: `${API}/meta/bases/{baseId}/tables`,
      fields: [base],
    },
    listNewRecords: {
      title: 'List new records',
      description: 'Lists the records created in the last 2 hours (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/{baseId}/{tableId}`,
      fields: [base, table],
      url_params: [
        { key: 'filterByFormula', value: "IS_AFTER(CREATED_TIME(), DATEADD(NOW(), -2, 'hours'))" },
        { key: 'pageSize', value: '100' },
      ],
    },
    createRecord: {
      title: 'Create record',
      description: 'Adds a record to a table.',
      method: 'post',
      url: `${API}/{baseId}/{tableId}`,
      fields: [base, table, fieldsJson, fixed('typecast', true, 'formData')],
    },
    updateRecord: {
      title: 'Update record',
      description: 'Changes the given fields of a record; other fields stay as they are.',
      method: 'patch',
      url: `${API}/{baseId}/{tableId}/{recordId}`,
      fields: [base, table, recordId, fieldsJson, fixed('typecast', true, 'formData')],
    },
    findRecords: {
      title: 'Find records',
      description: 'Finds records whose field equals a value.',
      method: 'get',
      url: `${API}/{baseId}/{tableId}`,
      fields: [
        base,
        table,
        field('string', 'searchField', 'Field', 'The name of the field to look in.', { in: 'path', required: true }),
        field('string', 'searchValue', 'Value', 'The value it must equal.', { in: 'path', required: true }),
      ],
      url_params: [
        { key: 'filterByFormula', value: "{${inputData.searchField}} = '${inputData.searchValue}'" },
        { key: 'maxRecords', value: '100' },
      ],
    },
    getRecord: {
      title: 'Get record',
      description: 'Reads one record.',
      method: 'get',
      url: `${API}/{baseId}/{tableId}/{recordId}`,
      fields: [base, table, recordId],
    },
    deleteRecord: {
      title: 'Delete record',
      description: 'Deletes a record.',
      method: 'delete',
      url: `${API}/{baseId}/{tableId}/{recordId}`,
      fields: [base, table, recordId],
    },
  },
  triggers: {
    newRecord: {
      label: 'New record',
      description: 'Triggers when a record is created in a table.',
      type: 'polling',
      action: 'listNewRecords',
      fields: [base, table],
      pollingParams: { dedupe_key: 'id', data_head: 'records' },
    },
  },
};
