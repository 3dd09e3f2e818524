/**
 * postMessage from an untrusted origin: the editor's account panel
 * listens for the sign-in pop-up's result (`junction:credential` / `junction:oauth`). A page
 * on another origin (a second local HTTP server) opened by the editor posts a fake result
 * naming one of the user's accounts to `window.opener`, and from a frame to `parent`; the
 * chosen account must not change and no account is added. The same message posted from the
 * editor's own origin does choose it (so the listener was live while the evil one was ignored).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from '../../e2e/harness.js';
import { report } from '../support/report.js';

const session = useE2ESession();
const panel = (page: Page) => page.getByTestId('step-panel');
const accounts = (page: Page) => panel(page).getByRole('list', { name: 'Accounts' });

/** The evil origin: /popup posts to window.opener, /frame to window.parent. */
let evil: http.Server;
let evilOrigin = '';
beforeAll(async () => {
  evil = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const id = JSON.stringify(url.searchParams.get('id') ?? '');
    const target = url.pathname === '/frame' ? 'window.parent' : 'window.opener';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>evil</title><script>
      const to = ${target};
      for (const data of [
        { type: 'junction:credential', credentialId: ${id} },
        { type: 'junction:oauth', ok: true, credentialId: ${id} },
        { type: 'junction:credential-error', message: 'Evil says hi' },
      ]) to.postMessage(data, '*');
      document.title = 'posted';
    </script>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => evil?.close(() => resolve()));
});

async function api(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${session().baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  return { status: response.status, text, json: (text ? JSON.parse(text) : undefined) as any };
}

describe('postMessage from an untrusted origin', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('leaves the chosen account as it was and adds none', async () => {
    const { baseUrl } = session();
    const signUp = await api('POST', '/api/auth/sign-up', undefined, {
      email: `pm-${randomUUID()}@example.com`,
      password: 'Str0ng!Passw0rd#2024',
    });
    expect(signUp.status, signUp.text).toBe(201);
    const { token, workflowId } = signUp.json as { token: string; workflowId: string };
    for (const name of ['Older', 'Newer']) {
      const issued = await api('POST', '/api/demo-crm/keys', token, { name });
      expect(issued.status, issued.text).toBe(201);
    }
    const listed = await api('GET', '/api/credentials?app=demo-crm', token);
    expect(listed.status, listed.text).toBe(200);
    const before = listed.json.items as { id: string; name: string }[];
    expect(before.length).toBe(2);
    const older = before.find((c) => c.name === 'Older') ?? before[0];

    const page = await session().newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript((t) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'junction.token',
        t,
      );
    }, token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await panel(page).getByLabel('Type to search for an App').fill('crm');
    await panel(page)
      .getByRole('button', { name: /Demo CRM/ })
      .click();
    await panel(page)
      .getByRole('button', { name: /Update contact/ })
      .click();
    const pressed = async (name: RegExp) => accounts(page).getByRole('button', { name }).getAttribute('aria-pressed');
    await accounts(page)
      .getByRole('button', { name: /^Demo CRM - Newer#2/ })
      .waitFor();
    expect(await pressed(/^Demo CRM - Newer#2/)).toBe('true');

    // The evil origin: a pop-up opened by the editor posting to its opener, and a frame.
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(
      (url) => (globalThis as unknown as { open(u: string): unknown }).open(url),
      `${evilOrigin}/popup?id=${encodeURIComponent(older.id)}`,
    );
    const popup = await popupPromise;
    await popup.waitForFunction(
      () => (globalThis as unknown as { document: { title: string } }).document.title === 'posted',
    );
    await page.evaluate(
      (url) => {
        const doc = (
          globalThis as unknown as {
            document: { createElement(t: string): { src: string }; body: { appendChild(e: unknown): void } };
          }
        ).document;
        const frame = doc.createElement('iframe');
        frame.src = url;
        doc.body.appendChild(frame);
      },
      `${evilOrigin}/frame?id=${encodeURIComponent(older.id)}`,
    );
    const frame = page.frameLocator(`iframe[src^="${evilOrigin}"]`);
    await frame.locator('script').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(1_500);
    const afterEvil = {
      newer: await pressed(/^Demo CRM - Newer#2/),
      older: await pressed(/^Demo CRM - Older#1/),
      evilErrorShown: (await panel(page).textContent())?.includes('Evil says hi') ?? false,
      accounts: ((await api('GET', '/api/credentials?app=demo-crm', token)).json.items as unknown[]).length,
    };
    await saveScreenshot(page, 'postmessage-untrusted-origin');
    await popup.close();

    // The control: the same message from the editor's own origin is taken.
    await page.evaluate(
      ({ id, origin }) =>
        (globalThis as unknown as { postMessage(d: unknown, o: string): void }).postMessage(
          { type: 'junction:credential', credentialId: id },
          origin,
        ),
      { id: older.id, origin: baseUrl },
    );
    await page.waitForFunction(
      () =>
        Array.from(
          (
            globalThis as unknown as {
              document: {
                querySelectorAll(
                  s: string,
                ): ArrayLike<{ textContent: string | null; getAttribute(n: string): string | null }>;
              };
            }
          ).document.querySelectorAll('[aria-pressed="true"]'),
        ).some((b) => (b.textContent ?? '').includes('Older')),
      undefined,
      { timeout: 10_000 },
    );
    const afterOwn = await pressed(/^Demo CRM - Older#1/);

    report('postMessage from an untrusted origin', [
      {
        'evil messages posted': 6,
        'chosen account after them': afterEvil.newer === 'true' ? 'Newer#2 (unchanged)' : 'changed',
        'evil error shown': String(afterEvil.evilErrorShown),
        'accounts before / after': `${before.length} / ${afterEvil.accounts}`,
        'same-origin control chose Older#1': String(afterOwn === 'true'),
        dialogs: dialogs.length,
      },
    ]);
    expect(afterEvil).toEqual({ newer: 'true', older: 'false', evilErrorShown: false, accounts: 2 });
    expect(afterOwn).toBe('true');
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
