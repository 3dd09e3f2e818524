/**
 * What first users tripped on, checked in the browser through the real server: the form
 * builder's question and section buttons are the design system's (icons with names and
 * tooltips, both themes); the Share button's disabled tooltip names the first problem that
 * blocks, as the ON/OFF switch does. (A trigger app without triggers asks for one through the
 * support chat: support-chat.test.ts.) Screenshots: test/e2e/screenshots/
 * first-users-*.png.
 */
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { hookToRequest, putDocument, signUp, storeToken, switchSettled } from './workflow-fixtures.js';

const session = useE2ESession();

describe('what first users trip on', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it("draws the form builder's move, delete and add buttons as named icon buttons in both themes", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'builder-buttons');
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);
      await page.goto(`${baseUrl}/form/new?workflowId=${encodeURIComponent(grant.workflowId)}`);
      await page.getByRole('heading', { name: 'Form builder' }).waitFor();
      await page.getByRole('button', { name: 'Add question to section 1' }).click();
      await page.getByRole('button', { name: 'Add section' }).click();
      const down = page.getByRole('button', { name: 'Move question 1 down' });
      expect(await down.textContent()).toBe('');
      expect(await page.getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete section 2' }).isVisible()).toBe(true);
      // Its name is its tooltip.
      await down.hover();
      await page.getByRole('tooltip', { name: 'Move question 1 down' }).waitFor();
      await saveScreenshot(page, `first-users-form-builder-${mode}`);
      await down.click();
      await expect.poll(() => page.getByLabel('Text of question 1').inputValue()).toBe('Question 2');
      await page.close();
    }
    expect(session().pageErrors).toEqual([]);
  });

  it("says on Share why it is disabled: the first problem, not 'test every step'", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'share-tip');
    // Tested, but the request's URL is empty: a missing field blocks.
    const doc = hookToRequest({
      id: grant.workflowId,
      name: 'Missing URL',
      hookSample: { n: 1 },
      request: {
        name: 'Send order',
        fields: [
          { name: 'requestType', required: true, value: 'POST' },
          { name: 'url', required: true, value: '' },
        ],
        testData: { ok: true },
      },
    });
    await putDocument(baseUrl, grant, doc);
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await switchSettled(page);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    expect(await share.isDisabled()).toBe(true);
    const reason = await share.getAttribute('aria-description');
    expect(reason).toMatch(/^Can't share — Send order: Missing field "url"\./);
    expect(reason).not.toContain('Test every step');
    // A disabled button takes no hover: its wrapper shows the tooltip.
    await share.locator('..').hover();
    await page.getByRole('tooltip').filter({ hasText: "Can't share — Send order" }).waitFor();
    await saveScreenshot(page, 'first-users-share-tooltip');
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
