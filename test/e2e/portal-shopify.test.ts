/**
 * The storefront install hand-off in the browser (forms-dp 2.11): a genuine install
 * link is checked by the server and the browser goes to the shop's authorize page with the
 * client id, the scopes, the redirect and a random state kept in session storage; a forged
 * link shows a red error and goes nowhere; redirect_to_install forwards after its text.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, ERROR_TEXT_RGB, saveScreenshot, useE2ESession } from './harness.js';

const SECRET = 'shpss_browser_secret_7781';
const CLIENT_ID = 'storefront-client-42';

/** The local storefront's token endpoint: what it received, and the codes it will trade. */
const storefront = {
  server: undefined as Server | undefined,
  exchanges: [] as { client_id?: string; client_secret?: string; code?: string }[],
  codes: new Map<string, string>(),
};
const previousEnv: Record<string, string | undefined> = {};
/** The operator who declares the 'shopify' app (SUPPORT_OPERATORS, verified). */
const OPERATOR_EMAIL = `store-${randomUUID()}@example.com`;

// Before the session starts: the server's SSRF guard lets exactly this store through, and the
// code exchange goes to it instead of https://{shop}.
beforeAll(async () => {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { code?: string };
    storefront.exchanges.push(body);
    const token = body.code ? storefront.codes.get(body.code) : undefined;
    res.setHeader('content-type', 'application/json');
    if (req.url !== '/admin/oauth/access_token' || !token) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'invalid_request', error_description: 'The authorization code was not found.' }));
      return;
    }
    storefront.codes.delete(body.code!);
    res.end(JSON.stringify({ access_token: token, scope: 'read_orders' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  storefront.server = server;
  const { port } = server.address() as AddressInfo;
  for (const name of ['JUNCTION_ALLOWED_HOSTS', 'JUNCTION_SHOPIFY_ADMIN_ORIGIN', 'SUPPORT_OPERATORS']) {
    previousEnv[name] = process.env[name];
  }
  process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${port}`;
  process.env.JUNCTION_SHOPIFY_ADMIN_ORIGIN = `http://127.0.0.1:${port}`;
  // Only an operator of the instance may declare the hand-off's app.
  process.env.SUPPORT_OPERATORS = OPERATOR_EMAIL;
});
afterAll(async () => {
  for (const [name, value] of Object.entries(previousEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise<void>((resolve) => (storefront.server ? storefront.server.close(() => resolve()) : resolve()));
});

const session = useE2ESession();
/** The session token of the workspace that declared the 'shopify' app (first test). */
let ownerToken = '';

/** Signs a query the way the storefront does (every parameter but hmac, sorted). */
function signedQuery(params: Record<string, string>, secret = SECRET): string {
  const message = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
  const hmac = createHmac('sha256', secret).update(message).digest('hex');
  return new URLSearchParams({ ...params, hmac }).toString();
}

async function declareShopifyApp(baseUrl: string): Promise<string> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OPERATOR_EMAIL, password: 'Str0ng!Passw0rd#2024' }),
  });
  expect(signUp.status).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  // Operator rights need a verified address: the harness verifies an account signed up through the API.
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
  return token;
}

describe('the storefront hand-off in the browser (forms-dp 2.11)', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('sends a genuine install link to the authorize page with a state kept in session storage; a forged one shows a red error', async () => {
    const { baseUrl } = session();
    ownerToken = await declareShopifyApp(baseUrl);
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
    expect(await alert.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(ERROR_TEXT_RGB);
    // A refused link leads on, not to a dead end.
    expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
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

  it('finishes the hand-off: the store sends the owner back, the state matches, the code becomes a connected account', async () => {
    const { baseUrl } = session();
    const page = await session().newPage();
    const shop = 'acme-store.myshopify.com';
    let returnState: 'kept' | 'tampered' = 'kept';
    let issued = 0;
    // The shop's authorize page, answered locally: an 'Install app' link back to the redirect,
    // signed as the store signs it, with a fresh single-use code.
    await page.route(`https://${shop}/**`, async (route) => {
      const asked = new URL(route.request().url());
      const code = `code-e2e-${++issued}`;
      storefront.codes.set(code, `shpat_e2e_token_${issued}`);
      const state = returnState === 'kept' ? (asked.searchParams.get('state') ?? '') : 'f'.repeat(32);
      const back = `${asked.searchParams.get('redirect_uri')}?${signedQuery({
        code,
        shop,
        state,
        timestamp: String(Math.floor(Date.now() / 1000)),
        host: 'YWNtZQ',
      })}`;
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<h1>Install Junction?</h1><a href="${back.replace(/&/g, '&amp;')}">Install app</a>`,
      });
    });
    const install = async () => {
      const query = signedQuery({ shop, timestamp: String(Math.floor(Date.now() / 1000)) });
      await page.goto(`${baseUrl}/shopify?${query}`);
      await page.getByRole('heading', { name: 'Install Junction?' }).waitFor();
      const started = Date.now();
      await page.getByRole('link', { name: 'Install app' }).click();
      return started;
    };
    const token = ownerToken;
    expect(token, 'the first test declares the app').toBeTruthy();
    const exchangesBefore = storefront.exchanges.length;

    // Signed out: the page asks to sign in, and nothing is exchanged yet.
    await page.goto(`${baseUrl}/404`);
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await install();
    await page.getByRole('heading', { name: 'Sign in to finish' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${baseUrl}/shopify\\?code=`));
    await page
      .getByText(`Sign in to Junction to connect ${shop} to your workspace. Then come back to this tab.`)
      .waitFor();
    await saveScreenshot(page, 'shopify-return-sign-in');
    expect(storefront.exchanges.length).toBe(exchangesBefore);

    // Signed in (as in another tab: the token is shared), Finish connecting stores the account.
    await page.evaluate(
      (t) =>
        (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
          'junction.token',
          t,
        ),
      token,
    );
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Finish connecting' }).click();
    const done = page.getByRole('status');
    await done
      .getByText(`${shop} is connected: the account 'Shopify acme-store' is ready to use in your workflows.`)
      .waitFor();
    console.log(`Finish connecting → 'connected' in ${Date.now() - clicked} ms`);
    expect(await done.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(
      'rgb(46, 125, 50)',
    );
    await saveScreenshot(page, 'shopify-return-connected');
    expect(storefront.exchanges.slice(exchangesBefore)).toEqual([
      { client_id: CLIENT_ID, client_secret: SECRET, code: 'code-e2e-1' },
    ]);
    // The state is spent: reloading the same address connects nothing.
    await page.reload();
    await page
      .getByText(
        'Error: This install was not started in this browser tab (no state was kept). Start the install again from your store.',
      )
      .waitFor();
    expect(storefront.exchanges.length).toBe(exchangesBefore + 1);

    // Signed in from the start: the whole round trip ends on the success text by itself.
    const started = await install();
    await page
      .getByText(`${shop} is connected again: the account 'Shopify acme-store' has the new access token.`)
      .waitFor();
    console.log(
      `'Install app' → 'connected again' (redirect, state check, exchange, store) in ${Date.now() - started} ms`,
    );
    expect(storefront.exchanges.at(-1)?.code).toBe('code-e2e-2');

    // The account is on the connections page, once.
    await page.getByRole('button', { name: 'Open connections' }).click();
    await page.waitForURL(`${baseUrl}/connections`);
    await page.getByText('Shopify acme-store').first().waitFor();
    expect(await page.getByText('Shopify acme-store').count()).toBe(1);
    expect(await page.content()).not.toContain('shpat_e2e_token');

    // A return whose state is not the one this tab kept: red error, no exchange.
    returnState = 'tampered';
    const exchanges = storefront.exchanges.length;
    await install();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Error: This return does not match the install started in this browser (state mismatch). Start the install again from your store.',
    );
    expect(await alert.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(ERROR_TEXT_RGB);
    expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    await saveScreenshot(page, 'shopify-return-state-mismatch');
    expect(storefront.exchanges.length).toBe(exchanges);
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
