import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

const NO_ACCESS =
  "No access to workflow. You either don't have permission to see this Workflow or the Workflow does not exist. Please try reloading the page or switching to a different account.";

/** Opens the editor on a workflow with the token already in local storage. */
async function openEditor(baseUrl: string, grant: Grant): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
  await page.getByText('Click to Add Trigger').waitFor();
  return page;
}

const cards = (page: Page) => page.getByTestId('step-card');

describe('the workflow editor in the browser (editor-core 2)', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('shows the two placeholder cards of a new workflow and its issues', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'editor');
    const page = await openEditor(baseUrl, grant);
    expect(await cards(page).count()).toBe(2);
    expect(await page.getByText('Click to Add Action').isVisible()).toBe(true);
    expect(await page.getByLabel('Workflow name').inputValue()).toBe('Untitled Workflow (Draft)');
    await saveScreenshot(page, 'editor-new-workflow');

    // The badge counts what core's findIssues finds; each placeholder lacks its app.
    const issuesButton = page.getByRole('button', { name: /^\d+ workflow issues$/ });
    const count = Number(await page.getByTestId('issues-count').textContent());
    expect(await issuesButton.getAttribute('aria-label')).toBe(`${count} workflow issues`);
    await issuesButton.click();
    await page.getByRole('heading', { name: 'Workflow Issues' }).waitFor();
    expect(await page.getByText('See issues, errors, and warnings on each step').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Missing app selection\./ }).count()).toBe(2);
    expect(await page.locator('[data-code]').count()).toBe(count);
    await saveScreenshot(page, 'editor-issues-popover');
    // Clicking an issue selects its step and closes the popover.
    await page
      .getByRole('button', { name: /Missing app selection\./ })
      .last()
      .click();
    await page.getByRole('heading', { name: 'Workflow Issues' }).waitFor({ state: 'hidden' });
    expect(await page.locator('.react-flow__node.selected').textContent()).toContain('Click to Add Action');
    await page.close();
  });

  it('renames the workflow with a toast, and a reload shows the saved name', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'editor');
    const page = await openEditor(baseUrl, grant);
    const name = page.getByLabel('Workflow name');
    await name.fill('Orders to CRM');
    await name.press('Enter');
    await page.getByText('Workflow name updated: Orders to CRM').waitFor();
    await page.getByRole('status', { name: 'All changes saved' }).waitFor();
    await saveScreenshot(page, 'editor-renamed');
    await page.reload();
    await page.getByText('Click to Add Trigger').waitFor();
    expect(await page.getByLabel('Workflow name').inputValue()).toBe('Orders to CRM');
    await page.close();
  });

  it('duplicates and deletes steps, and undo restores them', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'editor');
    const page = await openEditor(baseUrl, grant);
    await page.getByRole('button', { name: 'Step menu of Click to Add Action' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByRole('status').filter({ hasText: 'Duplicated: Click to Add Action' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(3);
    await saveScreenshot(page, 'editor-duplicated');

    // Delete through the menu, then the Delete key on a selected card.
    await page.getByRole('button', { name: 'Step menu of Click to Add Action' }).first().click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await cards(page).last().click();
    await page.keyboard.press('Delete');
    await expect.poll(() => cards(page).count()).toBe(1);

    // The undo list names the edits, most recent first.
    await page.getByRole('button', { name: 'Undo' }).hover();
    const undoList = page.getByRole('list', { name: 'Undo list' });
    await undoList.waitFor();
    expect(await undoList.getByRole('listitem').allTextContents()).toEqual([
      'delete step',
      'delete step',
      'duplicated step',
    ]);
    await saveScreenshot(page, 'editor-undo-list');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.close();
  });

  it('shows the no-access text for a workflow that does not exist', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'editor');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=no-such-workflow`);
    await page.getByText(NO_ACCESS).waitFor();
    await saveScreenshot(page, 'editor-no-access');
    await page.close();
  });

  it('reports no uncaught page errors', () => {
    expect(session().pageErrors).toEqual([]);
  });
});
