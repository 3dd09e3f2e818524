/**
 * The execution replay viewer in the browser (onboarding 2, 4, 8): a Webhook → Demo CRM
 * workflow runs through the real server; the user opens the execution, sees each step's status,
 * input and output, re-runs from the Demo CRM step and replays the run; Edit after the workflow
 * was deleted says 'Could not find editor link.'; the executions list filters by status.
 * Screenshots: test/e2e/screenshots/replay-*.png, executions-list.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { apiCall, type CrmGrant, hookToCrm, signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

const call = <T>(method: string, route: string, token: string | null, body?: unknown) =>
  apiCall<T>(session().baseUrl, method, route, token, body);
const signUp = () => signUpWithCrm(session().baseUrl, 'replay');
/** The hook's fields the Demo CRM step maps: the replay shows both in its input. */
const FIELDS = ['email', 'firstName'] as const;

async function waitForExecution(token: string, id: string): Promise<{ status: string }> {
  for (let i = 0; i < 200; i += 1) {
    const res = await call<{ status: string }>('GET', `/api/executions/${id}`, token);
    if (['succeeded', 'failed', 'filtered', 'cancelled', 'not_run'].includes(res.json.status)) return res.json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`execution ${id} did not finish`);
}

async function runHookWorkflow(grant: CrmGrant, name: string): Promise<{ workflowId: string; executionId: string }> {
  const document = hookToCrm(grant.credentialId, name, FIELDS);
  const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, { name, document });
  expect(created.status).toBe(201);
  const workflowId = created.json.id;
  const on = await call('PUT', `/api/workflows/${workflowId}/active`, grant.token, { active: true });
  expect(on.status).toBe(200);
  const started = performance.now();
  const hookUrl = await call<{ url: string }>('GET', `/api/workflows/${workflowId}/hook`, grant.token);
  const hook = await call<{ executionId?: string; executionIds?: string[] }>(
    'POST',
    new URL(hookUrl.json.url).pathname,
    null,
    {
      email: 'ada@example.com',
      firstName: 'Ada',
    },
  );
  expect(hook.status).toBe(200);
  const list = await call<{ items: { id: string }[] }>('GET', `/api/workflows/${workflowId}/executions`, grant.token);
  const executionId = list.json.items[0].id;
  const done = await waitForExecution(grant.token, executionId);
  console.log(`webhook → Demo CRM execution finished in ${Math.round(performance.now() - started)} ms`);
  expect(done.status).toBe('succeeded');
  return { workflowId, executionId };
}

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

const dialog = (page: Page) => page.getByTestId('step-run-dialog');

describe('execution replay viewer', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('shows a Webhook → Demo CRM run: steps, input and output; re-run from a step; replay', async () => {
    const grant = await signUp();
    const { executionId } = await runHookWorkflow(grant, 'New signups to CRM');
    const page = await openAs(grant.token, `/executions/${executionId}`);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('New signups to CRM');
    // US locale, 12-hour clock (onboarding 9).
    expect(await page.getByTestId('run-time').textContent()).toMatch(
      /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)$/,
    );
    expect(await page.getByTestId('execution-status').textContent()).toBe('Succeeded');
    const cards = page.getByTestId('replay-step');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'succeeded',
      'succeeded',
    ]);
    await saveScreenshot(page, 'replay-viewer');

    // The webhook trigger: Output data only.
    await page.getByRole('button', { name: 'Catch Hook Succeeded' }).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getByRole('tab').allTextContents()).toEqual(['Output data']);
    // The data reads as keys beside their values, not as JSON text.
    const hookData = dialog(page).getByRole('group', { name: 'Output data' });
    expect(await hookData.getByText('ada@example.com', { exact: true }).isVisible()).toBe(true);
    expect(await hookData.textContent()).not.toMatch(/["{}]/);
    await saveScreenshot(page, 'replay-trigger-output');
    await page.keyboard.press('Escape');

    // The Demo CRM action: Input data and Output data.
    await page.getByRole('button', { name: 'Create contact in Demo CRM Succeeded' }).click();
    expect(await dialog(page).getByRole('tab').allTextContents()).toEqual(['Input data', 'Output data']);
    await expect.poll(() => dialog(page).getByRole('tabpanel').textContent()).toMatch(/id/);
    const output = await dialog(page).getByRole('tabpanel').textContent();
    expect(output).toContain('ada@example.com');
    await dialog(page).getByRole('tab', { name: 'Input data' }).click();
    const input = await dialog(page).getByRole('tabpanel').textContent();
    expect(input).toContain('ada@example.com');
    expect(input).toContain('Ada');
    await saveScreenshot(page, 'replay-action-input');

    // Re-run from the Demo CRM step with the latest version: a new execution, opened at once.
    await dialog(page).getByLabel('Latest version').check();
    await dialog(page).getByRole('button', { name: 'Re-run from here' }).click();
    await expect.poll(() => page.getByText('Workflow replay succeeded').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.url()).not.toContain(executionId);
    await expect.poll(() => page.getByRole('link', { name: 'an earlier run' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('execution-status').textContent()).toBe('Succeeded');
    await saveScreenshot(page, 'replay-rerun');

    // Replay the whole run.
    const before = page.url();
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => page.getByText('Workflow replay succeeded').isVisible()).toBe(true);
    // The new run's page shows its Replay badge once its steps are drawn.
    await page.getByText('Replay', { exact: true }).first().waitFor();
    expect(session().pageErrors).toEqual([]);
  });

  it("opens this workflow's runs from the editor's top bar: key values, exact time, status filter, replay", async () => {
    const grant = await signUp();
    const { workflowId, executionId } = await runHookWorkflow(grant, 'Runs from the editor');
    const page = await openAs(grant.token, `/?id=${encodeURIComponent(workflowId)}`);
    await page.getByRole('button', { name: 'Runs' }).click();
    const runs = page.getByRole('dialog', { name: 'Runs' });
    const row = runs.getByTestId('execution-row');
    await row.first().waitFor();
    // The trigger data reads by its values, not as JSON.
    expect(await row.first().getByTestId('execution-summary').textContent()).toBe('ada@example.com · Ada');
    const time = row.first().getByRole('link');
    expect(await time.textContent()).toMatch(/ago$|^just now$/);
    expect(await time.getAttribute('title')).toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}$/);
    // A run that went well says how long it took; its trigger data reads on one line.
    expect(await row.first().getByRole('cell').last().textContent()).toMatch(/^Finished in [\d.]+ s$|under 0\.1 s$/);
    const summary = await row.first().getByTestId('execution-summary').boundingBox();
    expect(summary?.height).toBeLessThan(30);
    await saveScreenshot(page, 'editor-runs-dialog');
    expect(await seriousViolations(page), 'runs dialog').toEqual([]);
    await runs.getByLabel('Status').selectOption('failed');
    await runs.getByText('No executions yet.').waitFor();
    await runs.getByLabel('Status').selectOption('');
    await row.first().getByRole('link').click();
    await page.waitForURL(`**/executions/${executionId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Runs from the editor');
    await page.close();
  });

  it("says 'Could not find editor link.' when the workflow is gone, and lists runs with filters", async () => {
    const grant = await signUp();
    const { workflowId, executionId } = await runHookWorkflow(grant, 'Short-lived workflow');

    const list = await openAs(grant.token, '/workflows');
    const row = list.getByTestId('workflow-row').filter({ hasText: 'Short-lived workflow' });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('Succeeded');
    await row.getByRole('button', { name: 'Actions for Short-lived workflow' }).click();
    await list.getByRole('menuitem', { name: 'Runs' }).click();
    const runs = list.getByTestId('execution-row');
    await expect.poll(() => runs.count()).toBe(1);
    expect(await runs.first().getAttribute('data-status')).toBe('succeeded');
    await saveScreenshot(list, 'executions-list');
    await list.getByLabel('Status').selectOption('failed');
    await expect.poll(() => list.getByText('No executions yet.').isVisible()).toBe(true);
    await list.getByLabel('Status').selectOption('');
    await expect.poll(() => runs.count()).toBe(1);
    await runs.first().getByRole('link').click();
    await expect.poll(() => list.url()).toContain(`/executions/${executionId}`);

    expect((await call('DELETE', `/api/workflows/${workflowId}`, grant.token)).status).toBe(204);
    const page = await openAs(grant.token, `/executions/${executionId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByText('Could not find editor link.').isVisible()).toBe(true);
    await saveScreenshot(page, 'replay-no-editor-link');
  });

  it('shows a filtered run: the filter’s conditions and the action that did not run', async () => {
    const grant = await signUp();
    const document = hookToCrm(grant.credentialId, 'Big orders only', FIELDS);
    document.links[0] = {
      ...document.links[0],
      name: 'Filter: amount',
      groups: [[{ lhs: '${st-hook.amount}', conditionType: 'greaterThan', rhs: '10' }]],
    };
    const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, {
      name: document.name,
      document,
    });
    expect(created.status).toBe(201);
    expect((await call('PUT', `/api/workflows/${created.json.id}/active`, grant.token, { active: true })).status).toBe(
      200,
    );
    const hookUrl = await call<{ url: string }>('GET', `/api/workflows/${created.json.id}/hook`, grant.token);
    expect(
      (await call('POST', new URL(hookUrl.json.url).pathname, null, { email: 'small@example.com', amount: 5 })).status,
    ).toBe(200);
    const list = await call<{ items: { id: string }[] }>(
      'GET',
      `/api/workflows/${created.json.id}/executions`,
      grant.token,
    );
    const done = await waitForExecution(grant.token, list.json.items[0].id);
    expect(done.status).toBe('filtered');

    const page = await openAs(grant.token, `/executions/${list.json.items[0].id}`);
    await expect.poll(() => page.getByTestId('execution-status').textContent()).toBe('Filtered');
    const action = page.locator('[data-testid="replay-step"][data-step-id="st-crm"]');
    expect(await action.getAttribute('data-status')).not.toBe('succeeded');
    await page.getByRole('button', { name: 'Filter: amount' }).click();
    const rows = page.getByTestId('filter-dialog').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([
      'All of',
      // The reference reads as a pill with the step's name, never as raw \${…} text.
      'Catch Hook · amount',
      '(Number) Greater than',
      '10',
    ]);
    await saveScreenshot(page, 'replay-filter');
  });
});
