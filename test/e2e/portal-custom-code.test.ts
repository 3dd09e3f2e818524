/**
 * The portal's custom code as a first user meets it (forms-dp 2.10): the default template is the
 * action's own request (its URL, method and fields; the authenticated helper for an app with
 * accounts) and works as shipped; the Test tab lists each request the code sent with its status,
 * and says the code sent none only when it sent none.
 * Screenshots: test/e2e/screenshots/portal-custom-code-*.png.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const API_KEY = 'code-secret-key-1';
let target: FastifyInstance;
let targetUrl = '';
let previousAllowed: string | undefined;

beforeAll(async () => {
  target = Fastify();
  target.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-api-key'] !== API_KEY) await reply.code(401).send({ error: 'A valid X-Api-Key is required.' });
  });
  target.get('/orders', async () => ({ orders: [{ id: 'o-1', item: 'tea' }] }));
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

async function signUp(): Promise<string> {
  const response = await fetch(`${session().baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `code-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

async function createApp(token: string, slug: string): Promise<void> {
  const response = await fetch(`${session().baseUrl}/api/apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      appSlug: slug,
      appName: 'Orders Code',
      category: 'Commerce',
      actions: {
        listOrders: { title: 'List orders', method: 'get', url: `${targetUrl}/orders`, fields: [] },
        sketch: { title: 'Sketch', method: 'get', url: '', fields: [] },
        lookup: {
          title: 'Look up an order',
          method: 'get',
          url: `${targetUrl}/orders/\${inputData.item}`,
          fields: [{ name: 'item', title: 'Item', schema: { type: 'string' } }],
          url_params: [{ key: 'region', value: '${auth.region}' }],
        },
      },
      triggers: {},
      authInfo: {
        apiType: 'apikey',
        apikeyFormFields: [
          { key: 'api_key', title: 'API Key' },
          { key: 'region', title: 'Region' },
        ],
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      },
    }),
  });
  expect(response.status).toBe(201);
}

function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

/** Turns custom code on with the template as offered, saves, and sends the Test tab's request. */
async function testShippedCode(page: Page, slug: string, actionKey: string): Promise<void> {
  await page.goto(`${session().baseUrl}/develop/${slug}/actions/${actionKey}/api`);
  await page.getByRole('switch', { name: 'Use Custom Code' }).check();
  await page.getByTestId('code-editor').getByText('def run(inputData, authData):').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('integration saved!').first().waitFor();
  await page.goto(`${session().baseUrl}/develop/${slug}/actions/${actionKey}/test`);
  await page.getByLabel('Account value: API Key').fill(API_KEY);
  await page.getByLabel('Account value: Region').fill('eu');
  await page.getByRole('button', { name: 'Send test request' }).click();
}

describe('portal custom code as shipped', { timeout: E2E_TEST_TIMEOUT_MS * 10 }, () => {
  it("starts from the action's own request, works untouched, and the Test tab shows what the code sent", async () => {
    const token = await signUp();
    const slug = `code-${Date.now()}`;
    await createApp(token, slug);
    const page = await openAs(token, `/develop/${slug}/actions/listOrders/api`);

    // The offered code calls the action's URL with the app's authentication, not an example host.
    await page.getByRole('switch', { name: 'Use Custom Code' }).check();
    const code = page.getByTestId('code-editor');
    await code.getByText(`API_URL = '${targetUrl}/orders'`).waitFor();
    await code.getByText('authenticated_request(').waitFor();
    expect(await code.textContent()).not.toContain('example.com');
    await saveScreenshot(page, 'portal-custom-code-template');

    await testShippedCode(page, slug, 'listOrders');
    // The first run starts Python (Pyodide): seconds on a loaded machine.
    await page
      .getByRole('status')
      .filter({ hasText: /Request (Successful|Failed)/ })
      .waitFor({ timeout: 120_000 });
    expect(await page.getByRole('status').textContent()).toContain('Request Successful');
    const sent = page.getByRole('region', { name: 'Request sent' });
    const requests = sent.getByRole('list', { name: 'Requests the code sent' });
    await requests.waitFor();
    expect(await requests.getByRole('listitem').count()).toBe(1);
    const text = (await sent.textContent()) ?? '';
    expect(text).toContain(`GET ${targetUrl}/orders`);
    expect(text).toContain('X-Api-Key: [redacted]');
    expect(text).toContain('HTTP 200');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('No request was sent');
    expect(await page.getByRole('region', { name: 'Answer' }).textContent()).toContain('tea');
    await saveScreenshot(page, 'portal-custom-code-test-requests');

    // An action with no URL yet: the template still succeeds, and says the code sent nothing.
    await testShippedCode(page, slug, 'sketch');
    // The first run starts Python (Pyodide): seconds on a loaded machine.
    await page
      .getByRole('status')
      .filter({ hasText: /Request (Successful|Failed)/ })
      .waitFor({ timeout: 120_000 });
    expect(await page.getByRole('status').textContent()).toContain('Request Successful');
    expect(await sent.textContent()).toContain('The code sent no request.');
    expect(await page.getByRole('region', { name: 'Answer' }).textContent()).toContain('Set API_URL');
    await saveScreenshot(page, 'portal-custom-code-test-none');
    expect(session().pageErrors).toEqual([]);
  });

  it("shows the request's references as pills, as the editor does", async () => {
    const token = await signUp();
    const slug = `pills-${Date.now()}`;
    await createApp(token, slug);
    const page = await openAs(token, `/develop/${slug}/actions/lookup/api`);
    const url = page.getByRole('textbox', { name: 'URL' });
    await url.getByText('Input · Item').waitFor();
    expect(await url.textContent()).not.toContain('${');
    await page.getByRole('tab', { name: 'URL Params' }).click();
    const value = page.getByRole('textbox', { name: 'Value 1' });
    await value.getByText('Account · Region').waitFor();
    expect(await value.textContent()).not.toContain('${');
    // Step 2 shows the address with its placeholder as written, not percent-escaped.
    const sent = page.getByRole('region', { name: 'The request the test sends' });
    await expect.poll(() => sent.locator('code').first().textContent()).toMatch(/\/orders\/«Item»$/);
    await saveScreenshot(page, 'portal-request-pills');
    expect(session().pageErrors).toEqual([]);
  });
});
