/**
 * Visual regression of the product's key screens (issue list in test/CONTEXT.md "visual"),
 * light and dark, each with axe: the real server and the production build, as the browser
 * tests run them. A screen with data a run changes (dates, generated e-mails) must fix them
 * first, or its baseline never matches. Add a screen as one `it.each(THEMES)` below.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../e2e/axe-support.js';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from '../e2e/harness.js';
import { expectMatchesBaseline, THEMES, themedContext } from './support.js';

describe('key screens', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  const session = useE2ESession({ ownBrowser: true });

  it.each(THEMES)('the 404 page looks as its baseline in the %s theme', async (mode) => {
    const context = await themedContext(session().browser, mode);
    try {
      const page = await context.newPage();
      await page.goto(`${session().baseUrl}/no-such-page`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await expectMatchesBaseline(page, `screen-404-${mode}`);
    } finally {
      await context.close();
    }
  });
});
