/**
 * The Demo CRM's screens at /demo-crm, signed in, through the real server: add a contact and
 * see it listed; Settings → API creates a key (shown once) that connects the Demo CRM, lists
 * and revokes keys. Screenshots: test/e2e/screenshots/demo-crm-*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const session = useE2ESession();

/** Runs in the page (typed without the DOM library): keeps the session token where the app reads it. */
function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

describe('the Demo CRM screens', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('adds a contact, creates an API key that works, and revokes it', async () => {
    const { baseUrl } = session();
    const signedUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `crm-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    const { token } = (await signedUp.json()) as { token: string };
    const page = await session().newPage();
    await page.addInitScript(storeToken, token);
    const opened = await page.goto(`${baseUrl}/demo-crm`);
    expect(opened?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByText('No contacts yet.', { exact: false }).waitFor();

    await page.getByLabel('E-mail (required)').fill('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Company').fill('Analytical Engines and Difference Machines of London Ltd');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const table = page.getByRole('table', { name: 'Contacts' });
    await table.getByRole('cell', { name: 'ada@example.com' }).waitFor();
    expect(await table.getByRole('cell', { name: 'Ada Lovelace' }).count()).toBe(1);
    await saveScreenshot(page, 'demo-crm-contacts');

    await page.getByRole('link', { name: 'Settings → API' }).click();
    await page.getByRole('heading', { name: 'Settings → API', level: 1 }).waitFor();
    // The contacts page's toast stays there: it is not news of this page.
    expect(await page.getByText('Contact added', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByRole('status', { name: 'New API key' });
    const apiKey = (await shown.locator('code').textContent()) ?? '';
    expect(apiKey).toMatch(/^dcrm_/);
    const keys = page.getByRole('table', { name: 'API keys' });
    await expect.poll(() => keys.getByRole('row').count()).toBe(2);
    await saveScreenshot(page, 'demo-crm-api-keys');

    // The key connects the Demo CRM (checked on use by the CRM itself).
    const listed = await fetch(`${baseUrl}/demo-crm/contacts`, { headers: { 'x-api-key': apiKey } });
    expect(listed.status).toBe(200);
    const contacts = ((await listed.json()) as { contacts: Array<{ email: string }> }).contacts;
    expect(contacts.map((c) => c.email)).toEqual(['ada@example.com']);

    // Revoke asks twice; then the key stops working.
    await keys.getByRole('button', { name: 'Revoke' }).click();
    await keys.getByRole('button', { name: 'Really revoke?' }).click();
    await page.getByText('No keys yet.').waitFor();
    expect((await fetch(`${baseUrl}/demo-crm/contacts`, { headers: { 'x-api-key': apiKey } })).status).toBe(401);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
