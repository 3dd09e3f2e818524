/**
 * Accessibility of the dashboard pages and the replay viewer: axe-core finds no
 * serious or critical violation on /workflows, /connections, /settings, /profile, /support,
 * /dashboard and /executions/{id} (with a step dialog open).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from './harness.js';
import { seriousViolations } from './axe-support.js';

/** Runs in the page (typed without the DOM library): keeps the session token where the app reads it. */
function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

const session = useE2ESession();

describe('dashboard and replay accessibility', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('has no serious or critical axe violation', async () => {
    const { baseUrl } = session();
    const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `axe-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    const grant = (await res.json()) as { token: string; workflowId: string };
    const auth = { authorization: `Bearer ${grant.token}`, 'content-type': 'application/json' };
    await fetch(`${baseUrl}/api/demo-crm/keys`, { method: 'POST', headers: auth, body: '{}' });
    // An OFF webhook workflow's webhook is recorded (not_run): enough for the replay page.
    const starter = (await (
      await fetch(`${baseUrl}/api/starters`, { method: 'POST', headers: auth, body: '{"template":0}' })
    ).json()) as { id: string };
    const hook = (await (await fetch(`${baseUrl}/api/workflows/${starter.id}/hook`, { headers: auth })).json()) as {
      url: string;
    };
    await fetch(`${baseUrl}${new URL(hook.url).pathname}`, { method: 'POST', headers: auth, body: '{"n":1}' });
    const runs = (await (
      await fetch(`${baseUrl}/api/workflows/${starter.id}/executions`, { headers: auth })
    ).json()) as { items: { id: string }[] };

    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    for (const path of ['/workflows', '/connections', '/settings', '/profile', '/support', '/dashboard', '/runs']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto(`${baseUrl}/executions/${runs.items[0].id}`);
    await page.getByTestId('replay-step').first().click();
    await page.getByTestId('step-run-dialog').waitFor();
    expect(await seriousViolations(page), 'replay').toEqual([]);
  });
});
