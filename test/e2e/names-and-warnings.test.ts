/**
 * No litter, no odd names, in the browser through the real server: a starter or template link
 * that fails shows why and leaves no workflow behind; a long workflow name ends in an ellipsis
 * in the dashboard list and the editor's top bar; app names read as their authors wrote them;
 * 'Workflow must be ACTIVE' and 'Workflow status: PAUSED' are shown as warnings.
 * Screenshots: test/e2e/screenshots/names-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp as signUpAs, storeTestedWorkflow } from './workflow-fixtures.js';

const session = useE2ESession();

const LONG_NAME =
  'Send every new Demo CRM contact from the spring newsletter sign-up form to the sales team channel and the weekly report';

const call = (method: string, route: string, token: string | null, body?: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  apiCall<any>(session().baseUrl, method, route, token, body);
const signUp = () => signUpAs(session().baseUrl, 'names');

/** Runs in the page before its scripts: puts the session token where the app reads it. */
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

const workflowCount = async (token: string) =>
  ((await call('GET', '/api/workflows', token)).json.items as unknown[]).length;

/** Whether the element's text is cut (its content is wider than its box) and ends in an ellipsis. */
const isCutWithEllipsis = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    return el.scrollWidth > el.clientWidth && style?.textOverflow === 'ellipsis' && style?.whiteSpace === 'nowrap';
  });

describe('no litter, no odd names', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('a starter or template link that fails says why and leaves no workflow behind', async () => {
    const grant = await signUp();
    const before = await workflowCount(grant.token);

    const page = await openAs(grant.token, '/?app1=no-such-app');
    const notice = page.getByRole('alert').filter({ hasText: 'Nothing was created.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('no-such-app');
    await page.getByRole('link', { name: 'Go to my workflows' }).waitFor();
    await page.getByRole('button', { name: 'Start a blank workflow' }).waitFor();
    await saveScreenshot(page, 'names-starter-link-failed');
    expect(await workflowCount(grant.token)).toBe(before);

    await page.goto(`${session().baseUrl}/?template_id=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'This shared template no longer exists.' }).first().waitFor();
    await page.getByText('Nothing was created.').waitFor();
    expect(await workflowCount(grant.token)).toBe(before);

    // Choosing a blank workflow is what makes one.
    await page.getByRole('button', { name: 'Start a blank workflow' }).click();
    await page.getByLabel('Workflow name').waitFor();
    await expect.poll(() => workflowCount(grant.token)).toBe(before + 1);
    expect(session().pageErrors).toEqual([]);
  });

  it('cuts a long name with an ellipsis, keeps app names as written, shows warnings as warnings', async () => {
    const grant = await signUp();
    await storeTestedWorkflow(session().baseUrl, grant, LONG_NAME);

    const list = await openAs(grant.token, '/workflows');
    const row = list.getByTestId('workflow-row').filter({ hasText: 'Send every new Demo CRM contact' });
    await row.waitFor();
    expect(await isCutWithEllipsis(list, `[data-workflow-id="${grant.workflowId}"] td:first-child a`)).toBe(true);
    expect(await row.getByRole('link', { name: LONG_NAME }).getAttribute('title')).toBe(LONG_NAME);
    await saveScreenshot(list, 'names-dashboard-long-name');

    const page = await openAs(grant.token, `/?id=${grant.workflowId}`);
    const name = page.getByLabel('Workflow name');
    await name.waitFor();
    expect(await isCutWithEllipsis(page, '[aria-label="Workflow name"]')).toBe(true);
    // The fixture's action app is 'HTTP request' (lower-case r): shown as written.
    const card = page.locator('[data-testid="step-card"][aria-label$=" step Create new order"]');
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text as drawn, after any CSS re-casing.
    expect(await card.innerText()).toContain('HTTP request');

    // 'Workflow must be ACTIVE' (manual run while OFF) is a warning, not an info or an error.
    await page.getByRole('button', { name: 'Step menu of Catch Hook in Webhook' }).click();
    await page.getByTestId('manual-run').click();
    const mustBeActive = page.locator('[data-status]').filter({ hasText: 'Workflow must be ACTIVE' });
    await mustBeActive.waitFor();
    expect(await mustBeActive.getAttribute('data-status')).toBe('warning');
    await saveScreenshot(page, 'names-editor-warning');
    await page.keyboard.press('Escape');

    // ON, then OFF: 'Workflow status: PAUSED' is a warning too.
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await toggle.click();
    await page.getByText('Workflow status: ACTIVE').waitFor();
    await toggle.click();
    const paused = page.locator('[data-status]').filter({ hasText: 'Workflow status: PAUSED' });
    await paused.waitFor();
    expect(await paused.getAttribute('data-status')).toBe('warning');
    await saveScreenshot(page, 'names-editor-paused');
    expect(session().pageErrors).toEqual([]);
  });
});
