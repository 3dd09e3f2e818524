/**
 * The developer portal in the browser: an author declares an app against a local test
 * API (API-key auth, a 'List orders' action, a 'Create order' action with a body template, a
 * 'New order' polling trigger with dedupe key `id`), tests the authentication, saves; the app is
 * then in the catalogue; in the editor New order → Create order is built, tested and switched ON, and
 * a new order at the test API produces exactly one execution.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const API_KEY = 'orders-secret-key';

let target: FastifyInstance;
let targetUrl = '';
/** The orders the 'New order' trigger polls; a test adds one by pushing here. */
const orders: { id: string; item: string }[] = [{ id: 'o-1', item: 'tea' }];
/** What 'Create order' received (a separate list, so a run never makes a new polled order). */
const created: { id: string; item: string }[] = [];
let previousAllowed: string | undefined;
/** Polling interval of the served app, so a new order is seen within seconds. */
const POLL_MS = 1000;

beforeAll(async () => {
  target = Fastify();
  target.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-api-key'] !== API_KEY) await reply.code(401).send({ error: 'A valid X-Api-Key is required.' });
  });
  target.get('/orders', async () => ({ orders: [...orders].reverse() }));
  target.post('/created-orders', async (req, reply) => {
    const order = { id: `c-${created.length + 1}`, item: String((req.body as { item?: unknown })?.item ?? '') };
    created.push(order);
    return reply.code(201).send(order);
  });
  targetUrl = await target.listen({ host: '127.0.0.1', port: 0 });
  // The app's steps and auth test reach this target through the SSRF guard's allowlist.
  previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
  process.env.JUNCTION_ALLOWED_HOSTS = new URL(targetUrl).host;
  process.env.POLL_INTERVAL_MS = String(POLL_MS);
});

// Registered after the target's beforeAll, so the server starts with the allowlist and the interval.
const session = useE2ESession();

afterAll(async () => {
  delete process.env.POLL_INTERVAL_MS;
  if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
  else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
  await target?.close();
});

async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Creates an action from the actions table: Settings, then the API Configuration tab. */
async function addAction(
  page: Page,
  input: { key: string; title: string; description: string; method: string; url: string },
): Promise<void> {
  await page.getByRole('link', { name: 'Actions', exact: true }).click();
  await page.getByRole('button', { name: '+Add Action' }).click();
  await page.getByLabel('Key *', { exact: true }).fill(input.key);
  await page.getByLabel('Title *').fill(input.title);
  await page.getByLabel('Description *').fill(input.description);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/actions\/?$/);
  await page.getByRole('link', { name: input.title }).first().click();
  await page.getByRole('link', { name: 'API Configuration' }).click();
  await page.getByLabel('Method').selectOption(input.method);
  await page.getByLabel('URL', { exact: true }).fill(input.url);
}

/** Waits (bounded) until `check` answers a value, polling every 250 ms. */
async function eventually<T>(check: () => Promise<T | null>, what: string, tries = 120): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const value = await check();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

const panel = (page: Page) => page.getByTestId('step-panel');

/** Builds New order → Create order in the editor with the declared app, tests both steps, switches it ON. */
async function buildWorkflowInEditor(page: Page, baseUrl: string, workflowId: string): Promise<void> {
  await page.goto(`${baseUrl}/?id=${encodeURIComponent(workflowId)}`);
  await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
  await panel(page).getByRole('heading', { name: '1. Trigger' }).waitFor();
  await panel(page).getByLabel('Type to search for an App').fill('Orders');
  await panel(page)
    .getByRole('button', { name: /Orders Test App/ })
    .click();
  await panel(page)
    .getByRole('button', { name: /New order/ })
    .click();
  await panel(page).getByRole('button', { name: '+ Add new Orders Test App account' }).click();
  const form = page.getByRole('dialog', { name: 'Connect your Orders Test App account' });
  await form.getByLabel('Name').fill('Shop');
  await form.getByLabel('API Key').fill(API_KEY);
  await form.getByRole('button', { name: 'Save account' }).click();
  await form.waitFor({ state: 'detached' });
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  // The trigger has no fields: its set-up step says so and moves on.
  await panel(page).getByText('This event has nothing to set up.').waitFor();
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  await panel(page).getByRole('button', { name: 'Test Trigger' }).click();
  await panel(page).getByText('found!').waitFor({ timeout: 15_000 });
  await saveScreenshot(page, 'portal-editor-trigger');
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  await panel(page).waitFor({ state: 'detached' });

  await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
  await panel(page).getByRole('tab', { name: 'ALL' }).click();
  await panel(page).getByLabel('Type to search for an App').fill('Orders');
  await panel(page)
    .getByRole('button', { name: /Orders Test App/ })
    .click();
  await panel(page)
    .getByRole('button', { name: /Create order/ })
    .click();
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  await panel(page).getByLabel(/^Item/).fill('coffee');
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  await panel(page).getByRole('button', { name: 'Test action' }).click();
  await panel(page).getByRole('button', { name: 'Retest action' }).waitFor({ timeout: 15_000 });
  await saveScreenshot(page, 'portal-editor-action');
  await panel(page).getByRole('button', { name: 'Continue' }).click();
  await panel(page).waitFor({ state: 'detached' });

  const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
  await eventually(async () => ((await toggle.isDisabled()) ? null : true), 'the ON/OFF switch to be enabled');
  await toggle.click();
  await page.getByText('Workflow status: ACTIVE').waitFor();
}

describe('the developer portal in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 6 }, () => {
  it('declares an app against a local API, tests its authentication; in the editor New order → Create order runs once per new order', async () => {
    const { baseUrl } = session();
    const { token, workflowId } = await signUp(baseUrl, 'author');
    const page = await session().newPage();
    await page.addInitScript(storeToken, token);

    // Create Integration (forms-dp 2.4).
    const response = await page.goto(`${baseUrl}/develop/new`);
    expect(response?.status()).toBe(200);
    await page.getByLabel('Integration Name *').fill('Orders Test App');
    await page.getByLabel('Integration Description *').fill('Orders of the local test shop.');
    await page.getByLabel('App Category *').fill('Commerce');
    await saveScreenshot(page, 'portal-create-integration');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${baseUrl}/develop/orders-test-app`);
    await page.getByRole('heading', { name: 'App Overview' }).waitFor();
    expect(await page.getByLabel('Publish Status *').inputValue()).toBe('Draft');

    // Actions: List orders (GET) and Create order (POST with an item field and a body template).
    await addAction(page, {
      key: 'listOrders',
      title: 'List orders',
      description: 'Lists the orders of the shop.',
      method: 'get',
      url: `${targetUrl}/orders`,
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Orders Test App integration saved!');

    await addAction(page, {
      key: 'createOrder',
      title: 'Create order',
      description: 'Creates an order in the shop.',
      method: 'post',
      url: `${targetUrl}/created-orders`,
    });
    await page.getByRole('tab', { name: 'Request Body' }).click();
    await page.getByRole('button', { name: 'Import JSON' }).click();
    await page.getByLabel('Paste JSON here').fill('{ not json');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/This is not valid JSON/).waitFor();
    await saveScreenshot(page, 'portal-import-json-error');
    await page.getByLabel('Paste JSON here').fill('{"item": "${inputData.item}"}');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByLabel('Body key 1').inputValue()).toBe('item');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Orders Test App integration saved!');
    await saveScreenshot(page, 'portal-api-configuration');

    await page.getByRole('link', { name: 'Form Design' }).click();
    await page.getByRole('button', { name: '+Add Field' }).click();
    await page.getByLabel('Name *').fill('item');
    await page.getByLabel('Title *').fill('Item');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Form Editor' }).waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Item', exact: true }).waitFor();

    // Custom code switches the form for a Python editor.
    await page.getByRole('link', { name: 'API Configuration' }).click();
    await page.getByRole('switch', { name: 'Use Custom Code' }).check();
    await page.getByTestId('code-editor').getByText('response = request(').waitFor();
    await saveScreenshot(page, 'portal-custom-code');
    await page.getByRole('switch', { name: 'Use Custom Code' }).uncheck();

    // Trigger: New order, polling, dedupe key id under 'orders'.
    await page.getByRole('link', { name: 'Triggers', exact: true }).click();
    await page.getByRole('button', { name: '+Add Trigger' }).click();
    await page.getByLabel('Key *', { exact: true }).fill('newOrder');
    await page.getByLabel('Label *').fill('New order');
    await page.getByLabel('Description *').fill('Triggers when an order is placed.');
    await page.getByLabel('Action that lists the items *').selectOption('listOrders');
    await page.getByLabel('Unique ID Key *').fill('id');
    await page.getByLabel('Array Name *').fill('orders');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/triggers$/);
    await page.getByRole('table').getByText('Polling').waitFor();
    await saveScreenshot(page, 'portal-triggers');

    // Authentication: API key in the X-Api-Key header, tested with List orders.
    await page.getByRole('link', { name: 'Authentication', exact: true }).click();
    await page.getByRole('radio', { name: /API Key/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/authentication\/edit$/);
    expect(await page.getByLabel('Value 1').inputValue()).toBe('${auth.api_key}');
    await page.getByLabel('Test action').selectOption('listOrders');
    await page.getByLabel('Test value: API Key').fill('wrong-key');
    await page.getByRole('button', { name: 'Test Authentication' }).click();
    await page.getByText('Request Failed', { exact: true }).waitFor();
    await page.getByLabel('Test value: API Key').fill(API_KEY);
    await page.getByRole('button', { name: 'Test Authentication' }).click();
    await page.getByText('Request Successful', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Last test succeeded' }).waitFor();
    await page.getByRole('tab', { name: 'HTTP' }).click();
    const log = await page.getByLabel('HTTP log').textContent();
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(API_KEY);
    await saveScreenshot(page, 'portal-auth-test');

    // The app is in the catalogue at once, as saved.
    const headers = { authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${baseUrl}/api/apps`, { headers })).json()) as { items: { appSlug: string }[] };
    expect(list.items.map((a) => a.appSlug)).toContain('orders-test-app');
    const app = (await (await fetch(`${baseUrl}/api/apps/orders-test-app`, { headers })).json()) as {
      actions: Record<string, { method: string; url: string; body?: unknown; fields: { name: string }[] }>;
      triggers: Record<string, { pollingParams: unknown; action: string }>;
      authInfo: { testResponseStatus?: boolean; testAuth?: string };
    };
    expect(app.actions.createOrder).toMatchObject({
      method: 'post',
      url: `${targetUrl}/created-orders`,
      body: [{ key: 'item', value: '${inputData.item}' }],
      fields: [{ name: 'item' }],
    });
    expect(app.triggers.newOrder).toMatchObject({
      action: 'listOrders',
      pollingParams: { dedupe_key: 'id', data_head: 'orders' },
    });
    expect(app.authInfo).toMatchObject({ testResponseStatus: true, testAuth: 'listOrders' });

    // The editor: New order → Create order, tested, switched ON (editor-core 2.8, 2.9, 4.2).
    try {
      await buildWorkflowInEditor(page, baseUrl, workflowId);
    } catch (error) {
      await saveScreenshot(page, 'portal-editor-failure');
      throw error;
    }
    await saveScreenshot(page, 'portal-editor-on');

    // A new order at the test API produces exactly one execution, which creates an order.
    const before = created.length;
    orders.push({ id: 'o-2', item: 'coffee' });
    const runs = await eventually(async () => {
      const list = (await (await fetch(`${baseUrl}/api/workflows/${workflowId}/executions`, { headers })).json()) as {
        items: { id: string; status: string }[];
      };
      return list.items.length > 0 && list.items.every((e) => e.status === 'succeeded') ? list.items : null;
    }, 'the execution of the new order');
    expect(runs).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    const again = (await (await fetch(`${baseUrl}/api/workflows/${workflowId}/executions`, { headers })).json()) as {
      items: unknown[];
    };
    expect(again.items).toHaveLength(1);
    expect(created.slice(before).map((o) => o.item)).toEqual(['coffee']);
    expect(session().pageErrors).toEqual([]);
  });
});
