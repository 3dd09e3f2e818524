/**
 * App definitions the workflow tests share (not part of the package's entries): the custom
 * HTTP request app and a small CRM with an action and a polling trigger.
 */
import type { AppDefinition } from '../apps/types.js';

/** The custom request app (editor-core 4.8): its one action needs a verb and a URL. */
export const TEST_HTTP_APP: AppDefinition = {
  appSlug: 'http',
  appName: 'HTTP request',
  authInfo: {},
  triggers: {},
  actions: {
    customRequest: {
      title: 'Custom Request',
      method: 'post',
      url: '',
      fields: [
        { name: 'requestType', required: true },
        { name: 'url', required: true },
      ],
    },
  },
};

/** A CRM needing an API key: 'Create contact' (email required) and the polling 'New contact'. */
export const TEST_CRM_APP: AppDefinition = {
  appSlug: 'crm',
  appName: 'CRM',
  iconURL: '/icons/crm.svg',
  authInfo: { apiType: 'apikey' },
  actions: {
    createContact: { title: 'Create contact', method: 'post', url: '', fields: [{ name: 'email', required: true }] },
  },
  triggers: {
    newContact: {
      label: 'New contact',
      type: 'polling',
      action: 'list',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
    },
  },
};
