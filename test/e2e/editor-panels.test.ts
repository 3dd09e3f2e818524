/**
 * The step panels in the browser: a new user builds Webhook → Filter
 * (amount greater than 10) → HTTP request to a local test API through the UI alone, tests each
 * step, switches the workflow ON, and a request to the webhook URL runs it. Each panel is
 * screenshotted under test/e2e/screenshots/panel-*.png.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { eventually, type Grant, signUp, storeToken } from './workflow-fixtures.js';
import { seriousViolations } from './axe-support.js';

/** What the local test API received. */
const received: { method: string; url: string; body: unknown }[] = [];
let target: Server;
let targetUrl = '';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// The target starts before the browser session, so its host:port can be allowed.
beforeAll(async () => {
  target = createServer(async (request, response) => {
    const text = await readBody(request);
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // keep the text
    }
    received.push({ method: request.method ?? '', url: request.url ?? '', body });
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `order-${received.length}`, received: body }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const { port } = target.address() as AddressInfo;
  targetUrl = `http://127.0.0.1:${port}`;
  process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const session = useE2ESession();

async function api<T>(baseUrl: string, grant: Grant, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${grant.token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

interface StoredStep {
  id: string;
  kind: string;
  data: { name: string; type: string; testData: unknown };
}

async function storedSteps(baseUrl: string, grant: Grant): Promise<StoredStep[]> {
  const stored = await api<{ document: { steps: StoredStep[] } }>(baseUrl, grant, `/api/workflows/${grant.workflowId}`);
  return stored.document.steps;
}

const panel = (page: Page) => page.getByTestId('step-panel');
const accounts = (page: Page) => panel(page).getByRole('list', { name: 'Accounts' });

describe('the step panels in the browser (editor-core 2.5–2.11)', { timeout: E2E_TEST_TIMEOUT_MS * 6 }, () => {
  it('builds Webhook → Filter (amount > 10) → HTTP request through the UI, tests each step, switches it ON and runs it', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'panels');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).waitFor();

    // 1. The trigger: the empty '1. Trigger' card and its quick choices.
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByRole('heading', { name: '1. Trigger' }).waitFor();
    for (const choice of ['Schedule', 'Webhook', 'Forms by Junction']) {
      expect(await panel(page).getByRole('button', { name: choice, exact: true }).isVisible()).toBe(true);
    }
    await saveScreenshot(page, 'panel-trigger-empty');
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Webhook', exact: true }).click();
    await panel(page).getByRole('heading', { name: 'Catch Hook in Webhook' }).waitFor();
    await panel(page).getByRole('button', { name: 'Continue' }).click();

    // The Test step shows the webhook URL; Test Trigger listens until a request arrives.
    // A random key the server keeps, never the workflow id (GET /api/workflows/{id}/hook): the
    // field fills in once that answer arrives.
    const hookField = panel(page).getByLabel('Webhook URL');
    await expect.poll(() => hookField.inputValue()).toMatch(/\/hooks\/[A-Za-z0-9_-]{32}$/);
    const hookUrl = await hookField.inputValue();
    expect(hookUrl).not.toContain(grant.workflowId);
    await session().context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await panel(page).getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to clipboard').waitFor();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(hookUrl);
    // No wait for the autosave: 'listening' is said only once the trigger is saved, and a
    // request to the URL is then taken at once (never 404 'Webhook not found.').
    await panel(page).getByRole('button', { name: 'Test Trigger' }).click();
    await panel(page).getByText("We're listening for data").waitFor();
    await saveScreenshot(page, 'panel-trigger-listening');
    const sample = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 42, customer: 'Ada' }),
    });
    expect(sample.status, await sample.clone().text()).toBe(200);
    await panel(page).getByText('found!').waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'panel-trigger-found');
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).waitFor({ state: 'detached' });

    // 2. The action: App (tabs, search), Event (groups), set-up with Insert Data, Test.
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'Popular' }).waitFor();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .waitFor();
    await saveScreenshot(page, 'panel-action-app');
    await panel(page).getByLabel('Type to search for an App').fill('request');
    await panel(page)
      .getByRole('button', { name: /HTTP request/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /Custom Request/ })
      .waitFor();
    await saveScreenshot(page, 'panel-action-event');
    await panel(page)
      .getByRole('button', { name: /Custom Request/ })
      .click();

    await panel(page)
      .getByLabel(/^Method/)
      .selectOption('POST');
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/orders`);
    const body = panel(page).getByLabel(/^Body \(JSON\)/);
    await body.fill('{"amount": ');
    await panel(page).getByRole('button', { name: 'Insert Data...' }).last().click();
    // The picker opens beside its field (under it), never at the window's top-left corner.
    const picker = page.getByRole('dialog', { name: 'Insert data from earlier steps' });
    await picker.waitFor();
    await saveScreenshot(page, 'panel-insert-data-open');
    const [pickerBox, bodyBox] = await Promise.all([picker.boundingBox(), body.boundingBox()]);
    expect(pickerBox && bodyBox && Math.abs(pickerBox.x - bodyBox.x) < 40).toBe(true);
    expect(pickerBox && bodyBox && pickerBox.y > bodyBox.y).toBe(true);
    // The Insert Data picker lists the trigger's sample values as options; the choice is a pill.
    await page.getByRole('option', { name: /amount/ }).click();
    await body.press('End');
    await body.pressSequentially('}');
    await panel(page).getByText('Catch Hook in Webhook · amount').waitFor();
    expect(await body.textContent()).not.toContain('${');
    expect(await panel(page).getByText('Create new order').first().isVisible()).toBe(true);
    // The Method select is the theme's (its chevron), not the browser's bare control.
    const method = panel(page).getByLabel(/^Method/);
    await expect(method.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).appearance)).resolves.toBe(
      'none',
    );
    await saveScreenshot(page, 'panel-action-setup');
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Continue' }).click();

    await panel(page).getByRole('button', { name: 'Skip test' }).waitFor();
    await panel(page).getByRole('button', { name: 'Test action' }).click();
    await panel(page).getByRole('button', { name: 'Retest action' }).waitFor();
    await saveScreenshot(page, 'panel-action-tested');
    // On failure the panel shows the error heading and the error data: name both in the message.
    const outcome = await panel(page).getByRole('status').or(panel(page).getByRole('alert')).first().textContent();
    const shown = await panel(page).getByRole('tabpanel').textContent();
    expect(outcome, `the HTTP request step test showed: ${shown}`).toMatch(
      /^The HTTP request was done (just now|about \d+ seconds? ago): POST 127\.0\.0\.1:\d+\/orders$/,
    );
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/orders', body: { amount: 42 } });
    await saveScreenshot(page, 'panel-action-tested');
    await panel(page).getByRole('tab', { name: 'Raw Console' }).click();
    expect(await panel(page).getByRole('tabpanel').textContent()).toContain('"received"');
    await panel(page).getByRole('button', { name: 'Retest action' }).waitFor();
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).waitFor({ state: 'detached' });

    // 3. The filter on the link: amount greater than 10.
    // Autosave (800 ms after the last edit, 3 s at most while edits keep coming) stores it.
    await eventually(
      async () => (await storedSteps(baseUrl, grant)).some((s) => s.data.type === 'http'),
      'the HTTP request step to be saved',
    );
    const steps = await storedSteps(baseUrl, grant);
    const trigger = steps.find((s) => s.kind === 'trigger');
    expect(trigger?.data.testData).toEqual({ amount: 42, customer: 'Ada' });
    await page
      .getByRole('button', { name: /^Link menu/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    await page.getByLabel('Field of rule 1').fill(`\${${trigger?.id}.amount}`);
    await page.getByLabel('Condition of rule 1').selectOption('greaterThan');
    await page.getByLabel('Value of rule 1').fill('10');
    await page.getByRole('button', { name: 'Save filter' }).click();

    // 4. ON, then a request to the webhook runs the workflow; a small amount is filtered.
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    await eventually(async () => !(await toggle.isDisabled()), 'the ON/OFF switch to be enabled');
    await toggle.click();
    await page.getByText('Workflow status: ACTIVE').waitFor();
    await saveScreenshot(page, 'panel-workflow-on');

    const before = received.length;
    const run = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 99, customer: 'Grace' }),
    });
    expect(run.status, await run.clone().text()).toBe(200);
    const { executionId } = (await run.json()) as { executionId: string };
    await eventually(async () => {
      const execution = await api<{ status: string }>(baseUrl, grant, `/api/executions/${executionId}`);
      return execution.status === 'succeeded';
    }, 'the execution to succeed');
    expect(received.slice(before)).toEqual([{ method: 'POST', url: '/orders', body: { amount: 99 } }]);
    const filtered = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5 }),
    });
    const small = (await filtered.json()) as { executionId: string };
    await eventually(async () => {
      const execution = await api<{ status: string }>(baseUrl, grant, `/api/executions/${small.executionId}`);
      return execution.status === 'filtered' || execution.status === 'succeeded';
    }, 'the small order to finish');
    const smallRun = await api<{ status: string }>(baseUrl, grant, `/api/executions/${small.executionId}`);
    expect(smallRun.status).toBe('filtered');
    expect(received.length).toBe(before + 1);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('connects, renames and deletes accounts, loads a dynamic dropdown and offers a custom action', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'panels');
    const issued = await fetch(`${baseUrl}/api/demo-crm/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
      body: JSON.stringify({ name: 'Existing' }),
    });
    expect(issued.status, await issued.clone().text()).toBe(201);
    const { apiKey } = (await issued.json()) as { apiKey: string };
    const contact = await fetch(`${baseUrl}/demo-crm/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ email: 'ada@example.com', firstName: 'Ada' }),
    });
    expect(contact.status, await contact.clone().text()).toBeLessThan(300);

    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('crm');
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .click();

    // Event: CREATE / SEARCH / UPDATE groups and the custom action modal.
    for (const group of ['CREATE', 'SEARCH', 'UPDATE']) await panel(page).getByText(group, { exact: true }).waitFor();
    await panel(page).getByRole('button', { name: '+ Create custom action' }).click();
    await page.getByRole('heading', { name: "Let's add an event to Demo CRM!" }).waitFor();
    expect(await page.getByRole('button', { name: 'Do it with me' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: "I'll do it myself" }).isVisible()).toBe(true);
    await saveScreenshot(page, 'panel-custom-action');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: "Let's add an event to Demo CRM!" }).waitFor({ state: 'detached' });
    await panel(page)
      .getByRole('button', { name: /Update contact/ })
      .click();

    // Account: the most recent account is chosen automatically; a second one is added by form.
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Existing#1/ })
      .waitFor();
    expect(
      await accounts(page)
        .getByRole('button', { name: /^Demo CRM - Existing#1/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await panel(page).getByRole('button', { name: '+ Add new Demo CRM account' }).click();
    const form = page.getByRole('dialog', { name: 'Connect your Demo CRM account' });
    await form.getByLabel('Name').fill('Sales');
    await form.getByLabel('API key').fill(apiKey);
    await form.getByRole('button', { name: 'Save account' }).click();
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Sales#2/ })
      .waitFor();
    expect(
      await accounts(page)
        .getByRole('button', { name: /^Demo CRM - Sales#2/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await saveScreenshot(page, 'panel-account-picker');
    expect(await seriousViolations(page)).toEqual([]);

    // Rename: the name is required.
    await panel(page).getByRole('button', { name: 'More for Demo CRM - Sales#2' }).click();
    await page.getByRole('menuitem', { name: 'Edit connection name' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit connection name' });
    await rename.getByLabel('Name (required)').fill('');
    expect(await rename.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'panel-account-rename');
    await rename.getByLabel('Name (required)').fill('Sales team');
    await rename.getByRole('button', { name: 'OK' }).click();
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Sales team#2/ })
      .waitFor();

    // Delete takes two clicks: 'Really delete?' first.
    await panel(page).getByRole('button', { name: 'More for Demo CRM - Existing#1' }).click();
    await page.getByRole('menuitem', { name: 'Delete connection' }).click();
    await page.getByRole('menuitem', { name: 'Really delete?' }).waitFor();
    await saveScreenshot(page, 'panel-account-really-delete');
    await page.getByRole('menuitem', { name: 'Really delete?' }).click();
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Sales team#1/ })
      .waitFor();
    expect(
      await accounts(page)
        .getByRole('button', { name: /Existing/ })
        .count(),
    ).toBe(0);
    await panel(page).getByRole('button', { name: 'Continue' }).click();

    // Set-up: required marks, the dynamic dropdown (Demo CRM / Custom), Insert Data without data.
    await panel(page).getByText('(required)').first().waitFor();
    await panel(page).getByRole('tab', { name: 'Custom' }).waitFor();
    // One combobox: the search and the options open together under the field.
    await panel(page).getByRole('button', { name: 'Contact: nothing chosen' }).click();
    await page.getByRole('combobox', { name: 'Search Contact' }).waitFor();
    await page.getByRole('option', { name: 'ada@example.com' }).waitFor();
    await saveScreenshot(page, 'panel-field-dropdown-open');
    await page.getByRole('option', { name: 'ada@example.com' }).click();
    await panel(page).getByRole('button', { name: 'Contact: ada@example.com' }).waitFor();
    await saveScreenshot(page, 'panel-field-dropdown');
    await panel(page).getByRole('button', { name: 'Insert Data...' }).nth(1).click();
    await page.getByText('Error: No data to insert...').first().waitFor();
    await saveScreenshot(page, 'panel-insert-data-empty');
    await page.keyboard.press('Escape');
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('fetches samples of a polling trigger (found!, Choose another...), and shows the error box with Try again', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'panels');
    const issued = await fetch(`${baseUrl}/api/demo-crm/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
      body: JSON.stringify({ name: 'Main' }),
    });
    const { apiKey } = (await issued.json()) as { apiKey: string };
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const created = await fetch(`${baseUrl}/demo-crm/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ email }),
      });
      expect(created.status, await created.clone().text()).toBeLessThan(300);
    }

    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('crm');
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /^New contact/ })
      .filter({ hasNotText: 'instant' })
      .click();
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Main#1/ })
      .waitFor();
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).getByRole('button', { name: 'Test Trigger' }).click();
    await panel(page).getByText('found!').waitFor();
    await panel(page).getByRole('button', { name: 'Choose another...' }).click();
    const samples = panel(page).getByRole('list', { name: 'Samples' });
    expect(await samples.getByRole('button').count()).toBe(2);
    await saveScreenshot(page, 'panel-trigger-choices');
    await samples.getByRole('button').nth(1).click();
    const steps = await storedSteps(baseUrl, grant);
    await eventually(async () => {
      const trigger = (await storedSteps(baseUrl, grant)).find((s) => s.kind === 'trigger');
      return trigger?.data.testData !== null && trigger?.data.testData !== undefined;
    }, 'the chosen sample to be saved');
    expect(steps).toHaveLength(2);

    // A rejected key: the fetch fails and the error box offers Try again and Skip & continue.
    await panel(page)
      .getByRole('button', { name: /^\S+ Account/ })
      .click();
    // A key the Demo CRM does not know is refused on save with the CRM's own answer.
    await panel(page).getByRole('button', { name: '+ Add new Demo CRM account' }).click();
    const form = page.getByRole('dialog', { name: 'Connect your Demo CRM account' });
    await form.getByLabel('Name').fill('Broken');
    await form.getByLabel('API key').fill('not-a-key');
    await form.getByRole('button', { name: 'Save account' }).click();
    await form.getByText('Demo CRM answered 401: A valid API key is required in the X-Api-Key header.').waitFor();
    await saveScreenshot(page, 'panel-demo-crm-refused-on-save');
    expect(
      await accounts(page)
        .getByRole('button', { name: /^Demo CRM - Broken/ })
        .count(),
    ).toBe(0);
    // A key that worked when saved and was revoked since (Settings → API): 'Check connection'
    // says what the CRM answered.
    const second = await fetch(`${baseUrl}/demo-crm/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${grant.token}` },
    });
    const soonRevoked = (await second.json()) as { apiKey: string; key: { id: string } };
    await form.getByLabel('API key').fill(soonRevoked.apiKey);
    await form.getByRole('button', { name: 'Save account' }).click();
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Broken#2/ })
      .waitFor();
    const revoked = await fetch(`${baseUrl}/demo-crm/keys/${soonRevoked.key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${grant.token}` },
    });
    expect(revoked.status).toBe(204);
    await panel(page).getByRole('button', { name: 'Check connection' }).click();
    await panel(page)
      .getByText(/^Demo CRM answered 401: A valid API key is required/)
      .waitFor();
    await saveScreenshot(page, 'panel-account-check-refused');
    await panel(page)
      .getByRole('button', { name: /^\S+ Test/ })
      .click();
    await panel(page).getByRole('button', { name: 'Test again', exact: true }).click();
    await panel(page).getByText('Nothing found...').waitFor();
    // The error's name says what failed in words, not the HTTP reason phrase.
    const failure = panel(page).getByRole('alert').filter({ hasText: 'Nothing found...' });
    expect(await failure.locator('strong').textContent()).toBe('Fetching samples failed');
    expect(await failure.textContent()).not.toContain('Unprocessable');
    expect(await panel(page).getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await panel(page).getByRole('button', { name: 'Skip & continue' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'panel-trigger-error');

    // 'Update connection info' puts a working key into the same account: no second 'Broken'.
    await panel(page)
      .getByRole('button', { name: /^\S+ Account/ })
      .click();
    await accounts(page)
      .getByRole('button', { name: /^More for Demo CRM - Broken#2/ })
      .click();
    await page.getByRole('menuitem', { name: 'Update connection info' }).click();
    const update = page.getByRole('dialog', { name: 'Update your Demo CRM account' });
    await update.getByLabel('API key').fill(apiKey);
    await update.getByRole('button', { name: 'Save account' }).click();
    await update.waitFor({ state: 'hidden' });
    expect(
      await accounts(page)
        .getByRole('button', { name: /^Demo CRM - / })
        .count(),
    ).toBe(2);
    await panel(page).getByRole('button', { name: 'Check connection' }).click();
    await panel(page).getByText('The connection works: Demo CRM accepted this account.').waitFor();
    await saveScreenshot(page, 'panel-account-check-works');
    // The pointer leaves the button it clicked (axe reads the hover colours otherwise).
    await page.mouse.move(300, 700);
    expect(await seriousViolations(page)).toEqual([]);
    expect(session().pageErrors, session().pageErrors.join('\n')).toEqual([]);
    await page.close();
  });
});
