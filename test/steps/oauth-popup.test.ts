/**
 * The OAuth 2.0 pop-up in a real browser (Chromium): a page on the editor's origin opens a
 * blank 600 × 700 pop-up, asks `POST /api/auth/popup-ticket` for a single-use ticket and sends
 * the pop-up to `/auth/{app}?uid&ticket` (as the web does, editor-core 7.3), the provider shows a consent page (a real
 * document on another origin), 'Allow' goes back to `/auth/{app}/redirect`, and the result
 * page's script, allowed only by its hash under the page's CSP, posts
 * `{ type: 'junction:oauth', ok, credentialId }` to the opener and closes the pop-up.
 */
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { sharedChromium, saveScreenshot, skipWithoutBrowser } from '../e2e/harness.js';
import { type OAuthProvider, startOAuthProvider } from './oauth-provider.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

const [sqlite] = openTestDatabases();

describe('OAuth 2.0 pop-up in Chromium', () => {
  let h: ApiHarness;
  let provider: OAuthProvider;
  let browser: Browser;
  let a: Account;
  let origin = '';
  let previousAllowed: string | undefined;
  const slug = `popup-${Date.now()}`;
  const isBrowserMissing = skipWithoutBrowser();

  beforeAll(async () => {
    if (isBrowserMissing) return;
    provider = await startOAuthProvider();
    provider.consentPage = true;
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${provider.port}`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    h = await openHarness(sqlite!, { port, publicUrl: origin });
    await h.app.listen({ host: '127.0.0.1', port });
    a = await signUp(h, 'popup');
    const created = await h.call('POST', '/api/apps', {
      token: a.token,
      body: {
        appSlug: slug,
        appName: 'Acme Popup',
        lambdaURL: provider.url,
        actions: { me: { title: 'Me', method: 'get', url: '{base}/api/me', fields: [] } },
        triggers: {},
        authInfo: {
          apiType: 'oauth2',
          testAuth: 'me',
          clientInfo: { client_id: provider.clientId, client_secret: provider.clientSecret },
          auth_url: `${provider.url}/authorize`,
          token_url: `${provider.url}/token`,
          scopes: 'read',
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    browser = await sharedChromium();
  }, 120_000);
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
    await h?.close();
    await provider?.close();
  });

  /**
   * Opens the pop-up from a page of the editor's origin as the web does (blank first, then the
   * address with a fresh ticket); answers the opener and the pop-up.
   */
  async function openPopup(account: Account): Promise<{ opener: Page; popup: Page; errors: string[]; urls: string[] }> {
    const context = await browser.newContext();
    const urls: string[] = [];
    context.on('request', (request) => urls.push(request.url()));
    const opener = await context.newPage();
    const errors: string[] = [];
    await opener.goto(`${origin}/api/health`);
    await opener.evaluate(() => {
      // Runs in the page; typed by hand because the test project has no DOM library.
      const w = globalThis as unknown as {
        received: unknown[];
        addEventListener: (type: 'message', listener: (event: { origin: string; data: unknown }) => void) => void;
      };
      w.received = [];
      w.addEventListener('message', (event) => w.received.push({ origin: event.origin, data: event.data }));
    });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      opener.evaluate(
        async ({ path, uid, token }) => {
          // Runs in the page; typed by hand because the test project has no DOM library.
          const w = globalThis as unknown as {
            open: (url: string, name: string, features: string) => { location: { href: string } } | null;
          };
          const popup = w.open('about:blank', 'junction-sign-in', 'popup=yes,width=600,height=700');
          const res = await fetch('/api/auth/popup-ticket', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          });
          const { ticket } = (await res.json()) as { ticket: string };
          if (popup) popup.location.href = `${path}?${new URLSearchParams({ uid, ticket })}`;
        },
        { path: `/auth/${slug}`, uid: account.userId, token: account.token },
      ),
    ]);
    popup.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return { opener, popup, errors, urls };
  }

  async function received(opener: Page): Promise<{ origin: string; data: Record<string, unknown> }[]> {
    await opener.waitForFunction(() => (globalThis as unknown as { received: unknown[] }).received.length > 0, null, {
      timeout: 10_000,
    });
    return opener.evaluate(() => (globalThis as unknown as { received: never[] }).received);
  }

  it('posts the new credential to the opener and closes itself', async () => {
    const { opener, popup, errors, urls } = await openPopup(a);
    await popup.waitForSelector('#allow');
    // The session token is in no address the browser asked for; the ticket is.
    expect(urls.some((url) => url.includes(`/auth/${slug}?`) && url.includes('ticket='))).toBe(true);
    expect(urls.filter((url) => url.includes(a.token) || url.includes(encodeURIComponent(a.token)))).toEqual([]);
    const closed = popup.waitForEvent('close', { timeout: 10_000 });
    await popup.click('#allow');
    const messages = await received(opener);
    await closed;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.origin).toBe(origin);
    expect(messages[0]?.data).toMatchObject({ type: 'junction:oauth', ok: true, app: slug });
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    const credential = await h.call('GET', `/api/credentials/${String(messages[0]?.data.credentialId)}`, {
      token: a.token,
    });
    expect(credential.json).toMatchObject({ app: slug, needsReconnect: false });
  });

  it('posts ok: false with a readable message when the consent is declined, and shows it', async () => {
    provider.deny = true;
    try {
      const { opener, popup } = await openPopup(a);
      await popup.waitForSelector('#allow');
      await popup.click('#allow');
      const messages = await received(opener);
      expect(messages[0]?.data).toEqual({
        type: 'junction:oauth',
        ok: false,
        app: slug,
        message: 'You declined access, so no account was connected.',
      });
    } finally {
      provider.deny = false;
    }
  });

  it('shows the message on the page when there is no opener to tell', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/auth/${slug}/redirect?error=access_denied`);
    await expect(page.textContent('h1')).resolves.toBe('Could not connect the account');
    await expect(page.textContent('p')).resolves.toBe('You declined access, so no account was connected.');
    await saveScreenshot(page, 'oauth-popup-error');
    await context.close();
  });
});
