/**
 * A portal you can find and leave (forms-dp 2.3, 2.4, 2.6; editor-core 2.2): the developer
 * portal is in the dashboard's navigation and the editor's help menu and links back; the 404
 * page and checkout offer a way back; deleting an app's authentication asks twice; the Publish
 * Status chosen at create is kept; a logo that fails to load shows the app's letter instead
 * (app list, panel header, step card).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

/** A 16×16 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFUlEQVR4nGNgyHxFGhrVMKph+GoAAE9qUxDlQOpYAAAAAElFTkSuQmCC',
  'base64',
);

describe('a portal you can find and leave', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('is linked from the dashboard and the help menu, links back, and 404 and checkout offer a way back', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'portal');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Developer portal' }).click();
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();
    await saveScreenshot(page, 'portal-from-dashboard');
    await page.getByRole('link', { name: '← Back to dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);

    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByRole('button', { name: 'Help' }).click();
    const portal = page.getByRole('menuitem', { name: 'Developer portal' });
    await expect(portal.getAttribute('href')).resolves.toBe('/develop/');
    await saveScreenshot(page, 'editor-help-menu-portal');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await saveScreenshot(page, 'not-found-ways-back');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);

    const checkout = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
      body: JSON.stringify({ currentUrl: `${baseUrl}/workflows` }),
    });
    const { url } = (await checkout.json()) as { url: string };
    await page.goto(url);
    await page.getByRole('button', { name: 'Pay and upgrade' }).waitFor();
    await saveScreenshot(page, 'checkout-way-back');
    await page.getByRole('link', { name: '← Not now, back to Junction' }).click();
    await page.waitForURL(`${baseUrl}/workflows`);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it('keeps the Publish Status chosen at create, asks twice before deleting authentication, and shows a letter for a broken logo', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'portal');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
    };
    // The new workflow as sign-up made it (a trigger and an action placeholder): the editor is
    // opened on it twice, and the first visit chooses the app for the action.
    const { document: placeholders } = (await call('GET', `/api/workflows/${grant.workflowId}`)).json;
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);

    // Create Integration with 'Beta': the listing keeps it.
    const name = `Parcel Post ${randomUUID().slice(0, 4)}`;
    await page.goto(`${baseUrl}/develop/new`);
    await page.getByLabel('Integration Name *').fill(name);
    await page.getByLabel('App Category *').fill('Shipping');
    await page.getByLabel('App Logo *').fill('/no-such-logo.png');
    await page.getByLabel('Publish Status *').selectOption('Beta');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`${name} integration saved!`).waitFor();
    const slug = new URL(page.url()).pathname.split('/')[2];
    expect((await call('GET', `/api/apps/${slug}/listing`)).json.status).toBe('Beta');

    // Authentication: Delete asks 'Really Delete?' first.
    const app = (await call('GET', `/api/apps/${slug}`)).json;
    const withAuth = await call('PUT', `/api/apps/${slug}`, {
      ...app,
      authInfo: { apiType: 'apikey', apikeyFormFields: [{ key: 'api_key', title: 'API key' }] },
    });
    expect(withAuth.status, JSON.stringify(withAuth.json)).toBe(200);
    await page.goto(`${baseUrl}/develop/${slug}/authentication`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Really Delete?' }).waitFor();
    expect(((await call('GET', `/api/apps/${slug}`)).json.authInfo as { apiType?: string }).apiType).toBe('apikey');
    await saveScreenshot(page, 'portal-auth-delete-confirm');
    await page.getByRole('button', { name: 'Really Delete?' }).click();
    await page.getByText(`${name} integration saved!`).first().waitFor();
    expect(((await call('GET', `/api/apps/${slug}`)).json.authInfo as { apiType?: string }).apiType).toBeUndefined();

    // The broken logo: the app list, the panel header and the step card show the letter.
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    const panel = page.getByTestId('step-panel');
    await panel.getByRole('tab', { name: 'ALL' }).click();
    await panel.getByLabel('Type to search for an App').fill('Parcel');
    const option = panel.getByRole('button', { name: new RegExp(name) });
    await option.locator('[data-app-icon="fallback"]').waitFor();
    await saveScreenshot(page, 'app-icon-fallback-list');
    await option.click();
    await panel.locator('header [data-app-icon="fallback"]').first().waitFor();
    await page.getByTestId('step-card').filter({ hasText: name }).locator('[data-app-icon="fallback"]').waitFor();
    await expect(page.locator('[data-app-icon="logo"][src="/no-such-logo.png"]').count()).resolves.toBe(0);
    await saveScreenshot(page, 'app-icon-fallback-panel');

    // An uploaded logo: App Overview shows it, and so does the editor's app list.
    await page.goto(`${baseUrl}/develop/${slug}`);
    await page.getByRole('heading', { name: 'App Overview' }).waitFor();
    await page.getByLabel(/Upload a logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.locator('[data-app-icon="logo"][alt="App Logo preview"]');
    await preview.waitFor();
    await expect(preview.getAttribute('src')).resolves.toMatch(new RegExp(`^/api/apps/${slug}/icon\\?v=`));
    // The upload is a button of the theme, not the browser's 'Choose File  No file chosen' control.
    const upload = page.getByText('Upload a logo', { exact: true });
    await expect(upload.evaluate((el) => el.tagName)).resolves.toBe('LABEL');
    const fileBox = await page.getByLabel(/Upload a logo/).boundingBox();
    expect(fileBox?.width ?? 0).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'portal-logo-uploaded');
    // Back to the placeholders, whether or not the first visit's choice was saved before it left.
    const reset = await call('PUT', `/api/workflows/${grant.workflowId}`, { document: placeholders });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel.getByRole('tab', { name: 'ALL' }).click();
    await panel.getByLabel('Type to search for an App').fill('Parcel');
    await option.locator('[data-app-icon="logo"]').waitFor();
    await page.close();
  });
});
