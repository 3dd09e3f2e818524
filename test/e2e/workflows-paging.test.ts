/**
 * The workflow list (/workflows) of a workspace with more workflows than a page, in the browser
 * through the real server: the first 50 (newest first) with "50 of N workflows", Load more brings
 * the rest, the search runs on the server (it finds a workflow not loaded yet), and the home's
 * tiles count every workflow. Screenshots: test/e2e/screenshots/workflows-paging-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { storeToken } from './workflow-fixtures.js';

const session = useE2ESession();
const MORE = 55;

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

describe('the workflow list a page at a time', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('shows 50, loads the rest, searches on the server and counts all on the home', async () => {
    const grant = await signUpWithCrm(session().baseUrl, 'paging');
    for (let i = 1; i <= MORE; i++) {
      const created = await apiCall(session().baseUrl, 'POST', '/api/workflows', grant.token, { name: `Bulk ${i}` });
      expect(created.status).toBe(201);
    }
    const listed = await apiCall<{ total: number }>(session().baseUrl, 'GET', '/api/workflows', grant.token);
    const total = listed.json.total;
    expect(total).toBeGreaterThan(MORE);

    const page = await openAs(grant.token, '/workflows');
    const rows = page.getByTestId('workflow-row');
    await expect.poll(() => rows.count()).toBe(50);
    // Newest first.
    expect(await rows.first().textContent()).toContain(`Bulk ${MORE}`);
    await page.getByText(`50 of ${total} workflows`).waitFor();
    await saveScreenshot(page, 'workflows-paging-first');

    await page.getByRole('button', { name: 'Load more workflows' }).click();
    await expect.poll(() => rows.count()).toBe(total);
    await page.getByText(`${total} workflows`, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more workflows' }).count()).toBe(0);
    await saveScreenshot(page, 'workflows-paging-all');

    // The search asks the server: the oldest "Bulk 1" is found from a fresh page too.
    const fresh = await openAs(grant.token, '/workflows');
    await expect.poll(() => fresh.getByTestId('workflow-row').count()).toBe(50);
    await fresh.getByLabel('Search workflows').fill('bulk 1');
    // Bulk 1 and Bulk 10–19.
    await expect.poll(() => fresh.getByTestId('workflow-row').count()).toBe(11);
    await fresh.getByText('11 workflows', { exact: true }).waitFor();
    await saveScreenshot(fresh, 'workflows-paging-search');

    // The home's links to a workflow's runs open them even when it is not on the first page.
    const oldest = await apiCall<{ items: { id: string; name: string }[] }>(
      session().baseUrl,
      'GET',
      '/api/workflows?q=bulk%201&limit=200',
      grant.token,
    );
    const bulk1 = oldest.json.items.find((w) => w.name === 'Bulk 1');
    expect(bulk1).toBeDefined();
    const linked = await openAs(grant.token, `/workflows?runs=${bulk1?.id}&status=failed`);
    await linked.getByRole('dialog', { name: 'Runs of the workflow' }).waitFor();

    const home = await openAs(grant.token, '/dashboard');
    // The Workflows tile counts all of them, not the page.
    const tile = home.locator('div', { has: home.getByText('Workflows', { exact: true }) }).last();
    await expect.poll(() => tile.locator('strong').textContent()).toBe(String(total));
    await saveScreenshot(home, 'workflows-paging-home');
  });
});
