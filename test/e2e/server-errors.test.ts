/**
 * The editor's failures in the browser, as core's message table words them: a server that
 * cannot be reached while opening a workflow (the one sentence, with Try again) and a save
 * refused because someone else saved first (`workflow.revision_conflict`) — against the real
 * server.
 */
import { PROBLEM_MESSAGES, UNREACHABLE_TEXT } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, signUp, storeToken, switchSettled } from './workflow-fixtures.js';

const session = useE2ESession();

async function openEditor(grant: Grant) {
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
  await page.getByText('Click to Add Trigger').first().waitFor();
  await switchSettled(page);
  return page;
}

describe('server errors in the editor', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('says the one unreachable sentence with Try again when the server is down at opening, and opens once it is back', async () => {
    const grant = await signUp(session().baseUrl, 'down');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    // Every API call fails at the network level, as when the server is down.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE_TEXT });
    await alert.waitFor();
    await saveScreenshot(page, 'server-errors-unreachable');

    await page.unroute('**/api/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Click to Add Trigger').first().waitFor();
    await page.close();
  });

  it("says the conflict's sentence when someone else saved first, and saves no more", async () => {
    const grant = await signUp(session().baseUrl, 'conflict');
    const first = await openEditor(grant);
    const second = await openEditor(grant);

    const firstName = first.getByLabel('Workflow name');
    const saved = first.waitForResponse((r) => r.request().method() === 'PUT' && r.ok());
    await firstName.fill('Saved in the first tab');
    await firstName.press('Enter');
    await saved;

    let puts = 0;
    second.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/workflows\/[^/]+$/.test(request.url())) puts += 1;
    });
    const secondName = second.getByLabel('Workflow name');
    await secondName.fill('Saved in the second tab');
    await secondName.press('Enter');
    const text = PROBLEM_MESSAGES['workflow.revision_conflict'].text;
    await second.getByText(text, { exact: true }).waitFor();
    await saveScreenshot(second, 'server-errors-conflict');

    // Later edits are not sent: each would only be refused again.
    await secondName.fill('Still the second tab');
    await secondName.press('Enter');
    await second.keyboard.press('Control+s');
    await second.waitForTimeout(1000);
    expect(puts).toBe(1);
    await first.close();
    await second.close();
  });

  it('reports no uncaught page errors', () => {
    expect(session().pageErrors).toEqual([]);
  });
});
