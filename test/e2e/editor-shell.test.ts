/**
 * The editor shell in the browser: canvas links with their filter and delay panels,
 * inserting and moving steps, the palette, the ON/OFF switch, the help menu, Ctrl+S, sharing
 * and accepting a template — against the real server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, signUp, storeTestedWorkflow, storeToken, switchSettled } from './workflow-fixtures.js';

const session = useE2ESession();

async function openEditor(grant: Grant, waitFor: string, query = `id=${encodeURIComponent(grant.workflowId)}`) {
  const page = await session().newPage();
  await page.addInitScript(storeToken, grant.token);
  await page.goto(`${session().baseUrl}/?${query}`);
  await page.getByText(waitFor).first().waitFor();
  await switchSettled(page);
  return page;
}

const cards = (page: Page) => page.getByTestId('step-card');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/**
 * Waits until the canvas stands still: opening a step's drawer pans it in a 250 ms animation,
 * and a box measured during the pan is not where the element ends up.
 */
async function canvasSettled(page: Page): Promise<void> {
  const transform = () =>
    page
      .locator('.react-flow__viewport')
      .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).transform ?? '');
  await expect
    .poll(async () => {
      const before = await transform();
      await page.waitForTimeout(100);
      return before === (await transform());
    })
    .toBe(true);
}

describe('the editor shell in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('adds a filter and a delay on a link from its label, inserts a step, and moves a step by dragging it onto a link', async () => {
    const grant = await signUp(session().baseUrl, 'shell');
    const page = await openEditor(grant, 'Click to Add Trigger');
    await saveScreenshot(page, 'shell-canvas-palette');

    // The link's '+' label opens its menu.
    await page.getByRole('button', { name: 'Link menu' }).click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    const filterPanel = page.getByRole('complementary', { name: 'Filter settings' });
    await filterPanel.waitFor();
    await filterPanel.getByLabel('Field of rule 1').fill('${trigger.amount}');
    await filterPanel.getByLabel('Condition of rule 1').selectOption('greaterThan');
    await filterPanel.getByLabel('Value of rule 1').fill('10');
    await filterPanel.getByRole('button', { name: '+ Add "Or" rule group' }).click();
    // The condition is the theme's select (its chevron), not the browser's bare control.
    await expect(
      filterPanel
        .getByLabel('Condition of rule 1')
        .first()
        .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).appearance),
    ).resolves.toBe('none');
    await saveScreenshot(page, 'shell-filter-panel');
    await filterPanel.getByRole('button', { name: 'Remove rule 1' }).last().click();
    await filterPanel.getByRole('button', { name: 'Save filter' }).click();
    const filtered = page.getByRole('button', { name: /^Link menu: Filter: amount/ });
    await filtered.waitFor();

    await filtered.click();
    await page.getByRole('menuitem', { name: 'Add delay' }).click();
    const delayPanel = page.getByRole('complementary', { name: 'Delay settings' });
    await delayPanel.getByLabel('Delay Time (seconds)').fill('30');
    await saveScreenshot(page, 'shell-delay-panel');
    await delayPanel.getByRole('button', { name: 'Save delay' }).click();
    await toast(page, 'Delay of 30 seconds saved');

    // Insert a step on the link: trigger → new → action.
    await filtered.click();
    await page.getByRole('menuitem', { name: 'Insert step here' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    // A click on the empty pane closes the new step's panel.
    await page.getByTestId('workflow-canvas').click({ position: { x: 40, y: 300 } });

    // Drag the original action (now last in the chain) onto the first link: 'Step … was moved'.
    await canvasSettled(page);
    const last = cards(page).nth(1);
    const lastName = (await last.getAttribute('aria-label'))?.replace(/^action step /, '') ?? '';
    const from = await last.boundingBox();
    const label = await page.getByTestId('link-label').first().boundingBox();
    expect(from && label).toBeTruthy();
    if (!from || !label) return;
    await page.mouse.move(from.x + 60, from.y + 40);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y + 10, { steps: 5 });
    await page.mouse.move(label.x + label.width / 2, label.y + label.height / 2, { steps: 15 });
    await saveScreenshot(page, 'shell-step-dragging');
    await page.mouse.up();
    await toast(page, `Step ${lastName} was moved`);
    await saveScreenshot(page, 'shell-step-moved');
    // The moved step now comes right after the trigger.
    const firstLink = page.getByTestId('link-label').first();
    expect(await firstLink.textContent()).toBe('Filter: amount · Delay: 30s');
    await page.getByRole('button', { name: 'Undo' }).hover();
    expect(await page.getByRole('list', { name: 'Undo list' }).getByRole('listitem').first().textContent()).toBe(
      'move step',
    );
    // Keyboard (editor-core 4.3): Ctrl+Z undoes the move, Ctrl+Shift+Z redoes it.
    const firstEntry = (title: string) =>
      page.getByRole('list', { name: `${title} list` }).getByRole('listitem').first().textContent();
    await page.mouse.click(1150, 150);
    await page.keyboard.press('Control+z');
    await page.getByRole('button', { name: 'Redo' }).hover();
    await expect.poll(() => firstEntry('Redo')).toBe('move step');
    await page.mouse.click(1150, 150);
    await page.keyboard.press('Control+Shift+z');
    await page.getByRole('button', { name: 'Undo' }).hover();
    await expect.poll(() => firstEntry('Undo')).toBe('move step');
    await expect.poll(() => firstLink.textContent()).toBe('Filter: amount · Delay: 30s');
    // Escape closes an open step panel.
    await page.getByTestId('step-card').first().click();
    await page.getByTestId('step-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('step-panel').waitFor({ state: 'detached' });
    await page.close();
  });

  it('switches a tested workflow ON and OFF with the exact toasts; the switch is disabled while steps are untested', async () => {
    const { baseUrl } = session();
    const untested = await signUp(baseUrl, 'shell');
    const first = await openEditor(untested, 'Click to Add Trigger');
    expect(await first.getByRole('switch', { name: 'Workflow ON/OFF' }).isDisabled()).toBe(true);
    expect(await first.getByRole('button', { name: 'Share', exact: true }).isDisabled()).toBe(true);
    await first.close();

    const grant = await signUp(baseUrl, 'shell');
    await storeTestedWorkflow(baseUrl, grant, 'Orders to sales');
    const page = await openEditor(grant, 'Catch Hook in Webhook');
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    expect(await toggle.isDisabled()).toBe(false);
    await toggle.click();
    await toast(page, 'Workflow status: ACTIVE');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await saveScreenshot(page, 'shell-workflow-on');
    await toggle.click();
    await toast(page, 'Workflow status: PAUSED');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // Ctrl+S saves and says so.
    await page.getByTestId('workflow-canvas').click({ position: { x: 40, y: 400 } });
    await page.keyboard.press('Control+s');
    await toast(page, 'Orders to sales was auto-saved');

    // The help menu.
    await page.getByRole('button', { name: 'Help' }).click();
    const items = page.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual(['Help Desk', 'Documentation', 'Developer portal']);
    await saveScreenshot(page, 'shell-help-menu');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('shares a workflow as a template, copies its address, and another user accepts it as a new workflow', async () => {
    const { baseUrl, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const owner = await signUp(baseUrl, 'shell');
    await storeTestedWorkflow(baseUrl, owner, 'Orders to sales');
    const page = await openEditor(owner, 'Catch Hook in Webhook');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize your shared workflow template' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Workflow title').inputValue()).toBe('Orders to sales');
    await dialog.getByLabel('Workflow description').fill('Sends every order above 10 to the sales API.');
    await saveScreenshot(page, 'shell-share-dialog');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const success = page.getByRole('dialog', { name: "You've shared your workflow template!" });
    await success.waitFor();
    const url = await success.getByLabel('Template URL').inputValue();
    expect(url).toMatch(/\?template_id=/);
    await success.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied to clipboard');
    await saveScreenshot(page, 'shell-share-success');
    await page.close();

    const reader = await signUp(baseUrl, 'shell');
    const query = new URL(url).search.slice(1);
    const accepted = await openEditor(reader, 'Catch Hook in Webhook', query);
    expect(await accepted.getByLabel('Workflow name').inputValue()).toBe('Template: Orders to sales');
    const address = new URL(accepted.url());
    expect(address.searchParams.get('template_id')).toBeNull();
    expect(address.searchParams.get('id')).toBeTruthy();
    expect(await accepted.getByRole('switch', { name: 'Workflow ON/OFF' }).getAttribute('aria-checked')).toBe('false');
    await saveScreenshot(accepted, 'shell-template-accepted');
    await accepted.close();
  });

  it('keeps edits while the server cannot be reached and saves them when it is back', async () => {
    const grant = await signUp(session().baseUrl, 'shell');
    const page = await openEditor(grant, 'Click to Add Trigger');
    // Saves fail at the network level, as when the server is down.
    await page.route('**/api/workflows/*', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
    );
    const name = page.getByLabel('Workflow name');
    await name.fill('Kept while offline');
    await name.press('Enter');
    const banner = page.getByTestId('unreachable-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('The server cannot be reached. Check your connection, then try again.');
    await saveScreenshot(page, 'shell-server-unreachable');
    await page.unroute('**/api/workflows/*');
    await banner.getByRole('button', { name: 'Try again' }).click();
    await toast(page, 'Connection restored: your changes are saved.');
    await page.reload();
    await page.getByText('Click to Add Trigger').waitFor();
    expect(await page.getByLabel('Workflow name').inputValue()).toBe('Kept while offline');
    await page.close();
  });

  it('reports no uncaught page errors', () => {
    expect(session().pageErrors).toEqual([]);
  });
});
