/**
 * What first users tripped on in the editor, tried as a new user would: the palette's ACTIONS
 * offers the catalogue's messaging apps (editor-core 1); the filter takes a Filter Name that
 * labels its link and is kept by the server (editor-core 3); a dynamic dropdown that cannot load
 * (its account's key was revoked) says why like any field error, with Try again.
 * Screenshots: test/e2e/screenshots/editor-first-users-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { eventually, type Grant, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();
const panel = (page: Page) => page.getByTestId('step-panel');

async function openEditor(grant: Grant): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
  await page.getByTestId('step-card').first().waitFor();
  return page;
}

async function api(grant: Grant, method: string, path: string, body?: unknown) {
  const response = await fetch(`${session().baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${grant.token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any, text };
}

describe('the editor as a first user meets it', { timeout: E2E_TEST_TIMEOUT_MS * 6 }, () => {
  it("offers Slack, Telegram and Discord in the palette's ACTIONS, and adds one", async () => {
    const grant = await signUp(session().baseUrl, 'palette');
    const page = await openEditor(grant);
    await page.getByRole('tab', { name: 'ACTIONS' }).click();
    const actions = page.getByRole('tabpanel', { name: 'ACTIONS' });
    for (const name of ['Slack', 'Telegram', 'Discord'])
      await actions.getByRole('button', { name: new RegExp(name) }).waitFor();
    await saveScreenshot(page, 'editor-first-users-palette-messaging');
    await actions.getByRole('button', { name: /Slack/ }).click();
    await page.getByTestId('step-card').filter({ hasText: 'Slack' }).first().waitFor();
    expect(session().pageErrors).toEqual([]);
  });

  it('names a filter: the name labels the link and is still there after a reload', async () => {
    const grant = await signUp(session().baseUrl, 'filter-name');
    const page = await openEditor(grant);
    await page
      .getByRole('button', { name: /^Link menu/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    await page.getByRole('textbox', { name: 'Filter Name' }).fill('Only VIP customers');
    await page.getByLabel('Field of rule 1').fill('vip');
    await page.getByLabel('Condition of rule 1').selectOption('isTrue');
    await saveScreenshot(page, 'editor-first-users-filter-name');
    await page.getByRole('button', { name: 'Save filter' }).click();
    await page.getByTestId('link-label').filter({ hasText: 'Only VIP customers' }).waitFor();
    await eventually(async () => {
      const stored = await api(grant, 'GET', `/api/workflows/${grant.workflowId}`);
      return stored.json.document.links.some((l: { name: string }) => l.name === 'Only VIP customers');
    }, 'the Filter Name to be saved');
    await page.reload();
    await page.getByTestId('link-label').filter({ hasText: 'Only VIP customers' }).waitFor();
    await saveScreenshot(page, 'editor-first-users-filter-label');
    expect(session().pageErrors).toEqual([]);
  });

  it("shows a dropdown that cannot load as a field error with Try again (the account's key was revoked)", async () => {
    const grant = await signUp(session().baseUrl, 'dropdown');
    // A Demo CRM key and its connection, then the key revoked in the Demo CRM (its own API).
    const issued = await api(grant, 'POST', '/api/demo-crm/keys', { name: 'Sales' });
    expect(issued.status, issued.text).toBe(201);
    const keys = await api(grant, 'GET', '/demo-crm/keys');
    expect(keys.status, keys.text).toBe(200);
    for (const key of keys.json.keys as { id: string }[]) {
      expect((await api(grant, 'DELETE', `/demo-crm/keys/${key.id}`)).status).toBe(204);
    }

    const page = await openEditor(grant);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('crm');
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /Update contact/ })
      .click();
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).getByRole('button', { name: 'Contact: nothing chosen' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The list could not be loaded.' });
    await failure.waitFor();
    expect(await failure.textContent()).not.toMatch(/^Error:/);
    await failure.getByRole('button', { name: 'Try again' }).waitFor();
    await saveScreenshot(page, 'editor-first-users-dropdown-failed');
    await page.keyboard.press('Escape');
    // Closed, the field itself keeps the failure and its retry.
    const field = panel(page).getByRole('button', { name: 'Contact: nothing chosen' });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await panel(page).getByRole('alert').filter({ hasText: 'The list could not be loaded.' }).waitFor();
    await saveScreenshot(page, 'editor-first-users-dropdown-failed-closed');
    expect(session().pageErrors).toEqual([]);
  });
});
