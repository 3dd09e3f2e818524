/**
 * Visual regression of the design system: the gallery (every component of web/src/ui in
 * every state) in the light and the dark theme, compared with the committed baselines.
 * After an intended change: `npm run test:visual:update`, look at test/visual/diffs/, commit
 * the baselines.
 */
import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipWithoutBrowser } from '../e2e/harness.js';
import { seriousViolations } from '../e2e/axe-support.js';
import { type StaticServer, startStaticServer } from '../e2e/static-server.js';
import { buildGallery, expectMatchesBaseline, THEMES, themedContext } from './support.js';

describe('design system gallery', { timeout: 120_000 }, () => {
  const missing = skipWithoutBrowser();
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let outDir = '';

  beforeAll(async () => {
    if (missing) return;
    outDir = await buildGallery();
    server = await startStaticServer(outDir);
    // Its own browser, as every visual test (harness.ts `ownBrowser`).
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it.each(THEMES)('looks as its baseline in the %s theme, without serious axe violations', async (mode) => {
    if (!browser || !server) throw new Error('the gallery did not start');
    const context = await themedContext(browser, mode);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/gallery.html`);
      // No ?theme=: the gallery follows the system setting, as the app does.
      await page.locator(`[data-theme-mode="${mode}"]`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await expectMatchesBaseline(page, `gallery-${mode}`);
    } finally {
      await context.close();
    }
  });
});
