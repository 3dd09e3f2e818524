/**
 * Accessibility of the editor: axe-core finds no serious or critical violation on
 * the editor with its palette and canvas, the issues popover, a link's filter panel and the
 * share dialog.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { seriousViolations } from './axe-support.js';
import { storeTestedWorkflow } from './workflow-fixtures.js';

const session = useE2ESession();

function storeToken(token: string): void {
  (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
    'junction.token',
    token,
  );
}

describe('the editor has no serious or critical axe violations', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('on the canvas, the issues popover, the filter panel and the palette', async () => {
    const { baseUrl } = session();
    const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `axe-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    const grant = (await response.json()) as { token: string; workflowId: string };
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByText('Click to Add Trigger').waitFor();

    expect(await seriousViolations(page), 'editor').toEqual([]);

    await page.getByRole('button', { name: /workflow issues$/ }).click();
    await page.getByRole('heading', { name: 'Workflow Issues' }).waitFor();
    expect(await seriousViolations(page), 'issues popover').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Link menu' }).click();
    await page.getByRole('menuitem', { name: 'Add filter' }).click();
    await page.getByRole('complementary', { name: 'Filter settings' }).waitFor();
    expect(await seriousViolations(page), 'filter panel').toEqual([]);

    await page.getByRole('tab', { name: 'TOOLS' }).click();
    expect(await seriousViolations(page), 'palette tools').toEqual([]);
    await saveScreenshot(page, 'axe-editor-filter-panel');
    await page.close();
  });

  it('on the share dialog', async () => {
    const { baseUrl } = session();
    const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `axe-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    const grant = (await response.json()) as { token: string; workflowId: string };
    // Sharing needs a workflow nothing blocks (editor-core 4.2): a tested Webhook → HTTP request.
    await storeTestedWorkflow(baseUrl, grant, 'Axe share');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByText('Catch Hook in Webhook').first().waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('dialog', { name: 'Customize your shared workflow template' }).waitFor();
    expect(await seriousViolations(page), 'share dialog').toEqual([]);
    await page.close();
  });
});
