/**
 * The dashboard home's run pictures in the browser through the real server
 * (docs/runs-at-scale.md): runs per day by status as a chart with a hidden table, the 7/30-day
 * toggle, the failure rate, the workflows failing most with a link to their failed runs, and
 * the runs waiting in delays; in the light and the dark theme.
 * Screenshots: test/e2e/screenshots/dashboard-run-stats*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { runHookWorkflow } from './run-fixtures.js';
import { storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

async function openAs(token: string, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await session().newPage();
  await page.emulateMedia({ colorScheme });
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

describe('dashboard run pictures', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('shows runs per day, the failure rate and the workflows failing most', async () => {
    const grant = await signUpWithCrm(session().baseUrl, 'stats');
    await runHookWorkflow(session().baseUrl, grant, 'CRM sync', grant.credentialId, ['Ada', 'Grace', 'Linus']);
    const broken = await runHookWorkflow(session().baseUrl, grant, 'Broken sync', 'no-such-account', ['Ada']);

    const page = await openAs(grant.token, '/dashboard');
    const card = page.getByTestId('run-stats');
    await expect.poll(() => card.getByTestId('runs-total').textContent()).toBe('4');
    expect(await card.getByTestId('failure-rate').textContent()).toBe('25%');
    expect(await card.getByTestId('runs-waiting').textContent()).toBe('0');
    // The picture has a name, and its numbers are a table for screen readers.
    const chart = card.getByRole('img', { name: /Runs per day over the last 7 days: 4 in all, 1 failed/ });
    expect(await chart.count()).toBe(1);
    const table = card.getByRole('table', { name: 'Runs per day (UTC)' });
    expect(await table.getByRole('row').count()).toBe(1 + 7);
    const today = new Date().toISOString().slice(0, 10);
    expect(await card.locator(`[data-day="${today}"] rect`).count()).toBe(2);
    const failing = card.getByTestId('top-failing');
    expect(await failing.textContent()).toContain('Broken sync 1 failed run');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'dashboard-run-stats');

    // 30 days.
    await card.getByRole('button', { name: '30 days' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 30);
    expect(await card.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'dashboard-run-stats-30');

    // The link opens the workflow's runs, filtered to the failed ones.
    await failing.getByRole('link', { name: 'Broken sync' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/workflows');
    const dialog = page.getByRole('dialog', { name: 'Runs of Broken sync' });
    await expect.poll(() => dialog.getByTestId('execution-row').count()).toBe(1);
    expect(await dialog.getByTestId('execution-row').getAttribute('data-status')).toBe('failed');
    expect(new URL(page.url()).searchParams.get('runs')).toBe(broken);

    const dark = await openAs(grant.token, '/dashboard', 'dark');
    await expect.poll(() => dark.getByTestId('runs-total').textContent()).toBe('4');
    await dark.getByTestId('run-stats').scrollIntoViewIfNeeded();
    await saveScreenshot(dark, 'dashboard-run-stats-dark');
  });
});
