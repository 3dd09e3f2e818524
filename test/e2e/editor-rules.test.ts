/**
 * Core's editor rules as a user meets them in the browser (editor-core 4.2, 4.6, 4.8, 5.1;
 * onboarding 4): a failed step test turns the step red, lists 'Test data error.' and blocks the
 * ON/OFF switch; emptying a required URL blocks the switch; a renamed step keeps its name while
 * its URL changes (an unrenamed one follows it); a workflow made from `app1`/`action1` is named
 * '{app} -> Workflow (Draft)'; a request edited after its test reads 'Test data is out of date' and
 * blocks the switch until retested. Screenshots: test/e2e/screenshots/rules-*.png.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowDocument } from '@junction/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import {
  eventually,
  type Grant,
  hookToRequest,
  putDocument,
  signUp,
  storeToken,
  switchSettled,
} from './workflow-fixtures.js';

let target: Server;
let targetUrl = '';

// A local API: /fail answers 500, anything else 200 with a small JSON body.
beforeAll(async () => {
  target = createServer((request, response) => {
    const failing = (request.url ?? '').startsWith('/fail');
    response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(failing ? { message: 'Internal error' } : { id: 'order-1', ok: true }));
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

/** Webhook (tested) → a tested GET Custom Request to `url`. */
function requestWorkflow(id: string, url: string): WorkflowDocument {
  return hookToRequest({
    id,
    name: 'Rules',
    hookSample: { amount: 42 },
    request: {
      name: 'Find a order',
      fields: [
        { name: 'requestType', title: 'Method', required: true, value: 'GET' },
        { name: 'url', title: 'URL', required: true, value: url },
      ],
      testData: { id: 'order-1', ok: true },
    },
  });
}

const panel = (page: Page) => page.getByTestId('step-panel');
const toggle = (page: Page) => page.getByRole('switch', { name: 'Workflow ON/OFF' });
const card = (page: Page, id: string) => page.locator(`[data-testid="step-card"][data-step-id="${id}"]`);
const badge = (page: Page, id: string) => card(page, id).locator('[data-health]');

/** Whether the issues popover lists `text` (it is opened and closed again). */
async function listsIssue(page: Page, text: string): Promise<boolean> {
  await page.getByRole('button', { name: /workflow issues?$|No issues to fix/ }).click();
  const list = page.getByRole('dialog', { name: 'Workflow Issues' });
  await list.waitFor();
  const texts = await list.locator('li').allTextContents();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  return texts.some((t) => t.includes(text));
}

async function openEditor(grant: Grant): Promise<Page> {
  const { baseUrl } = session();
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  // A loaded machine can take a while to serve the first page.
  const response = await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`, { timeout: 60_000 });
  expect(response?.status()).toBe(200);
  await card(page, 'st-call').waitFor();
  await switchSettled(page);
  return page;
}

/** Opens the action's panel at its set-up (the step has app and event). */
async function openAction(page: Page): Promise<void> {
  await card(page, 'st-call').click();
  await panel(page).getByLabel(/^URL/).waitFor();
}

async function closePanel(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Close panel' }).click();
  await panel(page).waitFor({ state: 'detached' });
}

describe('core editor rules in the browser (editor-core 4.2, 4.6, 4.8, 5.1)', {
  timeout: E2E_TEST_TIMEOUT_MS * 4,
}, () => {
  it("a failed step test turns the step red, lists 'Test data error.' and blocks the switch", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'rules');
    await putDocument(baseUrl, grant, requestWorkflow(grant.workflowId, `${targetUrl}/orders`));
    const page = await openEditor(grant);
    expect(await badge(page, 'st-call').getAttribute('data-health')).toBe('ok');
    expect(await toggle(page).isDisabled()).toBe(false);

    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/fail500`);
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page)
      .getByRole('button', { name: /^(Test action|Retest action)$/ })
      .click();
    await panel(page).getByRole('alert').waitFor();
    await saveScreenshot(page, 'rules-failed-test-panel');
    await closePanel(page);

    await eventually(async () => (await badge(page, 'st-call').getAttribute('data-health')) === 'error', 'a red badge');
    expect(await listsIssue(page, 'Test data error.')).toBe(true);
    expect(await toggle(page).isDisabled()).toBe(true);
    await saveScreenshot(page, 'rules-failed-test-canvas');

    // A good test again clears it all.
    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/orders`);
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page).getByRole('button', { name: 'Retest action' }).click();
    await panel(page)
      .getByRole('status')
      .filter({ hasText: /^The HTTP request was done/ })
      .waitFor();
    await closePanel(page);
    await eventually(async () => (await badge(page, 'st-call').getAttribute('data-health')) === 'ok', 'a green badge');
    expect(await toggle(page).isDisabled()).toBe(false);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('an emptied URL blocks the switch until it is filled again', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'rules');
    await putDocument(baseUrl, grant, requestWorkflow(grant.workflowId, `${targetUrl}/orders`));
    const page = await openEditor(grant);
    expect(await toggle(page).isDisabled()).toBe(false);
    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill('');
    await closePanel(page);
    await eventually(() => toggle(page).isDisabled(), 'the switch to be blocked');
    expect(await listsIssue(page, 'Missing field "url".')).toBe(true);
    // One issue is said in the singular (the tooltip the screenshot shows).
    expect(await page.getByRole('button', { name: /workflow issues?$/ }).getAttribute('aria-label')).toBe(
      '1 workflow issue',
    );
    await saveScreenshot(page, 'rules-empty-url');
    await page.close();
  });

  it('a request edited after its test turns the step orange as out of date and blocks the switch until retested', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'rules');
    await putDocument(baseUrl, grant, requestWorkflow(grant.workflowId, `${targetUrl}/orders`));
    const page = await openEditor(grant);

    // A good test records the sample for this request.
    await openAction(page);
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page)
      .getByRole('button', { name: /^(Test action|Retest action)$/ })
      .click();
    await panel(page)
      .getByRole('status')
      .filter({ hasText: /^The HTTP request was done/ })
      .waitFor();

    await closePanel(page);

    // Another URL: the sample no longer answers for the request (editor-core 4.2).
    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/orders/2`);
    await closePanel(page);
    // An out-of-date sample turns an action orange; a failed test turns it red (onboarding 4).
    await eventually(
      async () => (await badge(page, 'st-call').getAttribute('data-health')) === 'warning',
      'an orange badge',
    );
    expect(await toggle(page).isDisabled()).toBe(true);
    expect(await listsIssue(page, 'Test data is out of date: test this step again.')).toBe(true);
    await saveScreenshot(page, 'rules-stale-test');
    await page.keyboard.press('Escape');

    // Retesting the new request makes it current again.
    await openAction(page);
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page)
      .getByRole('button', { name: /^(Test action|Retest action)$/ })
      .click();
    await panel(page)
      .getByRole('status')
      .filter({ hasText: /^The HTTP request was done/ })
      .waitFor();
    await closePanel(page);
    await eventually(async () => (await badge(page, 'st-call').getAttribute('data-health')) === 'ok', 'a green badge');
    expect(await toggle(page).isDisabled()).toBe(false);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('a renamed step keeps its name while its URL changes; an unrenamed one follows the URL', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'rules');
    await putDocument(baseUrl, grant, requestWorkflow(grant.workflowId, `${targetUrl}/orders`));
    const page = await openEditor(grant);

    // Automatic: the name follows the URL's resource (editor-core 4.8).
    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/invoices`);
    await closePanel(page);
    await card(page, 'st-call').getByText('Find an invoice').waitFor();

    await page.getByRole('button', { name: 'Step menu of Find an invoice' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Step name').fill('Fetch the latest order');
    await page.getByRole('button', { name: 'Save' }).click();
    await card(page, 'st-call').getByText('Fetch the latest order').waitFor();

    await openAction(page);
    await panel(page).getByLabel(/^URL/).fill(`${targetUrl}/customers`);
    await closePanel(page);
    await card(page, 'st-call').getByText('Fetch the latest order').waitFor();
    expect(await card(page, 'st-call').textContent()).not.toContain('Find a customer');
    await saveScreenshot(page, 'rules-renamed-step');
    await page.close();
  });

  it("names a workflow made from app1/action1 '{app} -> Workflow (Draft)'", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'rules');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?app1=webhook&action1=catchHook`, { timeout: 60_000 });
    const name = page.getByLabel('Workflow name');
    await eventually(
      async () => (await name.inputValue().catch(() => '')) === 'Webhook -> Workflow (Draft)',
      'the draft name',
    );
    await page.getByText('Catch Hook in Webhook').first().waitFor();
    await saveScreenshot(page, 'rules-draft-name');
    await page.close();
  });
});
