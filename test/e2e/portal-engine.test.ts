/**
 * The developer portal says everything the engine understands, in the browser through the real
 * server: custom action code starts from working templates; OAuth 2.0 takes extra authorize
 * parameters, token request headers and body and a refresh URL; a dynamic dropdown's action is
 * chosen from the app's actions and its dependencies ticked; an action's Test tab sends it with
 * sample values and shows the request and the answer; an API-key app's Request URL proves an
 * account when no test action is named.
 * Screenshots: test/e2e/screenshots/portal-engine-*.png.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const API_KEY = 'engine-secret-key-1';
let target: FastifyInstance;
let targetUrl = '';
let previousAllowed: string | undefined;

beforeAll(async () => {
  target = Fastify();
  target.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-api-key'] !== API_KEY) await reply.code(401).send({ error: 'A valid X-Api-Key is required.' });
  });
  target.get('/orders', async () => ({ orders: [{ id: 'o-1', item: 'tea' }] }));
  target.post('/orders', async (req, reply) => reply.code(201).send({ id: 'o-2', received: req.body }));
  targetUrl = await target.listen({ host: '127.0.0.1', port: 0 });
  previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
  process.env.JUNCTION_ALLOWED_HOSTS = new URL(targetUrl).host;
});

// Registered after the target's beforeAll, so the server starts with the allowlist.
const session = useE2ESession();

afterAll(async () => {
  if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
  else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
  await target?.close();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${session().baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any, text };
}

async function signUp(): Promise<string> {
  const response = await fetch(`${session().baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `engine-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** Runs in the page before its scripts: puts the session token where the app reads it. */
function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

function ordersApp(slug: string) {
  return {
    appSlug: slug,
    appName: 'Orders Engine',
    category: 'Commerce',
    actions: {
      listOrders: { title: 'List orders', method: 'get', url: `${targetUrl}/orders`, fields: [] },
      createOrder: {
        title: 'Create order',
        method: 'post',
        url: `${targetUrl}/orders`,
        fields: [
          { name: 'customer', title: 'Customer', schema: { type: 'string' } },
          { name: 'item', title: 'Item', required: true, schema: { type: 'string' } },
        ],
        body: [{ key: 'item', value: '${inputData.item}' }],
      },
    },
    triggers: {},
    authInfo: {
      apiType: 'apikey',
      testAuth: 'listOrders',
      apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    },
  };
}

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

describe('the portal says what the engine understands', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('offers custom-code templates that define run(inputData, authData)', async () => {
    const token = await signUp();
    const slug = `engine-code-${Date.now()}`;
    expect((await call('POST', '/api/apps', token, ordersApp(slug))).status).toBe(201);
    const page = await openAs(token, `/develop/${slug}/actions/listOrders/api`);
    await page.getByRole('switch', { name: 'Use Custom Code' }).check();
    const code = page.getByTestId('code-editor');
    await code.getByText('def run(inputData, authData):').waitFor();
    await page.getByLabel('Template').selectOption({ label: 'Authenticated request' });
    await page.getByRole('button', { name: 'Use template' }).click();
    await code.getByText('authenticated_request(').waitFor();
    await code.getByText('def run(inputData, authData):').waitFor();
    await saveScreenshot(page, 'portal-engine-code-templates');
  });

  it('declares OAuth 2.0 extras, a dependent dropdown from the app’s actions, and tests an action', async () => {
    const token = await signUp();
    const slug = `engine-${Date.now()}`;
    expect((await call('POST', '/api/apps', token, ordersApp(slug))).status).toBe(201);

    // A dynamic dropdown: the action is picked from the app's actions, keys typed, the dependency ticked.
    const page = await openAs(token, `/develop/${slug}/actions/createOrder/input/1`);
    await page.getByLabel('Options come from').selectOption('listOrders');
    await page.getByLabel('Array name').fill('orders');
    await page.getByLabel('Value key').fill('id');
    await page.getByLabel('Label key').fill('item');
    await page.getByRole('checkbox', { name: 'customer' }).check();
    await saveScreenshot(page, 'portal-engine-dynamic-dropdown');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await call('GET', `/api/apps/${slug}`, token)).json.actions.createOrder.fields[1].schema)
      .toMatchObject({
        type: 'string',
        dynamic: `${slug}.List orders.listOrders.orders.id.item`,
        perform: 'listOrders',
        params: ['customer'],
      });

    // The Test tab: sample values, typed account values, the request as sent and the answer.
    await page.goto(`${session().baseUrl}/develop/${slug}/actions/createOrder/test`);
    await page.getByLabel('Sample value: Item').fill('coffee');
    await page.getByLabel('Account value: API Key').fill(API_KEY);
    await page.getByRole('button', { name: 'Send test request' }).click();
    await page.getByRole('status').filter({ hasText: 'Request Successful · HTTP 201' }).waitFor();
    const request = await page.getByRole('region', { name: 'Request sent' }).textContent();
    expect(request).toContain(`POST ${targetUrl}/orders`);
    expect(request).toContain('X-Api-Key: [redacted]');
    expect(request).not.toContain(API_KEY);
    expect(await page.getByRole('region', { name: 'Answer' }).textContent()).toContain('coffee');
    await saveScreenshot(page, 'portal-engine-action-test');

    // API key: the Request URL proves an account when no test action is named.
    await page.goto(`${session().baseUrl}/develop/${slug}/authentication/edit`);
    await page.getByLabel('Request URL').fill(`${targetUrl}/orders`);
    await page.getByLabel('Test action').selectOption('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await call('GET', `/api/apps/${slug}`, token)).json.authInfo.requestConfig?.url)
      .toBe(`${targetUrl}/orders`);
    await page.getByLabel('Test value: API Key').fill(API_KEY);
    await page.getByRole('button', { name: 'Test Authentication' }).click();
    await page.getByText('Request Successful', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'HTTP' }).click();
    expect(await page.getByLabel('HTTP log').textContent()).toContain(`${targetUrl}/orders`);
    await saveScreenshot(page, 'portal-engine-request-url');

    // OAuth 2.0: extra authorize parameters, token request headers and body, a refresh URL.
    const app = (await call('GET', `/api/apps/${slug}`, token)).json;
    const oauth = {
      ...app,
      authInfo: { apiType: 'oauth2', oauthFormFields: [], clientInfo: { client_id: 'cid' } },
    };
    expect((await call('PUT', `/api/apps/${slug}`, token, oauth)).status).toBe(200);
    await page.goto(`${session().baseUrl}/develop/${slug}/authentication/edit`);
    await page.getByLabel('Authorization URL').fill('https://auth.example.com/authorize');
    await page.getByLabel('Access Token URL').fill('https://auth.example.com/token');
    await page.getByLabel('Refresh Token URL').fill('https://auth.example.com/refresh');
    const extra = page.getByRole('group', { name: 'Extra authorize parameters' });
    await extra.getByRole('button', { name: 'Add parameter' }).click();
    await extra.getByLabel('Key 1').fill('prompt');
    await extra.getByLabel('Value 1').fill('consent');
    const headers = page.getByRole('group', { name: 'Token request headers' });
    await headers.getByRole('button', { name: 'Add header' }).click();
    await headers.getByLabel('Key 1').fill('X-Tenant');
    await headers.getByLabel('Value 1').fill('eu');
    const body = page.getByRole('group', { name: 'Token request body' });
    await body.getByRole('button', { name: 'Add body field' }).click();
    await body.getByLabel('Key 1').fill('audience');
    await body.getByLabel('Value 1').fill('https://api.example.com');
    await saveScreenshot(page, 'portal-engine-oauth');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await call('GET', `/api/apps/${slug}`, token)).json.authInfo)
      .toMatchObject({
        authRequestConfig: { params: [{ key: 'prompt', value: 'consent' }] },
        accessRequestConfig: {
          headers: [{ key: 'X-Tenant', value: 'eu' }],
          body: [{ key: 'audience', value: 'https://api.example.com' }],
        },
        refreshRequestConfig: { url: 'https://auth.example.com/refresh' },
      });
    expect(session().pageErrors).toEqual([]);
  });
});
