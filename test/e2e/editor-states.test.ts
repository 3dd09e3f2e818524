/**
 * What the editor tells a Zapier or n8n user at a glance (editor-core 1, 2.2, 2.8, 2.9, 4.8, 6;
 * onboarding 9 breakpoints): a failed test shows on its card and in the stepper with Retest, the
 * blocked switch says why; the trigger app list holds only apps with triggers and Popular has
 * the Demo CRM; Formatter offers premium in the App step; the editor is whole at 1280 × 800
 * and readable at 800 wide; tabs are Radix tabs and the toast pauses under the pointer.
 * Screenshots: test/e2e/screenshots/states-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, hookToRequest, putDocument, signUp, storeToken, switchSettled } from './workflow-fixtures.js';

const session = useE2ESession();

/** Stores Webhook → HTTP request, the request's last test failed with 'Not Found'. */
async function storeFailedWorkflow(baseUrl: string, grant: Grant): Promise<void> {
  const request = { name: 'Create new order', testData: { error: 'Not Found', status_code: 404 } };
  const document = hookToRequest({
    id: grant.workflowId,
    name: 'Orders to sales',
    ids: { hook: 'hook', call: 'call' },
    hookSample: { amount: 12, email: 'ann@example.com' },
    request,
  });
  await putDocument(baseUrl, grant, document);
}

async function openEditor(grant: Grant): Promise<Page> {
  const { baseUrl } = session();
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
  await page.getByTestId('step-card').first().waitFor();
  await switchSettled(page);
  return page;
}

const panel = (page: Page) => page.getByTestId('step-panel');

/** The browser globals the page functions read (the tests compile without the DOM library). */
interface BrowserWindow {
  innerWidth: number;
  innerHeight: number;
  document: {
    documentElement: { scrollWidth: number };
    querySelector(selector: string): {
      getBoundingClientRect(): { left: number; top: number; right: number; bottom: number };
    } | null;
  };
}

/** Whether every part of the element lies inside the window (nothing cut at the edges). */
async function isWhollyInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const win = globalThis as unknown as BrowserWindow;
    const el = win.document.querySelector(sel);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.top >= 0 && box.right <= win.innerWidth && box.bottom <= win.innerHeight;
  }, selector);
}

describe('the editor at a glance', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('shows a failed test on its card and in the stepper with Retest; the switch says why it is blocked', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'states');
    await storeFailedWorkflow(baseUrl, grant);
    const page = await openEditor(grant);

    const card = page.locator('[data-testid="step-card"][data-step-id="call"]');
    await expect.poll(() => card.getByTestId('step-test-problem').textContent()).toBe('Test data error. Not Found');
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-description')).toBe("Can't switch ON — Create new order: Test data error.");
    await toggle.hover({ force: true });
    await page.getByRole('tooltip').filter({ hasText: "Can't switch ON" }).waitFor();
    await saveScreenshot(page, 'states-test-failed-card');

    await card.getByRole('button', { name: 'Retest Create new order' }).click();
    await panel(page).waitFor();
    // The retest ran: the Test section is open with its outcome (the request has no URL, so it fails again).
    await expect
      .poll(() =>
        panel(page)
          .getByRole('button', { name: /^\d?\s*Test/ })
          .getAttribute('aria-expanded'),
      )
      .toBe('true');
    await panel(page).getByRole('button', { name: 'Retest action' }).waitFor();
    // Escape closes the step panel (editor shortcuts), as Close panel does.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });

    // The stepper says it too, under the Test header, with its own Retest.
    await card.click();
    await panel(page).getByRole('alert').filter({ hasText: 'Test data error.' }).waitFor();
    expect(
      await panel(page)
        .getByRole('alert')
        .filter({ hasText: 'Test data error.' })
        .getByRole('button', { name: 'Retest' })
        .count(),
    ).toBe(1);
    expect(await seriousViolations(page), 'editor with a step panel open').toEqual([]);
    await panel(page).getByRole('alert').filter({ hasText: 'Test data error.' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'states-test-failed-stepper');
  });

  it("lists only apps with triggers for a trigger, Demo CRM on Popular, and Formatter's premium offer", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'states');
    const page = await openEditor(grant);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    const apps = panel(page).getByRole('list', { name: 'Apps' });
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await apps.getByRole('button', { name: /Webhook/ }).waitFor();
    const names = await apps.getByRole('button').allTextContents();
    for (const name of ['HTTP request', 'Filter', 'Delay', 'Formatter']) {
      expect(names.some((text) => text.startsWith(name))).toBe(false);
    }
    await panel(page).getByRole('tab', { name: 'Popular' }).click();
    await apps.getByRole('button', { name: /Demo CRM/ }).waitFor();
    expect(await panel(page).getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, 'states-trigger-apps-popular');

    // An action's App step: a free workspace choosing Formatter sees the premium offer.
    await page.getByRole('button', { name: 'Close panel' }).click();
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel(page).getByRole('tab', { name: 'ALL' }).click();
    await apps.getByRole('button', { name: /Formatter/ }).click();
    const offer = page.getByRole('dialog', { name: 'Unlock premium apps' });
    await offer.waitFor();
    await saveScreenshot(page, 'states-formatter-premium');
    await offer.getByRole('button', { name: 'No thanks' }).click();
    await expect
      .poll(() => panel(page).getByRole('button', { name: /Event/ }).getAttribute('aria-expanded'))
      .toBe('true');
  });

  it('is whole at 1280 × 800 and readable at 800 wide, panel open', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'states');
    await storeFailedWorkflow(baseUrl, grant);
    const page = await openEditor(grant);
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await page.locator('[data-testid="step-card"][data-step-id="call"]').click();
      await panel(page).waitFor();
      // Nothing of the top bar is cut or scrolls sideways; its last control, the switch, is in view.
      const overflow = await page.evaluate(() => {
        const win = globalThis as unknown as BrowserWindow;
        return win.document.documentElement.scrollWidth - win.innerWidth;
      });
      expect(overflow, `page overflow at ${width}`).toBeLessThanOrEqual(0);
      expect(await isWhollyInView(page, '[data-testid="activation-switch"]'), `switch at ${width}`).toBe(true);
      expect(await isWhollyInView(page, '[data-testid="step-panel"] h2'), `panel title at ${width}`).toBe(true);
      const drawer = await panel(page).boundingBox();
      expect(drawer && drawer.x >= 0 && drawer.x + drawer.width <= width, `drawer at ${width}`).toBe(true);
      await saveScreenshot(page, `states-editor-${width}`);
      await page.getByRole('button', { name: 'Close panel' }).click();
    }
  });

  it('moves between palette tabs with the arrow keys; the toast waits while the pointer is on it', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'states');
    const page = await session().newPage();
    await page.clock.install();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').first().waitFor();

    const palette = page.getByRole('complementary', { name: 'Palette' });
    await palette.getByRole('tab', { name: 'TRIGGERS' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => palette.getByRole('tab', { name: 'ACTIONS' }).getAttribute('aria-selected')).toBe('true');
    expect(await palette.getByRole('tabpanel', { name: 'ACTIONS' }).textContent()).toContain('HTTP request');

    await page.getByRole('button', { name: 'Step menu of Click to Add Action' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Duplicated: Click to Add Action' });
    await toast.waitFor();
    await toast.hover();
    await page.clock.runFor(10_000);
    expect(await toast.isVisible()).toBe(true);
    await saveScreenshot(page, 'states-toast-paused');
    await page.mouse.move(5, 400);
    await page.clock.runFor(3_100);
    await toast.waitFor({ state: 'detached' });
  });
});
