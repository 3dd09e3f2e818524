/**
 * Visual regression of the portal's app overview and action editor, a public form, its
 * thank-you page and the editor with a step panel open, light and dark, each with axe (the
 * issue's key screens). The app, the form and the workflow are made fresh by each run with
 * fixed names, so nothing a run generates shows.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../e2e/axe-support.js';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from '../e2e/harness.js';
import { createSampleForm, declareOrdersApp } from '../e2e/portal-fixtures.js';
import { type Grant, signUp, storeToken } from '../e2e/workflow-fixtures.js';
import { expectMatchesBaseline, THEMES, themedContext } from './support.js';

describe('portal, form and editor screens', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  const session = useE2ESession({ ownBrowser: true });
  let grant: Grant;
  let formId = '';
  beforeAll(async () => {
    const { baseUrl } = session();
    grant = await signUp(baseUrl, 'visual-portal');
    await declareOrdersApp(baseUrl, grant);
    formId = await createSampleForm(baseUrl, grant);
  }, E2E_TEST_TIMEOUT_MS * 2);

  async function onScreen(mode: (typeof THEMES)[number], open: (page: Page) => Promise<void>, name: string) {
    const context = await themedContext(session().browser, mode);
    try {
      await context.addInitScript(storeToken, grant.token);
      const page = await context.newPage();
      await open(page);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await expectMatchesBaseline(page, `${name}-${mode}`);
    } finally {
      await context.close();
    }
  }

  it.each(THEMES)('the portal app overview looks as its baseline in the %s theme', async (mode) => {
    await onScreen(
      mode,
      async (page) => {
        await page.goto(`${session().baseUrl}/develop/orders`);
        await page.getByRole('heading', { name: 'App Overview' }).waitFor();
      },
      'screen-portal-app-overview',
    );
  });

  it.each(THEMES)('the portal action editor looks as its baseline in the %s theme', async (mode) => {
    await onScreen(
      mode,
      async (page) => {
        await page.goto(`${session().baseUrl}/develop/orders/actions/create_order/api`);
        await page.getByText('X-Api-Key: «api_key»', { exact: false }).waitFor();
      },
      'screen-portal-action-editor',
    );
  });

  it.each(THEMES)('a public form looks as its baseline in the %s theme', async (mode) => {
    await onScreen(
      mode,
      async (page) => {
        await page.goto(`${session().baseUrl}/page/${formId}`);
        await page.getByRole('heading', { level: 1, name: 'Job application' }).waitFor();
      },
      'screen-public-form',
    );
  });

  it.each(THEMES)('the thank-you page looks as its baseline in the %s theme', async (mode) => {
    await onScreen(
      mode,
      async (page) => {
        await page.goto(`${session().baseUrl}/page/${formId}`);
        await page.getByLabel('Name').fill('Ada');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Your response has been recorded.').waitFor();
      },
      'screen-form-thank-you',
    );
  });

  it.each(THEMES)('the editor with a step panel open looks as its baseline in the %s theme', async (mode) => {
    await onScreen(
      mode,
      async (page) => {
        await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
        await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
        await page.getByTestId('step-panel').getByRole('heading', { name: '1. Trigger' }).waitFor();
      },
      'screen-editor-panel-open',
    );
  });
});
