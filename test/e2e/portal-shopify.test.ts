/**
 * The storefront install hand-off in the browser (forms-dp 2.11, issue 6): a genuine install
 * link is checked by the server and the browser goes to the shop's authorize page with the
 * client id, the scopes, the redirect and a random state kept in session storage; a forged
 * link shows a red error and goes nowhere; redirect_to_install forwards after its text.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const SECRET = 'shpss_browser_secret_7781';
const CLIENT_ID = 'storefront-client-42';

const session = useE2ESession();

/** Signs a query the way the storefront does (every parameter but hmac, sorted). */
function signedQuery(params: Record<string, string>, secret = SECRET): string {
  const message = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
  const hmac = createHmac('sha256', secret).update(message).digest('hex');
  return new URLSearchParams({ ...params, hmac }).toString();
}

async function declareShopifyApp(baseUrl: string): Promise<void> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `store-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
  });
  expect(signUp.status).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const created = await fetch(`${baseUrl}/api/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      appSlug: 'shopify',
      appName: 'Shopify',
      actions: {},
      triggers: {},
      authInfo: { apiType: 'oauth2', clientInfo: { client_id: CLIENT_ID, client_secret: SECRET } },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

describe('the storefront hand-off in the browser (forms-dp 2.11)', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('sends a genuine install link to the authorize page with a state kept in session storage; a forged one shows a red error', async () => {
    const { baseUrl } = session();
    await declareShopifyApp(baseUrl);
    const page = await session().newPage();
    const authorizeRequests: string[] = [];
    // The shop's admin is not reachable from the test machine: answer it locally.
    await page.route('https://acme-store.myshopify.com/**', async (route) => {
      authorizeRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Shop authorize page</h1>' });
    });

    // Forged: signed with another secret. The page says so in red and stays.
    const now = String(Math.floor(Date.now() / 1000));
    await page.goto(`${baseUrl}/shopify?${signedQuery({ shop: 'acme-store.myshopify.com', timestamp: now }, 'guess')}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Error: The install link is not signed by the storefront (HMAC mismatch).');
    expect(await alert.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(
      'rgb(211, 47, 47)',
    );
    await saveScreenshot(page, 'shopify-bad-hmac');
    expect(authorizeRequests).toEqual([]);

    // Stale: more than 24 h old, correctly signed.
    const stale = String(Math.floor(Date.now() / 1000) - 25 * 3600);
    await page.goto(`${baseUrl}/shopify?${signedQuery({ shop: 'acme-store.myshopify.com', timestamp: stale })}`);
    await page
      .getByText('Error: This install link is older than 24 hours. Start the install again from your store.')
      .waitFor();
    expect(authorizeRequests).toEqual([]);

    // Genuine: the browser goes to the shop's authorize page.
    const started = Date.now();
    await page.goto(
      `${baseUrl}/shopify?${signedQuery({ shop: 'acme-store.myshopify.com', timestamp: now, host: 'YWNtZQ' })}`,
    );
    await page.waitForURL(/^https:\/\/acme-store\.myshopify\.com\/admin\/oauth\/authorize\?/);
    console.log(`/shopify → authorize page in ${Date.now() - started} ms`);
    await page.getByRole('heading', { name: 'Shop authorize page' }).waitFor();
    expect(authorizeRequests).toHaveLength(1);
    const url = new URL(authorizeRequests[0]);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseUrl}/auth/shopify/redirect`);
    expect(url.searchParams.get('scope')).toBe(
      'read_orders,write_orders,read_content,write_content,read_customers,write_customers,read_fulfillments,write_fulfillments,read_inventory,write_inventory,read_products,write_products,read_reports,write_reports',
    );
    // Back on Junction's origin in the same tab, session storage holds that state.
    await page.goto(`${baseUrl}/404`);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem(
          'junction.shopify.state',
        ),
      ),
    ).toBe(state);
    await page.close();
  });

  it('shows the install text, then forwards to the storefront-integrations page', async () => {
    const { baseUrl } = session();
    const page = await session().newPage();
    await page.goto(`${baseUrl}/shopify/admin/oauth/redirect_to_install?shop=acme-store.myshopify.com`);
    await page.getByText('Finalizing install… redirecting into your app.').waitFor();
    await saveScreenshot(page, 'shopify-redirect-to-install');
    const shown = Date.now();
    await page.waitForURL(`${baseUrl}/connections`);
    console.log(`redirect_to_install forwarded after ${Date.now() - shown} ms`);
    await page.close();
  });

  it('threw no uncaught error in any page', () => {
    expect(session().pageErrors).toEqual([]);
  });
});
