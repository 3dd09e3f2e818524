/**
 * The OAuth pop-up when its ticket is refused (editor-core 7.3): a sign-in window reopened
 * after its single-use ticket was spent reads a page in words, not a JSON Problem, and tells
 * the editor that opened it, then closes. Screenshot: test/e2e/screenshots/oauth-popup-ticket-refused.png.
 */
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

/** What the page code below reads from `globalThis` (typed without the DOM library). */
interface PageGlobals {
  addEventListener(type: 'message', listener: (event: { data: unknown; origin: string }) => void): void;
  open(url: string, name: string, features: string): unknown;
  received?: { data: unknown; origin: string }[];
}

describe('the OAuth pop-up with a refused ticket', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('says in words that the window expired and posts ok: false to the editor', async () => {
    const { baseUrl } = session();
    // The sign-up answer also names the user.
    const grant = (await signUp(baseUrl, 'popup')) as Awaited<ReturnType<typeof signUp>> & { user: { id: string } };
    const headers = { authorization: `Bearer ${grant.token}` };
    const ticket = (
      (await (await fetch(`${baseUrl}/api/auth/popup-ticket`, { method: 'POST', headers })).json()) as {
        ticket: string;
      }
    ).ticket;
    const popupUrl = `${baseUrl}/auth/google-docs?uid=${encodeURIComponent(grant.user.id)}&ticket=${encodeURIComponent(ticket)}`;
    // The ticket is spent once (here by a script, as the first opening of the window would).
    await fetch(popupUrl, { redirect: 'manual' });

    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').first().waitFor();
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.received = [];
      g.addEventListener('message', (event) => g.received?.push({ data: event.data, origin: event.origin }));
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        (globalThis as unknown as PageGlobals).open(url, 'junction-oauth', 'width=520,height=640');
      }, popupUrl),
    ]);
    // The page posts the result to the editor and closes itself.
    await popup.waitForEvent('close');
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).received ?? []))
      .toEqual([
        {
          origin: baseUrl,
          data: {
            type: 'junction:oauth',
            ok: false,
            app: 'google-docs',
            message:
              'This sign-in window has expired or was already used. Close it and connect the account again from Junction.',
          },
        },
      ]);

    // A window without an opener (the link opened on its own) keeps the page to read.
    const alone = await session().newPage();
    const answer = await alone.goto(popupUrl);
    expect(answer?.status()).toBe(401);
    await alone.getByRole('heading', { name: 'Could not connect the account' }).waitFor();
    const text = (await alone.locator('body').innerText()).trim();
    expect(text).toContain('This sign-in window has expired or was already used.');
    expect(text).not.toContain('{');
    await saveScreenshot(alone, 'oauth-popup-ticket-refused');
    expect(session().pageErrors).toEqual([]);
    await page.close();
    await alone.close();
  });
});
