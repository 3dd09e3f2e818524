/**
 * The app catalogue in the editor: the empty trigger's Popular tab lists
 * the catalogue apps with their icons, a search finds one, picking Google Sheets offers its
 * triggers and the account step, and Jira's account form asks for its own fields.
 * Screenshots: test/e2e/screenshots/catalogue-*.png.
 */
import { randomUUID } from 'node:crypto';
import { filterApps, hasTriggers } from '@junction/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listBuiltinApps } from '../../server/src/integrations/builtin/index.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const session = useE2ESession();
const panel = (page: Page) => page.getByTestId('step-panel');

function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

describe('the app catalogue in the editor', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('lists the catalogue on the Popular tab with icons, and a picked app offers its triggers', async () => {
    const { baseUrl } = session();
    const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `catalogue-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const grant = (await response.json()) as { token: string; workflowId: string };
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByRole('tab', { name: 'Popular' }).click();

    const apps = panel(page).getByRole('list', { name: 'Apps' });
    await apps.getByRole('button', { name: /Google Sheets/ }).waitFor();
    const shown = await apps.getByRole('button').allTextContents();
    // A trigger's Popular tab: core's rule over the catalogue (apps with triggers, the Demo CRM first).
    const entries = listBuiltinApps().map((app) => ({ ...app, hasTriggers: hasTriggers(app) }));
    const expected = filterApps(entries, { tab: 'popular', kind: 'trigger' }).map((app) => app.appName);
    expect(expected[0]).toBe('Demo CRM');
    for (const name of expected)
      expect(
        shown.some((text) => text.startsWith(name)),
        name,
      ).toBe(true);
    // Every icon is an image URL that loaded (naturalWidth > 0), not inline data.
    const icons = await apps.locator('img').evaluateAll((images) =>
      images.map((img) => {
        const image = img as unknown as { src: string; naturalWidth: number };
        return { src: image.src, loaded: image.naturalWidth > 0 };
      }),
    );
    expect(icons.length).toBe(expected.length);
    for (const icon of icons) {
      expect(icon.src).toMatch(/\/icons\/[a-z0-9-]+\.svg$/);
      expect(icon.loaded, icon.src).toBe(true);
    }
    await saveScreenshot(page, 'catalogue-popular');

    await panel(page).getByLabel('Type to search for an App').fill('sheets');
    await apps.getByRole('button', { name: /Google Sheets/ }).click();
    await panel(page)
      .getByRole('button', { name: /^New spreadsheet row/ })
      .waitFor();
    expect(
      await panel(page)
        .getByRole('button', { name: /^New spreadsheet(?! row)/ })
        .isVisible(),
    ).toBe(true);
    expect(
      await panel(page)
        .getByRole('button', { name: /New worksheet/ })
        .isVisible(),
    ).toBe(true);
    await saveScreenshot(page, 'catalogue-google-sheets-events');
    await panel(page)
      .getByRole('button', { name: /New worksheet/ })
      .click();
    await panel(page).getByText('+ Add new Google Sheets account').waitFor();
    await saveScreenshot(page, 'catalogue-google-sheets-account');

    // An app with its own account form: Jira asks for the site, the e-mail and an API token.
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('jira');
    await panel(page).getByRole('list', { name: 'Apps' }).getByRole('button', { name: /Jira/ }).click();
    await panel(page)
      .getByRole('button', { name: /Create issue/ })
      .click();
    await panel(page).getByText('+ Add new Jira account').click();
    const dialog = page.getByRole('dialog', { name: 'Connect your Jira account' });
    await dialog.getByLabel('Site').waitFor();
    expect(await dialog.getByLabel('E-mail').getAttribute('type')).toBe('text');
    expect(await dialog.getByLabel('API token').getAttribute('type')).toBe('password');
    await saveScreenshot(page, 'catalogue-jira-account-form');
    expect(session().pageErrors).toEqual([]);
  });
});
