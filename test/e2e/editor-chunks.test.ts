/**
 * The editor's chunks loaded on first use, when their download fails (ui/lazy-chunk.tsx): the
 * trigger menu's 'Run manually' item says it could not be loaded and offers 'Try again', which
 * brings the item once the network is back; the link and step panels say so in their drawer's
 * place.
 * Screenshots: test/e2e/screenshots/chunk-*-failed.png.
 */
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeTestedWorkflow, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

describe('chunks loaded on first use, when their download fails', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it("shows 'Run manually' could not be loaded, and Try again brings the item", async () => {
    const grant = await signUp(session().baseUrl, 'chunks');
    await storeTestedWorkflow(session().baseUrl, grant, 'Chunk failure');
    const page = await session().newPage();
    let isBlocked = true;
    let blocked = 0;
    await page.route('**/assets/ManualRunItem-*.js', (route) => {
      if (!isBlocked) return route.continue();
      blocked += 1;
      return route.abort('internetdisconnected');
    });
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByRole('button', { name: 'Step menu of Catch Hook in Webhook' }).click();
    const menu = page.getByRole('menu');
    await expect
      .poll(() => menu.getByRole('alert').textContent())
      .toBe("'Run manually' could not be loaded. Check your connection and try again.");
    expect(blocked).toBeGreaterThan(0);
    expect(await page.getByTestId('manual-run').count()).toBe(0);
    // The rest of the menu works meanwhile.
    expect(await menu.getByRole('menuitem', { name: 'Rename' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'chunk-manual-run-failed');

    isBlocked = false;
    await menu.getByRole('menuitem', { name: 'Try again' }).click();
    // The menu stays open and the item arrives in place of the message.
    await page.getByTestId('manual-run').waitFor();
    expect(await page.getByTestId('manual-run').textContent()).toBe('Run manually');
    expect(await menu.getByRole('alert').count()).toBe(0);
  });

  it('shows the link panel could not be loaded, and Try again opens the filter panel', async () => {
    const grant = await signUp(session().baseUrl, 'chunks-link');
    await storeTestedWorkflow(session().baseUrl, grant, 'Link chunk failure');
    const page = await session().newPage();
    let isBlocked = true;
    await page.route('**/assets/LinkPanel-*.js', (route) =>
      isBlocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByRole('button', { name: 'Link menu' }).click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    const failed = page.getByRole('complementary', { name: 'Link settings' });
    expect(await failed.getByRole('alert').textContent()).toContain(
      'The link panel could not be loaded. Check your connection and try again.',
    );
    // The editor stays: the canvas is still there.
    expect(await page.getByTestId('step-card').count()).toBe(2);
    await saveScreenshot(page, 'chunk-link-panel-failed');

    // Close leaves the editor as it was; opening the filter again says the same until the network is back.
    await failed.getByRole('button', { name: 'Close' }).click();
    expect(await failed.count()).toBe(0);
    await page.getByRole('button', { name: 'Link menu' }).click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    await failed.getByRole('alert').waitFor();

    isBlocked = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('complementary', { name: 'Filter settings' }).waitFor();
    expect(await failed.count()).toBe(0);
  });

  it('shows the step panel could not be loaded, and Try again opens the panel', async () => {
    const grant = await signUp(session().baseUrl, 'chunks-step');
    await storeTestedWorkflow(session().baseUrl, grant, 'Step chunk failure');
    const page = await session().newPage();
    let isBlocked = true;
    await page.route('**/assets/StepPanel-*.js', (route) =>
      isBlocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').first().click();
    const failed = page.getByRole('complementary', { name: 'Step settings' });
    await expect
      .poll(() => failed.getByRole('alert').textContent())
      .toContain('The step panel could not be loaded. Check your connection and try again.');
    expect(await page.getByTestId('step-panel').count()).toBe(0);
    // The editor stays: the canvas is still there.
    expect(await page.getByTestId('step-card').count()).toBe(2);
    await saveScreenshot(page, 'chunk-step-panel-failed');

    isBlocked = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('step-panel').waitFor();
    expect(await failed.count()).toBe(0);
  });
});
