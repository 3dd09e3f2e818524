/**
 * Set-up shared by the browser tests that run a Webhook → Demo CRM workflow through the real
 * server (the dashboard, the replay viewer and their visual screens): one API call helper, a
 * user with a Demo CRM key, and the workflow document as a user builds it.
 */
import { randomUUID } from 'node:crypto';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { expect } from 'vitest';
import { TEST_PASSWORD } from './workflow-fixtures.js';

/** Sends one API request as `token` (or anonymously); answers the status and the parsed body. */
export async function apiCall<T>(
  baseUrl: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
}

/** A signed-up user with a Demo CRM account (an API key of their workspace). */
export interface CrmGrant {
  email: string;
  token: string;
  /** The workflow sign-up created. */
  workflowId: string;
  /** The Demo CRM account's credential. */
  credentialId: string;
}

/** Signs up `{prefix}-{uuid}@example.com` and connects the workspace's Demo CRM. */
export async function signUpWithCrm(baseUrl: string, prefix: string): Promise<CrmGrant> {
  const email = `${prefix}-${randomUUID()}@example.com`;
  const grant = await apiCall<{ token: string; workflowId: string }>(baseUrl, 'POST', '/api/auth/sign-up', null, {
    email,
    password: TEST_PASSWORD,
  });
  expect(grant.status).toBe(201);
  const key = await apiCall<{ credential: { id: string } }>(
    baseUrl,
    'POST',
    '/api/demo-crm/keys',
    grant.json.token,
    {},
  );
  expect(key.status).toBe(201);
  return { email, token: grant.json.token, workflowId: grant.json.workflowId, credentialId: key.json.credential.id };
}

/** Hook fields the Demo CRM step maps into 'Create contact'. */
export type CrmField = 'email' | 'firstName';

/**
 * Webhook (Catch Hook) → Demo CRM 'Create contact', both tested: the contact's `fields` come from
 * the hook's fields of the same name (default the e-mail only).
 */
export function hookToCrm(
  credentialId: string,
  name: string,
  fields: readonly CrmField[] = ['email'],
): WorkflowDocument {
  const sample: Record<string, string> = { email: 'sample@example.com' };
  if (fields.includes('firstName')) sample.firstName = 'Sample';
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name,
    active: false,
    steps: [
      {
        id: 'st-hook',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: 'Catch Hook',
          type: 'webhook',
          app: 'webhook',
          label: 'Webhook',
          icon: '/icons/webhook.svg',
          action: 'catchHook',
          triggerlabel: 'Catch Hook',
          testData: sample,
        }),
      },
      {
        id: 'st-crm',
        kind: 'action',
        position: { x: 0, y: 200 },
        data: createStepData({
          name: 'Create contact in Demo CRM',
          type: 'demo-crm',
          label: 'Demo CRM',
          icon: '/icons/demo-crm.svg',
          hasauth: true,
          credential: credentialId,
          authname: 'Demo CRM',
          action: 'createContact',
          actionlabel: 'Create contact',
          fields: fields.map((field) => ({ name: field, value: `\${st-hook.${field}}` })),
          testData: { id: 'c-sample', email: 'sample@example.com' },
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'st-hook', target: 'st-crm', name: '', groups: [], delaySeconds: 0 }],
  };
}
