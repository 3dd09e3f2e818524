/**
 * The workspace's runs page (/runs, docs/runs-at-scale.md) in the browser through the real
 * server: search by status, workflow and text; choose all matching and re-run them from the
 * failed step with the bulk job's progress on screen; cancel a chosen run that is not queued and
 * see why it could not be. Screenshots: test/e2e/screenshots/runs-search*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { runHookWorkflow } from './run-fixtures.js';
import { storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

describe('runs page', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('searches the runs and re-runs all matching from the failed step, with progress', async () => {
    const grant = await signUpWithCrm(session().baseUrl, 'runs');
    await runHookWorkflow(session().baseUrl, grant, 'CRM sync', grant.credentialId, ['Ada', 'Grace']);
    await runHookWorkflow(session().baseUrl, grant, 'Broken sync', 'no-such-account', ['Linus', 'Margaret', 'Alan']);

    const page = await openAs(grant.token, '/dashboard');
    await page.getByRole('link', { name: 'Search all runs' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/runs');
    const rows = page.getByTestId('run-row');
    await expect.poll(() => rows.count()).toBe(5);

    // Text in the trigger data.
    await page.getByLabel('Text in the trigger data').fill('Grace');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('CRM sync');

    // Status and workflow.
    await page.getByLabel('Text in the trigger data').fill('');
    await page.getByLabel('Status').selectOption('failed');
    await page.getByLabel('Workflow').selectOption({ label: 'Broken sync' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    await saveScreenshot(page, 'runs-search');

    // All matching, re-run on the latest version: the job's progress ends finished.
    await page.getByRole('checkbox', { name: 'All matching the search (up to 10,000)' }).check();
    await page.getByLabel('Re-run on').selectOption('latest');
    await page.getByRole('button', { name: 'Re-run all matching runs from the failed step' }).click();
    const progress = page.getByTestId('bulk-progress');
    await expect
      .poll(() => progress.textContent(), { timeout: 20_000 })
      .toContain('Re-run finished for 3 runs (3 started again, 0 could not be).');
    await saveScreenshot(page, 'runs-search-rerun-done');

    // The re-runs are new runs of the workflow, in the list once the job finished (they fail
    // again: the account is still missing).
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(6);

    // Cancel a chosen run that already ended: the job says why it could not be.
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByLabel('Workflow').selectOption('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel 1 run' }).click();
    await expect
      .poll(() => progress.textContent(), { timeout: 20_000 })
      .toContain('Cancel finished for 1 run (0 cancelled, 1 could not be).');
    // Why, in words: the run's state, not its status code.
    expect(await progress.textContent()).toContain('This run has already succeeded.');
    await saveScreenshot(page, 'runs-search-cancel-refused');
  });
});
