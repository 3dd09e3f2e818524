/**
 * What the browser tests set up through the API before they open a page: a signed-up user,
 * a stored workflow document, the token in the page's storage, and a bounded wait.
 */
import { randomUUID } from 'node:crypto';
import { createStepData, type StepData, type WorkflowDocument } from '@junction/core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The password every browser test signs up with. */
export const TEST_PASSWORD = 'Str0ng!Passw0rd#2024';

/** A signed-up user's bearer token and first workflow. */
export interface Grant {
  token: string;
  workflowId: string;
}

/** Signs up a new user `{prefix}-{uuid}@example.com` and returns their grant. */
export async function signUp(baseUrl: string, prefix: string): Promise<Grant> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${prefix}-${randomUUID()}@example.com`, password: TEST_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Grant;
}

/**
 * Puts the token where the web app reads it; runs in the page (`page.addInitScript(storeToken, token)`),
 * so it must not close over anything.
 */
export function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

/**
 * Waits until the editor's ON/OFF switch has its answer: core's activation rule is a chunk of its
 * own, and the switch says it is busy (`aria-busy`) until the rule has loaded.
 */
export async function switchSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('switch', { name: 'Workflow ON/OFF' }).getAttribute('aria-busy'))
    .toBe('false');
}

/** Polls `check` every 100 ms, `tries` times at most; fails naming `what` it waited for. */
export async function eventually(check: () => Promise<boolean>, what: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

/** Stores `document` as the grant's workflow (PUT), expecting 200. */
export async function putDocument(baseUrl: string, grant: Grant, document: WorkflowDocument): Promise<void> {
  const response = await fetch(`${baseUrl}/api/workflows/${grant.workflowId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
    body: JSON.stringify({ document }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** What differs between the Webhook → HTTP request documents the tests store. */
export interface HookToRequest {
  /** The workflow's id (the grant's). */
  id: string;
  name: string;
  /** The trigger's sample; omitted: untested. */
  hookSample?: Record<string, unknown>;
  /** The request step's data over a Custom Request's defaults (name, fields, testData …). */
  request: Partial<StepData>;
  /** Where the request card stands; the trigger stands at (220, 40). */
  requestPosition?: { x: number; y: number };
  /** Step ids; default `st-hook` and `st-call`. */
  ids?: { hook: string; call: string };
}

/** A Webhook 'Catch Hook' trigger linked to an HTTP 'Custom Request' action. */
export function hookToRequest(spec: HookToRequest): WorkflowDocument {
  const ids = spec.ids ?? { hook: 'st-hook', call: 'st-call' };
  return {
    schemaVersion: 1,
    id: spec.id,
    name: spec.name,
    active: false,
    steps: [
      {
        id: ids.hook,
        kind: 'trigger',
        position: { x: 220, y: 40 },
        data: createStepData({
          name: 'Catch Hook in Webhook',
          type: 'webhook',
          app: 'webhook',
          label: 'Webhook',
          icon: '/icons/webhook.svg',
          action: 'catchHook',
          actionlabel: 'Catch Hook',
          triggerlabel: 'Catch Hook',
          testData: spec.hookSample ?? null,
        }),
      },
      {
        id: ids.call,
        kind: 'action',
        position: spec.requestPosition ?? { x: 220, y: 240 },
        data: createStepData({
          type: 'http',
          label: 'HTTP request',
          icon: '/icons/http.svg',
          url: '/api/apps/http',
          action: 'customRequest',
          actionlabel: 'Custom Request',
          ...spec.request,
        }),
      },
    ],
    links: [
      { id: `${ids.hook}-${ids.call}`, source: ids.hook, target: ids.call, name: '', groups: [], delaySeconds: 0 },
    ],
  };
}

/** Stores a tested Webhook → HTTP request workflow: nothing blocks activation or sharing. */
export async function storeTestedWorkflow(baseUrl: string, grant: Grant, name: string): Promise<void> {
  await putDocument(
    baseUrl,
    grant,
    hookToRequest({
      id: grant.workflowId,
      name,
      ids: { hook: 'hook', call: 'call' },
      hookSample: { amount: 12, email: 'ann@example.com' },
      request: {
        name: 'Create new order',
        // Its required URL is set: activation checks required fields (editor-core 4.2).
        fields: [
          { name: 'requestType', value: 'POST' },
          { name: 'url', value: 'https://orders.example.com/api/orders' },
        ],
        testData: { status: 'ok' },
      },
    }),
  );
}
