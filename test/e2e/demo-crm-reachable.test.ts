/**
 * The Demo CRM is reachable and readable for a new user: the dashboard's sidebar links to it,
 * the connect dialog's "Settings → API in the Demo CRM" is a link that opens its API keys, and
 * its screens read in the light and the dark theme (every colour a theme role: the heading on
 * the page and the cards on the page's background). Screenshots:
 * test/e2e/screenshots/demo-crm-{light,dark}.png, demo-crm-connect-link.png.
 */
import { contrastRatio } from '@junction/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

/** Runs in the page: the colours the user sees behind and on the page's heading and first card. */
function pageColours(): { heading: string; card: string; cardText: string } {
  const doc = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
  const style = (selector: string) =>
    (
      globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string; color: string } }
    ).getComputedStyle(doc.querySelector(selector));
  return {
    heading: style('main h1').color,
    card: style('main section').backgroundColor,
    cardText: style('main section h2').color,
  };
}

/** The background the page's content is drawn on: the nearest ancestor of <main> with a fill. */
function pageBackground(): string {
  const g = globalThis as unknown as {
    document: { querySelector(s: string): { parentElement: unknown } | null };
    getComputedStyle(e: unknown): { backgroundColor: string };
  };
  let node = g.document.querySelector('main') as { parentElement: unknown } | null;
  while (node) {
    const fill = g.getComputedStyle(node).backgroundColor;
    if (fill !== 'rgba(0, 0, 0, 0)' && fill !== 'transparent') return fill;
    node = node.parentElement as { parentElement: unknown } | null;
  }
  return 'rgb(255, 255, 255)';
}

/** '#rrggbb' of a computed 'rgb(r, g, b)' colour. */
function hex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

async function expectReadable(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const background = hex(await page.evaluate(pageBackground));
  const colours = await page.evaluate(pageColours);
  // The heading stands out from the page, the card's heading from the card (WCAG AA).
  expect(contrastRatio(hex(colours.heading), background)).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(hex(colours.cardText), hex(colours.card))).toBeGreaterThanOrEqual(4.5);
  // The page's background belongs to the theme: dark under dark cards, light under light ones.
  const isDark = (colour: string) => contrastRatio(colour, '#000000') < contrastRatio(colour, '#ffffff');
  expect(isDark(background), `${mode} page background ${background}`).toBe(mode === 'dark');
  expect(isDark(hex(colours.card)), `${mode} card ${colours.card}`).toBe(mode === 'dark');
}

describe('the Demo CRM, reachable and readable', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('is linked from the sidebar and reads in both themes', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'crm-links');
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Demo CRM' }).click();
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/demo-crm');
      await page.getByText('No contacts yet.', { exact: false }).waitFor();
      await expectReadable(page, mode);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `demo-crm-${mode}`);
      await page.getByRole('link', { name: 'Settings → API' }).click();
      await page.getByRole('heading', { name: 'Settings → API', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create API key' }).click();
      await page.getByRole('status', { name: 'New API key' }).waitFor();
      await expectReadable(page, mode);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `demo-crm-api-${mode}`);
      await page.close();
    }
    expect(session().pageErrors).toEqual([]);
  });

  it("opens Settings → API from the connect dialog's link", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'crm-connect');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    const panel = page.getByTestId('step-panel');
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Action' }).click();
    await panel.getByRole('tab', { name: 'ALL' }).click();
    await panel.getByLabel('Type to search for an App').fill('crm');
    await panel.getByRole('button', { name: /Demo CRM/ }).click();
    await panel.getByRole('button', { name: /Update contact/ }).click();
    await panel.getByRole('button', { name: '+ Add new Demo CRM account' }).click();
    const form = page.getByRole('dialog', { name: 'Connect your Demo CRM account' });
    const link = form.getByRole('link', { name: 'Settings → API in the Demo CRM' });
    expect(await link.getAttribute('href')).toBe('/demo-crm?tab=api');
    await saveScreenshot(page, 'demo-crm-connect-link');
    // A new tab, so the dialog the user is filling in stays.
    const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await opened.getByRole('heading', { name: 'Settings → API', level: 1 }).waitFor();
    expect(await form.isVisible()).toBe(true);
    await opened.close();
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
