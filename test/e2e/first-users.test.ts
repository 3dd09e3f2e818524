/**
 * What first users tripped on, checked in the browser through the real server: the form
 * builder's question and section buttons are the design system's (icons with names and
 * tooltips, both themes); a trigger app without triggers offers a real way to ask for one (the
 * Support page's ticket form, filled in); the Share button's disabled tooltip names the first
 * problem that blocks, as the ON/OFF switch does. Screenshots: test/e2e/screenshots/
 * first-users-*.png.
 */
import { createStepData } from '@junction/core';
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

  it('asks for a missing trigger on the Support page, its form filled in', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'trigger-request');
    const doc = hookToRequest({ id: grant.workflowId, name: 'No triggers', request: {} });
    // A trigger step on an app without triggers and without accounts (a stored or shared workflow).
    doc.steps[0] = {
      ...doc.steps[0],
      data: createStepData({ name: 'Formatter', type: 'formatter', label: 'Formatter', icon: '/icons/formatter.svg' }),
    };
    await putDocument(baseUrl, grant, doc);
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Formatter' }).click();
    const panel = page.getByTestId('step-panel');
    await panel.getByText('Looks like no one has created a trigger for Formatter yet...').waitFor();
    const link = panel.getByRole('link', { name: 'Request a new trigger from Support' });
    await saveScreenshot(page, 'first-users-request-trigger');
    const [support] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await support.getByRole('heading', { name: 'Support' }).waitFor();
    await expect.poll(() => support.getByLabel('Event').inputValue()).toBe('New trigger request');
    expect(await support.getByLabel('App').inputValue()).toBe('Formatter');
    await support.getByLabel('Message').fill('A trigger when a text matches a pattern.');
    await support.getByRole('button', { name: 'Submit' }).click();
    await support.getByText('A ticket was successfully created.').waitFor();
    await saveScreenshot(support, 'first-users-request-trigger-sent');
    await support.close();
    expect(session().pageErrors).toEqual([]);
    await page.close();
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
