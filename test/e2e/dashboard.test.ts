/**
 * The dashboard behind the editor's Exit, in the browser through the real server:
 * the workflow list (apps, ON/OFF, last run, search, duplicate, two-step delete, export and
 * import JSON, create), connections (used by, rename, delete), settings (workspace name,
 * members, premium checkout through the embedded provider), profile (password change), the
 * support-ticket round trip and a ticket failure shown to the user; the editor's manual run.
 * Screenshots: test/e2e/screenshots/dashboard-*.png, checkout-page.png, manual-run-*.png.
 */
import { readFile } from 'node:fs/promises';
import { NOT_A_WORKFLOW_TEXT } from '@junction/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, hookToCrm, signUpWithCrm } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { storeToken, TEST_PASSWORD } from './workflow-fixtures.js';

const session = useE2ESession();

const call = <T>(method: string, route: string, token: string | null, body?: unknown) =>
  apiCall<T>(session().baseUrl, method, route, token, body);
const signUp = () => signUpWithCrm(session().baseUrl, 'dash');
const crmSync = (credentialId: string) => hookToCrm(credentialId, 'CRM sync');

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('dashboard pages', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('exits from the editor to the workflow list and manages workflows', async () => {
    const grant = await signUp();
    const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, {
      name: 'CRM sync',
      document: crmSync(grant.credentialId),
    });
    expect(created.status).toBe(201);

    // The editor's Exit carries the token in `c`; the dashboard takes it out of the address.
    const page = await openAs(grant.token, `/?id=${created.json.id}`);
    await page.getByRole('link', { name: 'Exit to dashboard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/workflows');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const rows = page.getByTestId('workflow-row');
    await expect.poll(() => rows.count()).toBe(2);
    const sync = rows.filter({ hasText: 'CRM sync' });
    expect(await sync.getByRole('img', { name: 'Demo CRM' }).count()).toBe(1);
    expect(await sync.getByRole('switch').textContent()).toBe('OFF');
    expect(await sync.textContent()).toContain('Never run');
    await saveScreenshot(page, 'dashboard-workflows');

    // Search by name or app.
    await page.getByLabel('Search workflows').fill('demo crm');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Search workflows').fill('');

    // ON/OFF.
    await sync.getByRole('switch').click();
    await expect.poll(() => sync.getByRole('switch').textContent()).toBe('ON');
    const activation = await call<{ active: boolean }>('GET', `/api/workflows/${created.json.id}/active`, grant.token);
    expect(activation.json.active).toBe(true);

    // One row action menu per row (Open is also the name's link); every action is in it.
    await sync.getByRole('button', { name: 'Actions for CRM sync' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'Open',
      'Runs',
      'Failure alerts',
      'Duplicate',
      'Export',
      'Delete',
    ]);
    await saveScreenshot(page, 'dashboard-workflows-menu');

    // Duplicate, then a two-step delete of the copy (asked in a dialog).
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const copy = rows.filter({ hasText: 'Duplicated: CRM sync' });
    await expect.poll(() => copy.count()).toBe(1);
    await copy.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(await rows.count()).toBe(3);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm delete' }).click();
    await expect.poll(() => rows.count()).toBe(2);

    // Export as JSON, import it back.
    await sync.getByRole('button', { name: 'Actions for CRM sync' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crm-sync.json');
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported).toMatchObject({ junctionWorkflow: 1, name: 'CRM sync', document: { active: false } });
    await page.getByTestId('import-file').setInputFiles({
      name: 'crm-sync.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await expect.poll(() => rows.filter({ hasText: 'CRM sync' }).count()).toBe(2);
    await page.getByTestId('import-file').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"steps": 1}'),
    });
    await expect.poll(() => toast(page, NOT_A_WORKFLOW_TEXT).isVisible()).toBe(true);

    // Create opens the editor on the new workflow.
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/.+/);
    expect(session().pageErrors).toEqual([]);
  });

  it('runs a workflow manually from the trigger menu only when it is ON', async () => {
    const grant = await signUp();
    const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, {
      name: 'CRM sync',
      document: crmSync(grant.credentialId),
    });
    const page = await openAs(grant.token, `/?id=${created.json.id}`);
    // Health badges follow the issues list (a badge never shows red while the list is empty):
    // the tested webhook trigger and the tested Demo CRM action with its account are green.
    const health = (name: string) =>
      page.locator(`[data-testid="step-card"][aria-label$=" step ${name}"] [data-health]`);
    await expect.poll(() => health('Catch Hook').getAttribute('data-health')).toBe('ok');
    expect(await health('Create contact in Demo CRM').getAttribute('data-health')).toBe('ok');
    await page.getByRole('button', { name: 'Step menu of Catch Hook' }).click();
    await page.getByTestId('manual-run').click();
    await expect.poll(() => toast(page, 'Workflow must be ACTIVE').isVisible()).toBe(true);
    await saveScreenshot(page, 'manual-run-inactive');
    await page.keyboard.press('Escape');

    expect((await call('PUT', `/api/workflows/${created.json.id}/active`, grant.token, { active: true })).status).toBe(
      200,
    );
    await page.reload();
    // Switched ON, it stays green.
    await expect.poll(() => health('Catch Hook').getAttribute('data-health')).toBe('ok');
    await page.getByRole('button', { name: 'Step menu of Catch Hook' }).click();
    const started = performance.now();
    await page.getByTestId('manual-run').click();
    await expect.poll(() => toast(page, 'Manual run complete').isVisible(), { timeout: 15_000 }).toBe(true);
    console.log(`manual run: 'Manual run complete' shown after ${Math.round(performance.now() - started)} ms`);
    await saveScreenshot(page, 'manual-run-complete');
    const runs = await call<{ items: { trigger: string; status: string }[] }>(
      'GET',
      `/api/workflows/${created.json.id}/executions`,
      grant.token,
    );
    expect(runs.json.items[0]).toMatchObject({ trigger: 'manual', status: 'succeeded' });

    // The dashboard's home counts the workflows and links the latest runs.
    await page.goto(`${session().baseUrl}/dashboard`);
    const latest = page.getByRole('region', { name: 'Latest runs' }).getByRole('link');
    await expect.poll(() => latest.count()).toBe(1);
    expect(await latest.textContent()).toMatch(/^CRM sync · .* · Succeeded$/);
    await saveScreenshot(page, 'dashboard-home');
    await latest.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/executions\//);
  });

  it('lists connections with the workflows using them; rename and two-step delete', async () => {
    const grant = await signUp();
    await call('POST', '/api/workflows', grant.token, { name: 'CRM sync', document: crmSync(grant.credentialId) });
    const page = await openAs(grant.token, '/connections');
    const row = page.getByTestId('connection-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('CRM sync');
    await expect.poll(() => row.textContent()).toContain('Demo CRM');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Demo CRM');
    await saveScreenshot(page, 'dashboard-connections');

    // Rename, Reconnect and Delete are the row's action menu.
    const menu = (item: string) =>
      row
        .getByRole('button', { name: /^Actions for / })
        .click()
        .then(() => page.getByRole('menuitem', { name: item }).click());
    await menu('Rename');
    await page.getByLabel('Account name').fill('Sales CRM');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.first().textContent()).toContain('Sales CRM');

    await menu('Reconnect');
    await expect.poll(() => toast(page, 'Sales CRM is connected.').isVisible()).toBe(true);

    await menu('Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm delete' }).click();
    await expect.poll(() => page.getByText('No connected accounts yet.', { exact: false }).isVisible()).toBe(true);
  });

  it('renames the workspace, lists members and upgrades through the embedded checkout', async () => {
    const grant = await signUp();
    const page = await openAs(grant.token, '/settings');
    await expect.poll(() => page.getByTestId('plan').textContent()).toBe('Free plan · active');
    await page.getByLabel('Workspace name').fill('Acme Ops');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Workspace renamed: Acme Ops').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: grant.email }).isVisible()).toBe(true);
    await saveScreenshot(page, 'dashboard-settings');

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    expect(await page.getByText('$6 for your first month').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Get offer' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\//);
    expect(await page.getByText('Workspace Acme Ops').isVisible()).toBe(true);
    await saveScreenshot(page, 'checkout-page');
    await page.getByRole('button', { name: 'Pay and upgrade' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings');
    await expect.poll(() => page.getByTestId('plan').textContent()).toBe('Premium plan · active');
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);
  });

  it('changes the password on the profile page with the live rules', async () => {
    const grant = await signUp();
    const page = await openAs(grant.token, '/profile');
    await page.getByLabel('Current password').fill('wrong-password-123');
    await page.getByLabel('New password').fill('aaa');
    await expect.poll(() => page.getByTestId('strength').getAttribute('data-label')).toBe('Weak');
    expect(await page.getByText('Password must be between 12 and 512 characters.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);
    await page.getByLabel('New password').fill('Another-good-one-77');
    expect(await page.getByTestId('strength').getAttribute('data-label')).toBe('Strong');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct.').isVisible()).toBe(true);
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => toast(page, 'Password changed.').isVisible()).toBe(true);
    await saveScreenshot(page, 'dashboard-profile');
    const relog = await call('POST', '/api/auth/log-in', null, { email: grant.email, password: 'Another-good-one-77' });
    expect(relog.status).toBe(200);
  });

  it('files a support ticket and lists it; a failure is shown to the user', async () => {
    const grant = await signUp();
    const page = await openAs(grant.token, '/support');
    const form = page.getByTestId('ticket-form');
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await form.getByLabel('App').fill('Demo CRM');
    await form.getByLabel('Event').fill('New invoice');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Message').fill('Trigger when an invoice is created.');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expect.poll(() => page.getByText('A ticket was successfully created.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('ticket-row').count()).toBe(1);
    expect(await page.getByTestId('ticket-row').textContent()).toContain('Demo CRM - New invoice');
    await saveScreenshot(page, 'dashboard-support');
    await page.getByRole('button', { name: 'Close' }).click();

    // The server refuses (a session that ended): the user reads why.
    await call('POST', '/api/auth/log-out', grant.token);
    await form.getByLabel('Event').fill('Deal won');
    await form.getByLabel('Message').fill('Please.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The ticket could not be created');
    await saveScreenshot(page, 'dashboard-support-failure');
  });
});
