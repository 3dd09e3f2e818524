/**
 * /addAuthForm and /editApps in the browser (onboarding 2, 3): an author registers an
 * OAuth 2.0 app's auth info, finds it in Edit apps, changes its scopes with the client secret
 * left empty, and the stored secret still signs (proved through the storefront hand-off, which
 * checks an HMAC made with it). The secret never reaches the browser.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const SECRET = 'registered-client-secret-5150';

/**
 * The author is one of the instance's operators: 'shopify' is the slug of a hand-off, which
 * only an operator may declare (forms-dp 2.11), and the storefront proves the kept secret.
 */
const OPERATOR_EMAIL = `reg-${randomUUID()}@example.com`;
let previousOperators: string | undefined;
// Before the session starts, so its server reads it.
beforeAll(() => {
  previousOperators = process.env.SUPPORT_OPERATORS;
  process.env.SUPPORT_OPERATORS = OPERATOR_EMAIL;
});
afterAll(() => {
  if (previousOperators === undefined) delete process.env.SUPPORT_OPERATORS;
  else process.env.SUPPORT_OPERATORS = previousOperators;
});

const session = useE2ESession();

function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

describe('app auth registration in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('registers an OAuth 2.0 app at /addAuthForm, lists it at /editApps and edits its auth info keeping the secret', async () => {
    const { baseUrl } = session();
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OPERATOR_EMAIL, password: 'Str0ng!Passw0rd#2024' }),
    });
    const { token } = (await signUp.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const page = await session().newPage();
    await page.addInitScript(storeToken, token);
    const secretsSeen: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/')) return;
      const text = await response.text().catch(() => '');
      if (text.includes(SECRET)) secretsSeen.push(response.url());
    });

    await page.goto(`${baseUrl}/addAuthForm`);
    await page.getByRole('heading', { name: 'API Info' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('App ID is required.').waitFor();
    await page.getByText('Authentication type is required.').waitFor();
    await saveScreenshot(page, 'add-auth-form-required');

    await page.getByLabel('App ID *').fill('shopify');
    await page.getByLabel('App name').fill('Shopify');
    await page.getByLabel('Authentication type *').selectOption('oauth2');
    await page.getByLabel('Token URL').fill('https://shop.example/admin/oauth/access_token');
    await page.getByLabel('Client ID').fill('shop-client-1');
    await page.getByLabel('Client secret').fill(SECRET);
    await page.getByLabel('Authorization URL').fill('https://shop.example/admin/oauth/authorize');
    await page.getByLabel('Scopes').fill('read_orders');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText("Registered 'shopify'.").waitFor();

    // Edit apps lists it; its auth info opens in the form, filled in, the secret not shown.
    await page.goto(`${baseUrl}/editApps`);
    await page.getByRole('heading', { name: 'Edit apps' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Shopify', exact: true }).waitFor();
    expect(await table.getByRole('row').nth(1).textContent()).toContain('OAuth 2.0');
    await saveScreenshot(page, 'edit-apps');
    await table.getByRole('link', { name: 'Edit the auth info of Shopify' }).click();
    await page.waitForURL(`${baseUrl}/addAuthForm?app=shopify`);
    const scopes = page.getByLabel('Scopes');
    await page.locator('input[readonly]').waitFor();
    expect(await scopes.inputValue()).toBe('read_orders');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByText('A secret is stored. Leave this empty to keep it.').waitFor();
    await scopes.fill('read_orders,write_orders');
    await saveScreenshot(page, 'add-auth-form-edit');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText("Saved the auth info of 'shopify'.").waitFor();

    const app = (await (await fetch(`${baseUrl}/api/apps/shopify`, { headers })).json()) as {
      authInfo: { scopes: string; clientInfo: { client_id: string; client_secret: string } };
    };
    expect(app.authInfo.scopes).toBe('read_orders,write_orders');
    expect(app.authInfo.clientInfo.client_id).toBe('shop-client-1');
    expect(app.authInfo.clientInfo.client_secret).not.toBe(SECRET);

    // The kept secret still checks a storefront link signed with it.
    const params = { shop: 'kept.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)) };
    const hmac = createHmac('sha256', SECRET).update(`shop=${params.shop}&timestamp=${params.timestamp}`).digest('hex');
    const install = await fetch(`${baseUrl}/api/public/shopify/install`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: new URLSearchParams({ ...params, hmac }).toString() }),
    });
    expect(install.status, await install.clone().text()).toBe(200);
    expect(secretsSeen).toEqual([]);
    expect(session().pageErrors).toEqual([]);
  });
});
