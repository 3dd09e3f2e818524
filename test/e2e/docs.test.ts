/**
 * The user guide in the browser: /docs opens the first page with the sidebar of every page,
 * screenshots load, search finds pages by their words, links between pages stay in the app,
 * and axe finds no serious violation.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';

const session = useE2ESession();

describe('the user guide at /docs', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  it('opens the first page with every page in the sidebar and its screenshots loaded', async () => {
    const { baseUrl } = session();
    const page = await session().newPage();
    await page.goto(`${baseUrl}/docs`);
    await page.waitForURL(`${baseUrl}/docs/getting-started`);
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'User guide' });
    expect(await sidebar.getByRole('link').allTextContents()).toEqual([
      'Getting started',
      'Building a workflow',
      'Data pills and filters',
      'Connections',
      'Runs and replay',
      'Failure alerts',
      'Runs at scale',
      'Drafts and versions',
      'Forms',
      'The developer portal',
      'Teams and roles',
      'Self-hosting',
      'The command line',
      '← Back to Junction',
    ]);
    const shot = page.getByRole('img', { name: 'The editor of a new workflow' });
    await expect
      .poll(() => shot.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    expect(await page.title()).toBe('Getting started · User guide · Junction');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'docs-getting-started');

    // A link between pages changes the page without reloading the app.
    await page.evaluate(() => Object.assign(globalThis, { stayedInApp: true }));
    await page.getByRole('article').getByRole('link', { name: 'Building a workflow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Building a workflow' }).waitFor();
    expect(await page.evaluate(() => (globalThis as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
    await page.close();
  });

  it('finds pages by their words and opens a hit', async () => {
    const { baseUrl } = session();
    const page = await session().newPage();
    await page.goto(`${baseUrl}/docs/getting-started`);
    await page.getByRole('searchbox', { name: 'Search the guide' }).fill('filter');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: 'Data pills and filters' }).waitFor();
    expect(await results.getByText(/Only continue if|filter/i).count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'docs-search');
    await results.getByRole('link', { name: 'Data pills and filters' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data pills and filters' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/data-pills-and-filters');

    await page.getByRole('searchbox', { name: 'Search the guide' }).fill('zzzunknown');
    await page.getByText('No page mentions “zzzunknown”.').waitFor();
    // An unknown page opens the first one.
    await page.goto(`${baseUrl}/docs/no-such-page`);
    await page.waitForURL(`${baseUrl}/docs/getting-started`);
    await page.close();
  });
});
