/**
 * The editor keeps the user's step in view and stays quiet (editor-core 2.2, 2.10, 4.5): the
 * step drawer pans the canvas so the selected card is whole, autosaves pop no tooltip, filter
 * condition names are never cut, and the top bar draws real icons.
 */
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, hookToRequest, putDocument, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

/** Stores a tested Webhook → HTTP request workflow whose action card sits far to the right. */
async function storeWideWorkflow(baseUrl: string, grant: Grant): Promise<void> {
  const document = hookToRequest({
    id: grant.workflowId,
    name: 'Orders to sales',
    ids: { hook: 'hook', call: 'call' },
    hookSample: { amount: 12, email: 'ann@example.com' },
    request: { name: 'Create new order', testData: { status: 'ok' } },
    requestPosition: { x: 760, y: 240 },
  });
  await putDocument(baseUrl, grant, document);
}

async function openWideEditor() {
  const { baseUrl } = session();
  const grant = await signUp(baseUrl, 'ux');
  await storeWideWorkflow(baseUrl, grant);
  const page = await session().newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(storeToken, grant.token);
  const response = await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
  expect(response?.status()).toBe(200);
  await page.getByText('Create new order').first().waitFor();
  return page;
}

describe('the editor keeps the step in view (editor-core 2.2, 2.10, 4.5)', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('pans the canvas so the selected card is whole beside the drawer, menu and health dot included', async () => {
    const page = await openWideEditor();
    const card = page.getByTestId('step-card').filter({ hasText: 'Create new order' });
    const before = await card.first().boundingBox();
    expect(before).toBeTruthy();
    await card.first().click({ position: { x: 40, y: 40 } });
    const drawer = page.locator('aside').filter({ hasText: 'Create new order' }).first();
    await drawer.waitFor();
    const drawerBox = await drawer.boundingBox();
    // Before the pan the card's right part lay where the drawer now is.
    expect((before?.x ?? 0) + (before?.width ?? 0)).toBeGreaterThan(drawerBox?.x ?? 0);
    const menu = page.getByRole('button', { name: 'Step menu of Create new order' });
    await expect
      .poll(async () => {
        const box = await card.first().boundingBox();
        return box ? box.x + box.width <= (drawerBox?.x ?? 0) : false;
      })
      .toBe(true);
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(drawerBox?.x ?? 0);
    await saveScreenshot(page, 'ux-card-beside-drawer');
    await page.close();
  });

  it('saves in the background without a tooltip over the canvas; the tooltip opens on hover', async () => {
    const page = await openWideEditor();
    const name = page.getByRole('textbox', { name: 'Workflow name' });
    await name.fill('Orders to sales, renamed');
    await name.press('Enter');
    await page.getByRole('status', { name: 'All changes saved' }).waitFor();
    await page.getByText('Saved', { exact: true }).waitFor();
    // No bubble after the save; the indicator itself carries the state.
    expect(await page.getByRole('tooltip').count()).toBe(0);
    expect(
      await page.getByRole('status', { name: 'All changes saved' }).locator('svg.lucide-cloud-check').count(),
    ).toBe(1);
    await saveScreenshot(page, 'ux-saved-no-tooltip');
    await page.getByRole('status', { name: 'All changes saved' }).hover();
    await page.getByRole('tooltip', { name: 'All changes saved' }).waitFor();
    await saveScreenshot(page, 'ux-saved-tooltip-on-hover');
    await page.close();
  });

  it('shows every filter condition name whole and draws the top bar with icons, not glyphs', async () => {
    const page = await openWideEditor();
    for (const label of ['Exit to dashboard', 'Undo', 'Redo', 'Help']) {
      const control = page.getByRole(label === 'Exit to dashboard' ? 'link' : 'button', { name: label, exact: true });
      expect(await control.locator('svg.lucide').count(), label).toBe(1);
    }
    await page.getByRole('button', { name: 'Link menu' }).click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    const panel = page.getByRole('complementary', { name: 'Filter settings' });
    await panel.waitFor();
    await panel.getByLabel('Condition of rule 1').selectOption('stringUnequal');
    await panel.getByLabel('Value of rule 1').fill('10');
    // The select is at least as wide as the browser needs for its longest option.
    const widths = await panel.getByLabel('Condition of rule 1').evaluate((select) => {
      // Runs in the page: the DOM globals are the page's.
      const clone = select.cloneNode(true) as typeof select;
      clone.style.width = 'auto';
      clone.style.flex = 'none';
      clone.style.position = 'absolute';
      select.ownerDocument.body.append(clone);
      const natural = clone.getBoundingClientRect().width;
      clone.remove();
      return { natural, shown: select.getBoundingClientRect().width };
    });
    expect(widths.shown).toBeGreaterThanOrEqual(widths.natural - 0.5);
    await saveScreenshot(page, 'ux-filter-condition-whole');
    await page.close();
  });
});
