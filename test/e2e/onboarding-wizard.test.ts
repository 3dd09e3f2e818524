/**
 * The custom-trigger wizard in the browser (onboarding 2, 4, 5, 9): a user with their own app
 * 'Billing' (API key auth) opens "+ Create custom trigger" → "I'll do it myself" (the premium
 * offer first on a free plan), designs the trigger 'New Invoice' against a local test API
 * (endpoint, a query input field, the test finds the first array), Finish writes listInvoice and
 * newInvoice into the app's definition and puts the trigger on the workflow; with an action and
 * the switch ON, a new invoice in the test API runs the workflow.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { seriousViolations } from './axe-support.js';

const API_KEY = 'billing-key-123';
let target: Server;
let targetUrl = '';
const invoices = [
  { id: 'inv-2', number: 'B-0002', total: 80, status: 'open' },
  { id: 'inv-1', number: 'B-0001', total: 20, status: 'open' },
];
const requests: { url: string; key: string | undefined }[] = [];

// The local test API starts before the session so its host:port can be allowed.
beforeAll(async () => {
  target = createServer((request, response) => {
    const key = request.headers['x-api-key'] as string | undefined;
    requests.push({ url: request.url ?? '', key });
    response.setHeader('content-type', 'application/json');
    if (key !== API_KEY) {
      response.writeHead(401);
      response.end(JSON.stringify({ error: 'bad key' }));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/ping') {
      response.end(JSON.stringify({ ok: true }));
      return;
    }
    const status = url.searchParams.get('status');
    const data = invoices.filter((i) => !status || i.status === status);
    response.end(JSON.stringify({ meta: { count: data.length }, data }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const { port } = target.address() as AddressInfo;
  targetUrl = `http://127.0.0.1:${port}`;
  process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${port}`;
  process.env.POLL_INTERVAL_MS = '1000';
});

afterAll(async () => {
  delete process.env.JUNCTION_ALLOWED_HOSTS;
  delete process.env.POLL_INTERVAL_MS;
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const session = useE2ESession();

const panel = (page: Page) => page.getByTestId('step-panel');
const wizard = (page: Page) => page.getByTestId('custom-trigger-wizard');

/** Waits (bounded) until `check` holds, polling every 250 ms. */
async function eventually(check: () => Promise<boolean>, what: string, tries = 120): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

describe('the custom-trigger wizard', { timeout: E2E_TEST_TIMEOUT_MS * 6 }, () => {
  it('creates New Invoice against a local test API, usable at once, and it fires', async () => {
    const { baseUrl } = session();
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `wizard-${randomUUID().slice(0, 8)}@example.com`, password: 'Wizard rules 2026' }),
    });
    expect(signUp.status).toBe(201);
    const grant = (await signUp.json()) as { token: string; workflowId: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
    };
    const slug = `billing-${randomUUID().slice(0, 6)}`;
    const app = await call('POST', '/api/apps', {
      appSlug: slug,
      appName: 'Billing',
      actions: { ping: { title: 'Ping', method: 'get', url: `${targetUrl}/ping`, hidden: true, fields: [] } },
      triggers: {},
      authInfo: {
        apiType: 'apikey',
        testAuth: 'ping',
        apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      },
    });
    expect(app.status, JSON.stringify(app.json)).toBe(201);
    const credential = await call('POST', '/api/credentials', {
      app: slug,
      name: 'Main',
      values: { api_key: API_KEY },
    });
    expect(credential.status, JSON.stringify(credential.json)).toBe(201);

    const page = await session().newPage();
    await page.addInitScript(
      (token) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'junction.token',
          token,
        ),
      grant.token,
    );
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);

    // The trigger panel: the app has no trigger yet; '+ Create custom trigger' → 'I'll do it myself'.
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('Billing');
    await panel(page)
      .getByRole('button', { name: /Billing/ })
      .click();
    await panel(page).getByRole('button', { name: '+ Create custom trigger' }).click();
    await page.getByRole('button', { name: "I'll do it myself" }).click();

    // 1. App and type.
    await wizard(page).getByText('Step 1 of 3: App and type').waitFor();
    // The app is preselected once the catalogue answers.
    await expect.poll(() => wizard(page).getByLabel('App').inputValue()).toBe(slug);
    await expect(
      wizard(page)
        .getByRole('radio', { name: /Updated/ })
        .isDisabled(),
    ).resolves.toBe(true);
    await expect(wizard(page).getByText('Coming Soon').isVisible()).resolves.toBe(true);
    const next = wizard(page).getByRole('button', { name: 'Next' });
    await expect(next.isDisabled()).resolves.toBe(true);
    await wizard(page).getByLabel('Noun').fill('invoice');
    await wizard(page).getByText('Creates the trigger “New Invoice” and the hidden action', { exact: false }).waitFor();
    // Words, not the generated keys (newInvoice, listInvoice).
    expect(await wizard(page).textContent()).not.toMatch(/newInvoice|listInvoice/);
    await saveScreenshot(page, 'onboarding-wizard-1-app');
    await next.click();
    // onboarding 4: a free, active workspace sees the premium offer on the wizard's Continue.
    await page.getByRole('button', { name: 'No thanks' }).click();

    // 2. Endpoint, account and the input-field design.
    await wizard(page).getByText('Step 2 of 3: Endpoint and form design').waitFor();
    await wizard(page).getByLabel('Endpoint URL').fill(`${targetUrl}/invoices`);
    await expect(wizard(page).getByLabel('Account').inputValue()).resolves.toBe(credential.json.id);
    await expect(next.isDisabled()).resolves.toBe(true);
    await wizard(page).getByRole('button', { name: '+ Add input field' }).click();
    await wizard(page).getByRole('cell', { name: 'new_new' }).waitFor();
    await wizard(page).getByRole('button', { name: 'Save', exact: true }).click();
    await wizard(page).getByText('Key is required.').waitFor();
    await wizard(page).getByText('Helper Text is required.').waitFor();
    await saveScreenshot(page, 'onboarding-wizard-2-field-errors');
    await wizard(page).getByLabel('Key').fill('status');
    await wizard(page).getByLabel('Label').fill('Status');
    await wizard(page).getByLabel('Helper Text').fill('Only invoices with this status.');
    await wizard(page).getByLabel('Location').selectOption('query');
    await wizard(page).getByRole('button', { name: 'Save', exact: true }).click();
    await wizard(page).getByRole('cell', { name: 'status', exact: true }).waitFor();
    await expect(wizard(page).getByRole('cell', { name: 'new_new' }).count()).resolves.toBe(0);
    await saveScreenshot(page, 'onboarding-wizard-2-endpoint');
    expect(await seriousViolations(page)).toEqual([]);
    await next.click();

    // 3. Test: the first array is found, its first item's keys are offered; then Finish.
    await wizard(page).getByText('Step 3 of 3: Test').waitFor();
    const finish = wizard(page).getByRole('button', { name: 'Finish' });
    await expect(finish.isDisabled()).resolves.toBe(true);
    await wizard(page).getByLabel('Status', { exact: true }).fill('open');
    await wizard(page).getByRole('button', { name: 'Test endpoint' }).click();
    await wizard(page).getByText('Found 2 items under “data”.').waitFor();
    const keys = await wizard(page).getByLabel('Which key identifies an item?').locator('option').allTextContents();
    expect(keys).toEqual(['id', 'number', 'total', 'status']);
    expect(requests.at(-1)).toEqual({ url: '/invoices?status=open', key: API_KEY });
    // The found items read as the editor's data view shows data: keys beside values, no JSON text.
    const found = wizard(page).getByRole('group', { name: 'Found items' });
    expect(await found.getByText('inv-2', { exact: true }).isVisible()).toBe(true);
    expect(await wizard(page).textContent()).not.toContain('"id":');
    await saveScreenshot(page, 'onboarding-wizard-3-test');
    await finish.click();
    await wizard(page).waitFor({ state: 'detached' });
    await page.getByText("The trigger 'New Invoice' was added to Billing.").waitFor();

    const definition = (await call('GET', `/api/apps/${slug}`)).json as {
      actions: Record<string, { hidden?: boolean; url: string; fields: { name: string; in: string }[] }>;
      triggers: Record<string, { label: string; type: string; action: string; pollingParams: unknown }>;
    };
    expect(definition.actions.listInvoice).toMatchObject({
      hidden: true,
      url: `${targetUrl}/invoices`,
      fields: [{ name: 'status', in: 'query' }],
    });
    expect(definition.triggers.newInvoice).toMatchObject({
      label: 'New Invoice',
      type: 'polling',
      action: 'listInvoice',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    });

    // Usable at once: the trigger step holds it; its test fetches the invoices.
    await page.getByTestId('step-card').filter({ hasText: 'New Invoice in Billing' }).click();
    await panel(page)
      .getByRole('button', { name: /^\S+ Test/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /Test Trigger|Test again/ })
      .first()
      .click();
    await panel(page).getByText('found!').waitFor();
    await saveScreenshot(page, 'onboarding-wizard-trigger-tested');
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).waitFor({ state: 'detached' });

    // An action (Formatter: upper-case the invoice number), then ON.
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('Formatter');
    await panel(page)
      .getByRole('button', { name: /Formatter/ })
      .click();
    // A free workspace is offered premium first (editor-core 6); 'No thanks' goes on with Formatter.
    await page.getByRole('dialog', { name: 'Unlock premium apps' }).getByRole('button', { name: 'No thanks' }).click();
    await panel(page).getByRole('button', { name: /^Text/ }).first().click();
    await panel(page)
      .getByLabel(/^Transform/)
      .selectOption('upper');
    await panel(page)
      .getByLabel(/^Input/)
      .fill('invoice');
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).getByRole('button', { name: 'Test action' }).click();
    await panel(page).getByRole('button', { name: 'Retest action' }).waitFor();
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).waitFor({ state: 'detached' });
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    await eventually(async () => !(await toggle.isDisabled()), 'the ON/OFF switch to be enabled');
    await toggle.click();
    await page.getByText('Workflow status: ACTIVE').waitFor();
    await saveScreenshot(page, 'onboarding-wizard-on');

    // A new invoice in the test API fires the trigger once.
    invoices.unshift({ id: 'inv-3', number: 'B-0003', total: 150, status: 'open' });
    const addedAt = performance.now();
    let executions: { status: string }[] = [];
    await eventually(async () => {
      executions = ((await call('GET', `/api/workflows/${grant.workflowId}/executions`)).json?.items ?? []) as {
        status: string;
      }[];
      return executions.some((e) => e.status === 'succeeded');
    }, 'the new invoice to run the workflow');
    console.log(`invoice added to execution succeeded: ${Math.round(performance.now() - addedAt)} ms`);
    expect(executions).toHaveLength(1);

    // Leaving the wizard after a test takes its hidden list action out of the app again.
    await page.evaluate(
      `window.dispatchEvent(new CustomEvent('junction:custom-trigger', { detail: { app: ${JSON.stringify(slug)}, offerSeen: true } }))`,
    );
    await wizard(page).getByLabel('Noun').fill('refund');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await wizard(page).getByLabel('Endpoint URL').fill(`${targetUrl}/refunds`);
    await wizard(page).getByRole('button', { name: '+ Add input field' }).click();
    await wizard(page).getByLabel('Key').fill('status');
    await wizard(page).getByLabel('Label').fill('Status');
    await wizard(page).getByLabel('Helper Text').fill('Only refunds with this status.');
    await wizard(page).getByRole('button', { name: 'Save', exact: true }).click();
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await wizard(page).getByRole('button', { name: 'Test endpoint' }).click();
    await wizard(page)
      .getByText(/^Found \d+ items?\b/)
      .waitFor();
    expect(((await call('GET', `/api/apps/${slug}`)).json.actions as Record<string, unknown>).listRefund).toBeTruthy();
    await wizard(page).getByRole('button', { name: 'Close wizard' }).click();
    await eventually(async () => {
      const after = (await call('GET', `/api/apps/${slug}`)).json as {
        actions: Record<string, unknown>;
        triggers: Record<string, unknown>;
      };
      return !after.actions.listRefund && Boolean(after.actions.listInvoice) && Boolean(after.triggers.newInvoice);
    }, 'listRefund to be taken out again');
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('adds a trigger to a built-in app (the Demo CRM): preselected, a taken noun said on step 1, its list endpoint and account, the event listed at once', async () => {
    const { baseUrl } = session();
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `crm-wizard-${randomUUID().slice(0, 8)}@example.com`,
        password: 'Wizard rules 2026',
      }),
    });
    const grant = (await signUp.json()) as { token: string; workflowId: string };
    const issued = await fetch(`${baseUrl}/api/demo-crm/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
      body: JSON.stringify({ name: 'Main' }),
    });
    const { apiKey, credential } = (await issued.json()) as { apiKey: string; credential: { id: string } };
    await fetch(`${baseUrl}/demo-crm/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ email: 'lin@example.com', firstName: 'Lin' }),
    });

    const page = await session().newPage();
    await page.addInitScript(
      (token) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'junction.token',
          token,
        ),
      grant.token,
    );
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('crm');
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .click();
    await panel(page).getByRole('button', { name: '+ Create custom trigger' }).click();
    await page.getByRole('dialog', { name: "Let's add an event to Demo CRM!" }).waitFor();
    await page.getByRole('button', { name: "I'll do it myself" }).click();

    // 1. The app it was opened from is chosen; no 'Register an app first'.
    await wizard(page).getByText('Step 1 of 3: App and type').waitFor();
    await expect(wizard(page).getByLabel('App').inputValue()).resolves.toBe('demo-crm');
    await expect(wizard(page).getByText('Register an app').count()).resolves.toBe(0);
    // A noun whose trigger the app already has is said here, not at Finish.
    await wizard(page).getByLabel('Noun').fill('Contact');
    await wizard(page).getByText("Demo CRM already has a trigger 'New contact'. Choose another noun.").waitFor();
    await expect(wizard(page).getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'onboarding-wizard-builtin-noun-taken');
    await wizard(page).getByLabel('Noun').fill('person');
    await saveScreenshot(page, 'onboarding-wizard-builtin-1-app');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    // The premium offer on the wizard's Continue.
    await page.getByRole('button', { name: 'No thanks' }).waitFor();
    await saveScreenshot(page, 'onboarding-wizard-builtin-premium');
    await page.getByRole('button', { name: 'No thanks' }).click();

    // 2. The endpoint starts at the app's JSON list of contacts (not its HTML page); the
    // connected account is chosen.
    await wizard(page).getByText('Step 2 of 3: Endpoint and form design').waitFor();
    await expect(wizard(page).getByLabel('Endpoint URL').inputValue()).resolves.toBe(`${baseUrl}/demo-crm/contacts`);
    await expect(wizard(page).getByLabel('Account').inputValue()).resolves.toBe(credential.id);
    await wizard(page).getByRole('button', { name: '+ Add input field' }).click();
    await wizard(page).getByLabel('Key').fill('email');
    await wizard(page).getByLabel('Label').fill('E-mail');
    await wizard(page).getByLabel('Helper Text').fill('Only the contact with this e-mail.');
    await wizard(page).getByRole('button', { name: 'Save', exact: true }).click();
    await saveScreenshot(page, 'onboarding-wizard-builtin-2-endpoint');
    await wizard(page).getByRole('button', { name: 'Next' }).click();

    // 3. The test runs with the account; Finish.
    await wizard(page).getByRole('button', { name: 'Test endpoint' }).click();
    await wizard(page).getByText('Found 1 item under “contacts”.').waitFor();
    await wizard(page).getByRole('button', { name: 'Finish' }).click();
    await wizard(page).waitFor({ state: 'detached' });
    await page.getByText("The trigger 'New Person' was added to Demo CRM.").waitFor();

    // The trigger panel opens again on the new event, listed without a reload.
    await panel(page).getByRole('heading', { name: 'New Person in Demo CRM' }).waitFor();
    await panel(page)
      .getByRole('button', { name: /^\S+ Event/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /^New Person/ })
      .waitFor();
    await saveScreenshot(page, 'onboarding-wizard-builtin-event-listed');
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
