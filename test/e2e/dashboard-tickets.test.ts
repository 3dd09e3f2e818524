/**
 * The 'Do it with me' path of "Let's add an event to {app}!" (editor-core 2.8, onboarding 2, 4):
 * the support-ticket panel opens in the modal; submit is enabled when the event and the message
 * are filled; 'A ticket was successfully created.' and Close; the ticket is then listed on the
 * support page. Screenshots: test/e2e/screenshots/ticket-panel*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

/** Runs in the page (typed without the DOM library): keeps the session token where the app reads it. */
function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

const session = useE2ESession();

describe('support ticket from the editor', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it("files a ticket through 'Do it with me' and finds it on /support", async () => {
    const { baseUrl } = session();
    const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ticket-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    expect(res.status).toBe(201);
    const grant = (await res.json()) as { token: string; workflowId: string };

    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    const panel = page.getByTestId('step-panel');
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel.getByRole('tab', { name: 'ALL' }).click();
    await panel.getByLabel('Type to search for an App').fill('crm');
    await panel.getByRole('button', { name: /Demo CRM/ }).click();
    await panel.getByRole('button', { name: '+ Create custom action' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: "Let's add an event to Demo CRM!" }).waitFor();
    await dialog.getByRole('button', { name: 'Do it with me' }).click();

    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Event').fill('New invoice');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Message').fill('Start a workflow when an invoice is created.');
    expect(await submit.isDisabled()).toBe(false);
    await saveScreenshot(page, 'ticket-panel');
    await submit.click();
    await expect.poll(() => dialog.getByText('A ticket was successfully created.').isVisible()).toBe(true);
    await saveScreenshot(page, 'ticket-panel-created');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: "Let's add an event to Demo CRM!" }).count()).toBe(0);

    await page.goto(`${baseUrl}/support`);
    const row = page.getByTestId('ticket-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Demo CRM - New invoice');
    expect(await row.textContent()).toContain('Start a workflow when an invoice is created.');
    expect(session().pageErrors).toEqual([]);
  });
});
