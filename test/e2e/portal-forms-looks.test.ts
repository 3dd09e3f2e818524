/**
 * The developer portal, the public form and the editor's chrome in both themes: axe finds no
 * serious or critical violation on the app overview, the authentication page, the action
 * editor (API Configuration and Test), /addAuthForm, /editApps, a public form, its thank-you
 * page and the editor with a step panel open, in light and in dark (the system's setting).
 * Each screen is saved under test/visual/before-after/<screen>-after(-dark).png for the
 * side-by-side review of the design system (VISUAL_SHOT_LABEL=before names them -before).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from './harness.js';
import { createSampleForm, declareOrdersApp } from './portal-fixtures.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const SHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'visual', 'before-after');
const LABEL = process.env.VISUAL_SHOT_LABEL ?? 'after';

const session = useE2ESession();

async function shoot(page: Page, screen: string, mode: 'light' | 'dark'): Promise<void> {
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

describe('portal, forms and editor chrome in both themes', { timeout: E2E_TEST_TIMEOUT_MS * 8 }, () => {
  it('has no serious or critical axe violation on any of these screens, light or dark', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'looks');
    await declareOrdersApp(baseUrl, grant);
    const formId = await createSampleForm(baseUrl, grant);
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);

      await page.goto(`${baseUrl}/develop/orders`);
      await page.getByRole('heading', { name: 'App Overview' }).waitFor();
      await check(page, 'portal-app-overview', mode);

      await page.goto(`${baseUrl}/develop/orders/authentication`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, 'portal-authentication', mode);

      await page.goto(`${baseUrl}/develop/orders/actions/create_order/api`);
      await page.getByLabel('URL', { exact: true }).waitFor();
      await check(page, 'portal-action-editor', mode);

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

      await page.goto(`${baseUrl}/page/${formId}`);
      await page.getByRole('heading', { level: 1, name: 'Job application' }).waitFor();
      await check(page, 'public-form', mode);
      await page.getByLabel('Name').fill('Ada');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Your response has been recorded.').waitFor();
      await check(page, 'form-thank-you', mode);

      await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
      const trigger = page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' });
      await trigger.click();
      await page.getByTestId('step-panel').getByRole('heading', { name: '1. Trigger' }).waitFor();
      await check(page, 'editor-panel-open', mode);
      await page.close();
    }
    expect(violations).toEqual([]);
    expect(session().pageErrors).toEqual([]);
  });
});
