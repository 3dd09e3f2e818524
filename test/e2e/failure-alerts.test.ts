/**
 * Failure alerts in the browser through the real server (docs/failure-alerts.md): the Settings
 * page's card (workspace alerts on/off, the interval, saved at once and read back through the
 * API) and a workflow's dialog from its row menu on /workflows (its switch, and "Send a test
 * alert" saying where the mail went: this server has no SMTP_URL, so only to its log).
 * Screenshots: test/e2e/screenshots/alerts-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken, TEST_PASSWORD } from './workflow-fixtures.js';

const session = useE2ESession();

const call = <T>(method: string, route: string, token: string, body?: unknown) =>
  apiCall<T>(session().baseUrl, method, route, token, body);

async function openAs(token: string, path: string): Promise<Page> {
  const page = await session().newPage();
  await page.addInitScript(storeToken, token);
  await page.goto(`${session().baseUrl}${path}`);
  return page;
}

describe('failure alerts', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('turns the workspace alerts off and sets the interval on Settings', async () => {
    const grant = await signUp(session().baseUrl, 'alerts');
    const page = await openAs(grant.token, '/settings');
    const card = page.getByTestId('failure-alerts-card');
    const mails = card.getByRole('switch', { name: 'Mail the owners and admins when a workflow fails' });
    await expect.poll(() => mails.isChecked()).toBe(true);
    const interval = card.getByLabel('Least time between two mails about one failing workflow');
    expect(await interval.inputValue()).toBe('60');

    await interval.selectOption({ label: '4 hours' });
    await expect
      .poll(
        async () => (await call<{ intervalMinutes: number }>('GET', '/api/alerts', grant.token)).json.intervalMinutes,
      )
      .toBe(240);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'alerts-settings-card');

    await mails.click();
    await expect
      .poll(async () => (await call<{ enabled: boolean }>('GET', '/api/alerts', grant.token)).json.enabled)
      .toBe(false);
    expect(await interval.isDisabled()).toBe(true);
    await expect.poll(() => card.textContent()).toContain('Alert mails are off for the whole workspace');

    // Read back after a reload: the server kept both.
    await page.reload();
    await expect.poll(() => mails.isChecked()).toBe(false);
    expect(await interval.inputValue()).toBe('240');
    await saveScreenshot(page, 'alerts-settings-off');
  });

  it("switches a workflow's alerts and sends a test alert from its row menu", async () => {
    const grant = await signUp(session().baseUrl, 'alerts-wf');
    const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, { name: 'Order sync' });
    expect(created.status).toBe(201);
    const workflowId = created.json.id;
    const page = await openAs(grant.token, '/workflows');
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Order sync' });
    await row.getByRole('button', { name: 'Actions for Order sync' }).click();
    await page.getByRole('menuitem', { name: 'Failure alerts' }).click();

    const dialog = page.getByRole('dialog', { name: 'Failure alerts of Order sync' });
    const mails = dialog.getByRole('switch', { name: 'Mail when this workflow fails' });
    await expect.poll(() => mails.isChecked()).toBe(true);
    await mails.click();
    await expect
      .poll(
        async () =>
          (await call<{ enabled: boolean }>('GET', `/api/workflows/${workflowId}/alerts`, grant.token)).json.enabled,
      )
      .toBe(false);

    await dialog.getByRole('button', { name: 'Send a test alert' }).click();
    const result = dialog.getByTestId('test-alert-result');
    await expect.poll(() => result.textContent()).toContain("only written to the server's log, not sent");
    await saveScreenshot(page, 'alerts-workflow-dialog');
  });

  it('shows a viewer the alert switches and the test alert disabled, with the reason', async () => {
    const owner = await signUp(session().baseUrl, 'alerts-owner');
    const email = `viewer-${randomUUID()}@example.com`;
    const sent = await call<{ link: string }>('POST', '/api/invitations', owner.token, { email, role: 'viewer' });
    expect(sent.status).toBe(201);
    const invitationToken = decodeURIComponent(sent.json.link.split('/invite/')[1]);
    const joined = await apiCall<{ token: string }>(session().baseUrl, 'POST', '/api/auth/sign-up', null, {
      email,
      password: TEST_PASSWORD,
      invitationToken,
    });
    expect(joined.status).toBe(201);

    const page = await openAs(joined.json.token, '/settings');
    const mails = page
      .getByTestId('failure-alerts-card')
      .getByRole('switch', { name: 'Mail the owners and admins when a workflow fails' });
    await expect.poll(() => mails.isDisabled()).toBe(true);
    expect(await mails.getAttribute('aria-description')).toMatch(/change workspace settings/);

    await page.goto(`${session().baseUrl}/workflows`);
    const row = page.getByTestId('workflow-row').first();
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Failure alerts' }).click();
    const dialog = page.getByRole('dialog');
    const own = dialog.getByRole('switch', { name: 'Mail when this workflow fails' });
    await expect.poll(() => own.isDisabled()).toBe(true);
    expect(await own.getAttribute('aria-description')).toMatch(/edit workflows/);
    expect(await dialog.getByRole('button', { name: 'Send a test alert' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'alerts-viewer-dialog');
  });
});
