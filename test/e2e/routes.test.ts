import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, ERROR_TEXT_RGB, saveScreenshot, useE2ESession } from './harness.js';

const session = useE2ESession();

describe('routes in the browser (forms-dp 2.1)', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  it('sends an unknown path to /404 with both not-found texts', async () => {
    const e2e = session();
    const page = await e2e.newPage();
    const response = await page.goto(`${e2e.baseUrl}/nope`);
    expect(response?.status(), 'the app page is served for any path').toBe(200);
    await page.waitForURL(`${e2e.baseUrl}/404`);
    // The address changes before the page has rendered: wait for the text, then read it.
    await page.getByText('Oh No! Ouch...beep..boop...').waitFor();
    expect(await page.getByText('Oh No! Ouch...beep..boop...').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await saveScreenshot(page, 'not-found');
    await page.close();
  });

  it('sends a path below a real route to /404 too (exact matches)', async () => {
    const e2e = session();
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/workflows/extra`);
    await page.waitForURL(`${e2e.baseUrl}/404`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await page.close();
  });

  it('opens the sign-up modal on / without a session (onboarding 2)', async () => {
    const e2e = session();
    const page = await e2e.newPage();
    const response = await page.goto(`${e2e.baseUrl}/`);
    expect(response?.status(), 'HTTP status of /').toBe(200);
    await page.getByRole('dialog', { name: 'Create your free account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it.each(['/workflows', '/connections', '/settings', '/profile', '/support', '/dashboard'])(
    'serves the dashboard page %s, which asks a visitor without a session to sign in',
    async (route) => {
      const e2e = session();
      const page = await e2e.newPage();
      const response = await page.goto(`${e2e.baseUrl}${route}`);
      // A failing status names the culprit (the server) faster than a missing heading would.
      expect(response?.status(), `HTTP status of ${route}`).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to continue');
      expect(new URL(page.url()).pathname).toBe(route);
      if (route === '/workflows') await saveScreenshot(page, 'dashboard-signed-out');
      await page.close();
    },
  );

  it('shows the /shopify error in red when the install parameters are missing', async () => {
    const e2e = session();
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/shopify`);
    const error = page.getByRole('alert');
    expect(await error.textContent()).toBe('Error: Missing required query params');
    // forms-dp 8: shown in red, the theme's error text.
    expect(await error.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(ERROR_TEXT_RGB);
    expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    await saveScreenshot(page, 'shopify-missing-params');
    await page.close();
  });

  it('shows the storefront install hand-off text', async () => {
    const e2e = session();
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/shopify/admin/oauth/redirect_to_install?shop=acme.myshopify.com`);
    // The page is a lazy chunk: wait for it (it forwards 1.2 s after it has shown the text).
    const text = page.getByText('Finalizing install… redirecting into your app.');
    await text.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await text.isVisible()).toBe(true);
    await page.close();
  });

  it('threw no uncaught error in any page', () => {
    expect(session().pageErrors).toEqual([]);
  });
});
