/**
 * Signing out in the browser through the real server: the dashboard's account menu and the
 * editor's account menu end the session on the server; the profile lists the active sessions,
 * ends one of them, and 'Sign out everywhere' (asked twice) ends them all.
 * Screenshots: test/e2e/screenshots/sign-out-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

/** What the page code below reads from `globalThis` (typed without the DOM library). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

const session = useE2ESession();
const PASSWORD = 'Str0ng!Passw0rd#2024';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.1 Mobile/15E148 Safari/604.1';

async function call(method: string, path: string, token: string | null, body?: unknown, userAgent?: string) {
  const response = await fetch(`${session().baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any };
}

async function signUp(name: string) {
  const email = `${name}-${randomUUID()}@example.com`;
  const res = await call('POST', '/api/auth/sign-up', null, {
    email,
    password: PASSWORD,
    firstName: 'Dana',
    lastName: 'Reyes',
  });
  expect(res.status).toBe(201);
  return {
    email,
    token: res.json.token as string,
    workflowId: res.json.workflowId as string,
    userId: res.json.user.id as string,
  };
}

/** Signs in from the page itself (so the session is the browser's own) and keeps the token where the app reads it. */
async function signInInPage(page: Page, email: string): Promise<string> {
  await page.goto(`${session().baseUrl}/404`);
  return page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/auth/log-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const grant = (await res.json()) as { token: string };
      (globalThis as unknown as PageGlobals).localStorage.setItem('junction.token', grant.token);
      return grant.token;
    },
    { email, password: PASSWORD },
  );
}

const isSignedIn = async (token: string) => (await call('GET', '/api/auth/me', token)).status === 200;

describe('sign out', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it("signs out from the dashboard's account menu and the server forgets the session", async () => {
    const account = await signUp('menu');
    const page = await session().newPage();
    const token = await signInInPage(page, account.email);
    await page.goto(`${session().baseUrl}/workflows`);
    const menu = page.getByRole('button', { name: `Account: Dana Reyes ${account.email}` });
    await menu.click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Profile and sessions' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'sign-out-dashboard-menu');

    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).searchParams.get('u')).toBe(account.userId);
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('junction.token')),
    ).toBeNull();
    expect(await isSignedIn(token)).toBe(false);
    // The account's other session (from sign-up) is untouched.
    expect(await isSignedIn(account.token)).toBe(true);
    await saveScreenshot(page, 'sign-out-after');
    await page.close();
  });

  it("signs out from the editor's account menu", async () => {
    const account = await signUp('editor');
    const page = await session().newPage();
    const token = await signInInPage(page, account.email);
    await page.goto(`${session().baseUrl}/?id=${account.workflowId}`);
    await page.getByRole('button', { name: `Account: ${account.email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await saveScreenshot(page, 'sign-out-editor-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
    expect(await isSignedIn(token)).toBe(false);
    await page.close();
  });

  it('lists active sessions on the profile, ends one, then signs out everywhere', async () => {
    const account = await signUp('profile');
    const phone = await call('POST', '/api/auth/log-in', null, { email: account.email, password: PASSWORD }, PHONE);
    expect(phone.status).toBe(200);
    const page = await session().newPage();
    const token = await signInInPage(page, account.email);
    await page.goto(`${session().baseUrl}/profile`);

    const list = page.getByRole('list', { name: 'Active sessions' });
    await list.getByText('Safari on iOS').waitFor();
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(3);
    const own = rows.filter({ hasText: 'This browser' });
    expect(await own.count()).toBe(1);
    expect(await own.innerText()).toContain('Headless Chrome on Linux');
    // No raw ids or tokens on the page.
    expect(await page.locator('main').innerText()).not.toContain(token);
    await saveScreenshot(page, 'sign-out-profile-sessions');

    await page.getByRole('button', { name: 'Sign out of Safari on iOS' }).click();
    await page.getByText('Signed out of Safari on iOS.').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await isSignedIn(phone.json.token)).toBe(false);
    expect(await isSignedIn(token)).toBe(true);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).waitFor();
    await saveScreenshot(page, 'sign-out-everywhere-confirm');
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
    expect(await isSignedIn(token)).toBe(false);
    expect(await isSignedIn(account.token)).toBe(false);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
