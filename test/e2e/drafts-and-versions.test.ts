/**
 * Drafts and versions in the browser (DESIGN "A workflow's life", docs/drafts-and-versions.md):
 * a live Webhook → Demo CRM workflow is renamed in the editor (a draft: the published version
 * keeps answering webhooks), published with its impact shown, listed in Versions and restored
 * as the draft; the replay names and links the version a run ran.
 * Screenshots: test/e2e/screenshots/versions-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, hookToCrm, signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { storeToken, switchSettled } from './workflow-fixtures.js';

const session = useE2ESession();
const call = <T>(method: string, route: string, token: string | null, body?: unknown) =>
  apiCall<T>(session().baseUrl, method, route, token, body);

interface Run {
  status: string;
  version?: number;
  workflowName: string;
}

async function fireAndWait(token: string, workflowId: string): Promise<{ id: string; run: Run }> {
  const hook = await call<{ url: string }>('GET', `/api/workflows/${workflowId}/hook`, token);
  const fired = await call<{ executionId: string }>('POST', new URL(hook.json.url).pathname, null, {
    email: 'ada@example.com',
  });
  expect(fired.status).toBe(200);
  const id = fired.json.executionId;
  for (let i = 0; i < 200; i += 1) {
    const res = await call<Run>('GET', `/api/executions/${id}`, token);
    if (['succeeded', 'failed', 'filtered', 'cancelled'].includes(res.json.status)) return { id, run: res.json };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`execution ${id} did not finish`);
}

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`, { timeout: 60_000 });
  return page;
}

const state = (page: Page) => page.getByTestId('lifecycle-state').textContent();

describe('drafts and versions', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('edits a live workflow as a draft, publishes it with its impact shown, and restores version 1', async () => {
    const grant = await signUpWithCrm(session().baseUrl, 'versions');
    const document = hookToCrm(grant.credentialId, 'Signups to CRM');
    const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, {
      name: 'Signups to CRM',
      document,
    });
    const id = created.json.id;
    expect((await call('PUT', `/api/workflows/${id}/active`, grant.token, { active: true })).status).toBe(200);

    const page = await openAs(grant.token, `/?id=${encodeURIComponent(id)}`);
    await page.getByTestId('step-card').first().waitFor();
    await switchSettled(page);
    await expect.poll(() => state(page)).toBe('Live · v1');

    // The user renames the live workflow: it becomes a draft; the published version runs on.
    const name = page.getByLabel('Workflow name');
    await name.fill('Signups to CRM (new)');
    await name.press('Enter');
    await expect.poll(() => state(page)).toBe('Draft · unpublished changes');
    await saveScreenshot(page, 'versions-draft');
    const before = await fireAndWait(grant.token, id);
    expect(before.run).toMatchObject({ status: 'succeeded', version: 1, workflowName: 'Signups to CRM' });

    // Publish: the impact says what changes and that no run is in flight.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish changes' });
    await dialog.getByText('Workflow renamed from "Signups to CRM" to "Signups to CRM (new)"').waitFor();
    expect(await dialog.getByTestId('publish-in-flight').textContent()).toBe('No runs are in flight.');
    await dialog.getByLabel('Note (optional)').fill('New name for the report');
    await saveScreenshot(page, 'versions-publish-impact');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => state(page)).toBe('Live · v2');
    const after = await fireAndWait(grant.token, id);
    expect(after.run).toMatchObject({ status: 'succeeded', version: 2, workflowName: 'Signups to CRM (new)' });

    // The history: version 2 with its note, version 1 first; Restore makes version 1 the draft.
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    const versions = page.getByRole('dialog', { name: 'Versions', exact: true });
    await versions
      .getByTestId('version-2')
      .getByText(/New name for the report/)
      .waitFor();
    await versions.getByTestId('version-1').getByText('First version').waitFor();
    await saveScreenshot(page, 'versions-history');
    await versions.getByTestId('version-1').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => state(page)).toBe('Draft · unpublished changes');
    await expect.poll(() => name.inputValue()).toBe('Signups to CRM');
    await saveScreenshot(page, 'versions-restored');
    // Restoring changed nothing that runs.
    const still = await fireAndWait(grant.token, id);
    expect(still.run).toMatchObject({ version: 2, workflowName: 'Signups to CRM (new)' });

    // The replay of the first run names version 1 and opens it read-only on the canvas.
    const replay = await openAs(grant.token, `/executions/${before.id}`);
    const link = replay.getByTestId('run-version');
    await expect.poll(() => link.textContent()).toBe('version 1');
    await saveScreenshot(replay, 'versions-replay');
    await link.click();
    await replay.getByTestId('read-only-banner').waitFor();
    expect(await replay.getByTestId('read-only-banner').textContent()).toContain(
      'Version 1, as it was published (read-only).',
    );
    await saveScreenshot(replay, 'versions-open-read-only');
  });
});
