/**
 * The developer portal's other pages in both themes: axe finds no serious or critical
 * violation on the authentication page, the action's Test tab, /addAuthForm and /editApps, in
 * light and in dark (the system's setting). The app overview, the action editor, a public form,
 * its thank-you page and the editor with a step panel open are checked in both themes, with
 * their baselines, by test/visual/portal-forms-screens.test.ts. Outside CI each screen is saved
 * under test/visual/before-after/<screen>-after(-dark).png for the side-by-side review of the
 * design system (VISUAL_SHOT_LABEL=before names them -before).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, screenshotsWanted, useE2ESession } from './harness.js';
import { declareOrdersApp } from './portal-fixtures.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const SHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'visual', 'before-after');
const LABEL = process.env.VISUAL_SHOT_LABEL ?? 'after';

const session = useE2ESession();

async function shoot(page: Page, screen: string, mode: 'light' | 'dark'): Promise<void> {
  if (!screenshotsWanted()) return;
  await mkdir(SHOT_DIR, { recursive: true });
  const suffix = mode === 'dark' ? `${LABEL}-dark` : LABEL;
  if (LABEL === 'before' && mode === 'dark') return;
  await page.screenshot({
    path: path.join(SHOT_DIR, `${screen}-${suffix}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** Every screen's serious and critical violations, asserted together at the end. */
const violations: string[] = [];

async function check(page: Page, screen: string, mode: 'light' | 'dark'): Promise<void> {
  await page.waitForLoadState('networkidle');
  await shoot(page, screen, mode);
  for (const line of await seriousViolations(page)) violations.push(`${screen} (${mode}): ${line}`);
}

describe('the portal’s other pages in both themes', { timeout: E2E_TEST_TIMEOUT_MS * 8 }, () => {
  it('have no serious or critical axe violation, light or dark', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'looks');
    await declareOrdersApp(baseUrl, grant);
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);

      await page.goto(`${baseUrl}/develop/orders/authentication`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, 'portal-authentication', mode);

      await page.goto(`${baseUrl}/develop/orders/actions/create_order/test`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, 'portal-action-test', mode);

      await page.goto(`${baseUrl}/addAuthForm`);
      await page.getByRole('heading', { name: 'API Info' }).waitFor();
      await check(page, 'portal-add-auth-form', mode);

      await page.goto(`${baseUrl}/editApps`);
      await page.getByRole('heading', { name: 'Edit apps' }).waitFor();
      await page.getByRole('table').getByRole('link', { name: 'Orders', exact: true }).waitFor();
      await check(page, 'portal-edit-apps', mode);

      await page.close();
    }
    expect(violations).toEqual([]);
    expect(session().pageErrors).toEqual([]);
  });
});
