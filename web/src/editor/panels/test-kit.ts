/**
 * Test helpers for the step panels: an editor store over a routed fake API, with a webhook
 * trigger step and an action step. Not shipped (only tests import it).
 */
import { type ApiClient, ApiError, type AppDefinition, createNewWorkflow, type WorkflowDocument } from '@junction/core';
import { vi } from 'vitest';
import { createEditorStore, type IEditorStore } from '../model/editor-store.js';

/** One recorded API call. */
export interface RecordedCall {
  method: string;
  path: string;
  init: { params?: { path?: Record<string, string>; query?: Record<string, unknown> }; body?: unknown } | undefined;
}

/** A route handler of the fake API: returns the answer or throws an ApiError. */
export type FakeRoute = (call: RecordedCall) => unknown;

/** A Problem-carrying error as the client throws it. */
export function apiError(status: number, detail?: string, more: { title?: string } = {}): ApiError {
  return new ApiError({
    type: 'about:blank',
    code: status === 501 ? 'server.not_implemented' : 'request.invalid',
    title: status === 501 ? 'Not Implemented' : 'Error',
    status,
    detail,
    ...more,
  });
}

/** The Webhook app as the server defines it (the parts the panels read). */
export const WEBHOOK_APP: AppDefinition = {
  appSlug: 'webhook',
  appName: 'Webhook',
  disableAuth: true,
  authInfo: {},
  actions: {},
  triggers: {
    catchHook: { label: 'Catch Hook', type: 'webhook', webhookKey: '0', pollingParams: {}, fields: [] },
  },
};

/** A CRM with an API key, a create and a search action and a polling trigger. */
export const CRM_APP: AppDefinition = {
  appSlug: 'demo-crm',
  appName: 'Demo CRM',
  authInfo: { apiType: 'apikey', apikeyFormFields: [{ key: 'apiKey', title: 'API key' }] },
  actions: {
    createContact: {
      title: 'Create contact',
      method: 'post',
      url: '{base}/contacts',
      fields: [
        { name: 'email', title: 'E-mail', required: true, schema: { type: 'string' } },
        { name: 'vip', title: 'VIP', schema: { type: 'boolean' } },
        { name: 'secret', hidden: true, value: 'x', schema: { type: 'string' } },
      ],
    },
    findContact: { title: 'Find contact', method: 'get', url: '{base}/contacts', fields: [] },
    listContacts: { title: 'List contacts', method: 'get', url: '{base}/contacts', hidden: true, fields: [] },
  },
  triggers: {
    newContact: {
      label: 'New contact',
      type: 'polling',
      action: 'listContacts',
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
  },
};

/** Creates an editor store loaded with a new workflow, over a fake API routed by `METHOD path`. */
export async function makeEditor(routes: Record<string, FakeRoute>): Promise<{
  editor: IEditorStore;
  calls: RecordedCall[];
  triggerId: string;
  actionId: string;
}> {
  let counter = 0;
  const env = { newId: () => `id-${++counter}`, now: () => 1_700_000_000_000 };
  const doc: WorkflowDocument = createNewWorkflow(env, { id: 'wf-1', name: 'Panels' });
  const calls: RecordedCall[] = [];
  const handler = (method: string) =>
    vi.fn(async (path: string, init?: RecordedCall['init']) => {
      const call = { method, path, init };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (route) return route(call);
      if (method === 'GET' && path === '/api/workflows/{id}') {
        return { id: doc.id, name: doc.name, active: false, revision: 1, document: doc };
      }
      throw apiError(501);
    });
  const api = {
    get: handler('GET'),
    post: handler('POST'),
    put: handler('PUT'),
    patch: handler('PATCH'),
    delete: handler('DELETE'),
    setToken: () => undefined,
    getToken: () => 'token',
  } as unknown as ApiClient;
  const editor = createEditorStore({ ...env, api, notifyError: () => undefined });
  await editor.load('wf-1');
  const triggerId = editor.wf.steps.find((s) => s.kind === 'trigger')!.id;
  const actionId = editor.wf.steps.find((s) => s.kind === 'action')!.id;
  return { editor, calls, triggerId, actionId };
}
