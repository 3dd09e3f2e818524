/**
 * Who may come in, in the browser against a real server started as `npm start` would on a
 * fresh data folder (no SIGNUP_POLICY): the first visit opens the set-up page, the owner
 * account made there lands on the instance page; the owner invites people from the settings
 * page (no SMTP: the link shows to copy); a new person accepts by setting a password, an
 * existing account by joining, and the workspace switcher lists the workspace.
 * axe finds no serious violation on the set-up and invitation pages. Screenshots: test/e2e/screenshots/access-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { TEST_PASSWORD } from './workflow-fixtures.js';

// The harness reads this when the session starts (beforeAll): a default start, set-up page first.
process.env.SIGNUP_POLICY = 'default';
const session = useE2ESession();

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** The session token the page keeps; runs in the page, so it closes over nothing. */
function pageToken(): string | null {
  return (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
    'junction.token',
  );
}

/** A page in a browser context of its own (its own local storage: nobody signed in). */
async function freshPage(): Promise<Page> {
  const context = await session().browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function inviteFromSettings(page: Page, email: string, role: string): Promise<string> {
  await page.goto(`${session().baseUrl}/settings`);
  await page.getByLabel('E-mail to invite').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = page.getByLabel('Invitation link');
  await link.waitFor();
  return link.inputValue();
}

describe('instance owner and invitations in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  const ownerEmail = `owner-${randomUUID()}@example.com`;
  const newcomerEmail = `newcomer-${randomUUID()}@example.com`;
  let ownerPage: Page;
  let newcomerPage: Page;

  it('opens the set-up page on a fresh installation; the owner lands on the instance page', async () => {
    ownerPage = await freshPage();
    const response = await ownerPage.goto(`${session().baseUrl}/`);
    expect(response?.status()).toBe(200);
    await ownerPage.waitForURL(/\/setup$/);
    await ownerPage.getByRole('heading', { name: 'Set up Junction' }).waitFor();
    await ownerPage.getByLabel('Your name').fill('Olive Owner');
    await ownerPage.getByLabel('E-mail').fill(ownerEmail);
    await ownerPage.getByLabel('Password').fill(TEST_PASSWORD);
    await saveScreenshot(ownerPage, 'access-setup');
    expect(await seriousViolations(ownerPage)).toEqual([]);
    await ownerPage.getByRole('button', { name: 'Create owner account' }).click();

    await ownerPage.waitForURL(/\/instance$/);
    await ownerPage.getByRole('heading', { name: 'Instance', level: 1 }).waitFor();
    await expect.poll(() => ownerPage.getByLabel('Who may sign up').inputValue()).toBe('invite');
    await ownerPage.getByRole('table', { name: 'Users' }).getByText(ownerEmail).waitFor();
    await ownerPage.getByText('Instance owner').waitFor();
    await saveScreenshot(ownerPage, 'access-instance-page');

    // A stranger who reaches the server now gets the sign-up page's closed answer.
    const stranger = await fetch(`${session().baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `stranger-${randomUUID()}@example.com`, password: TEST_PASSWORD }),
    });
    expect(stranger.status).toBe(403);
  });

  it('invites a new person, who sets a password and joins the workspace', async () => {
    const link = await inviteFromSettings(ownerPage, newcomerEmail, 'editor');
    expect(link).toMatch(/\/invite\//);
    await ownerPage.getByRole('table', { name: 'Pending invitations' }).getByText(newcomerEmail).waitFor();
    // The owner's way back to the instance page is on the settings page.
    await ownerPage.getByRole('link', { name: 'Open instance settings' }).waitFor();
    await saveScreenshot(ownerPage, 'access-invite-link');

    newcomerPage = await freshPage();
    await newcomerPage.goto(link);
    await newcomerPage.getByRole('heading', { name: 'Join My First Workspace' }).waitFor();
    await newcomerPage.getByText('Olive Owner invited').waitFor();
    await newcomerPage.getByLabel('Your name').fill('Nia Newcomer');
    await newcomerPage.getByLabel('Choose a password').fill(TEST_PASSWORD);
    await saveScreenshot(newcomerPage, 'access-invite-new-person');
    expect(await seriousViolations(newcomerPage)).toEqual([]);
    await newcomerPage.getByRole('button', { name: 'Create account and join' }).click();
    await newcomerPage.waitForURL(/\/dashboard$/);
    await newcomerPage.getByText('My First Workspace').first().waitFor();
    await newcomerPage.goto(`${session().baseUrl}/settings`);
    await newcomerPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await newcomerPage.getByRole('link', { name: 'Open instance settings' }).count()).toBe(0);

    // The link worked once.
    const reused = await freshPage();
    await reused.goto(link);
    await reused.getByRole('alert').filter({ hasText: 'no longer valid' }).waitFor();
  });

  it('invites an existing account to a second workspace; it joins and the switcher lists both', async () => {
    // The owner's second workspace, made current for the invitation.
    const token = await ownerPage.evaluate(pageToken);
    const created = await fetch(`${session().baseUrl}/api/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Operations' }),
    });
    const tenant = (await created.json()) as { id: string };
    await fetch(`${session().baseUrl}/api/tenants/${tenant.id}/switch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const link = await inviteFromSettings(ownerPage, newcomerEmail, 'viewer');

    await newcomerPage.goto(link);
    await newcomerPage.getByRole('heading', { name: 'Join Operations' }).waitFor();
    await saveScreenshot(newcomerPage, 'access-invite-existing-account');
    await newcomerPage.getByRole('button', { name: 'Join Operations' }).click();
    await newcomerPage.waitForURL(/\/dashboard$/);
    const switcher = newcomerPage.getByLabel('Workspace', { exact: true });
    await switcher.waitFor();
    await expect.poll(() => switcher.locator('option').allTextContents()).toEqual(['My First Workspace', 'Operations']);
    await expect.poll(() => switcher.inputValue()).toBe(tenant.id);
    await saveScreenshot(newcomerPage, 'access-workspace-switcher');

    // The same link again, now as a member: it is used.
    const again = await fetch(`${session().baseUrl}/api/invitations/accept`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await newcomerPage.evaluate(pageToken)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token: decodeURIComponent(link.split('/invite/')[1] ?? '') }),
    });
    expect(again.status).toBe(410);
  });

  it('the owner disables the newcomer on the instance page', async () => {
    await ownerPage.goto(`${session().baseUrl}/instance`);
    await ownerPage.getByRole('button', { name: `Disable ${newcomerEmail}` }).click();
    await ownerPage.getByRole('table', { name: 'Users' }).getByText('Disabled').waitFor();
    await saveScreenshot(ownerPage, 'access-user-disabled');
    const me = await fetch(`${session().baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${await newcomerPage.evaluate(pageToken)}` },
    });
    expect(me.status).toBe(401);
  });
});
