/**
 * The support chat (editor-core 2.9 'Request a new trigger via chat (bottom right)';
 * onboarding-and-extras 7 and 9: the chat on screens wider than 719 px), in the browser through
 * the real server: the step panel's line opens the chat with the trigger request written, the
 * message arrives as a support ticket (the tickets API, the Support page), the launcher stays
 * clear of the canvas's minimap and zoom controls and below a toast, and is not there at 700 px.
 * Both themes.
 * Screenshots: test/e2e/screenshots/support-chat-*.png.
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { type Grant, hookToRequest, putDocument, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

/** A Formatter trigger (no triggers, no accounts) and four requests: enough for the minimap. */
function noTriggerWorkflow(id: string): WorkflowDocument {
  const doc = hookToRequest({ id, name: 'No triggers', request: {} });
  doc.steps[0] = {
    ...doc.steps[0],
    data: createStepData({ name: 'Formatter', type: 'formatter', label: 'Formatter', icon: '/icons/formatter.svg' }),
  };
  const call = doc.steps[1];
  for (let i = 2; i <= 4; i += 1) {
    const prev = doc.steps[doc.steps.length - 1];
    const step = { ...call, id: `st-call-${i}`, position: { x: 220, y: 40 + 200 * i } };
    doc.steps.push(step);
    doc.links.push({
      id: `${prev.id}-${step.id}`,
      source: prev.id,
      target: step.id,
      name: '',
      groups: [],
      delaySeconds: 0,
    });
  }
  return doc;
}

async function tickets(baseUrl: string, grant: Grant): Promise<{ title: string; content: string }[]> {
  const response = await fetch(`${baseUrl}/api/tickets`, { headers: { authorization: `Bearer ${grant.token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { title: string; content: string }[] }).items;
}

/** True when the two elements' boxes share any pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

function launcher(page: Page): Locator {
  return page.getByRole('button', { name: 'Chat with support' });
}

describe('support chat', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it("opens from 'Request a new trigger via chat (bottom right)' with the request written, and files it", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'chat-trigger');
    await putDocument(baseUrl, grant, noTriggerWorkflow(grant.workflowId));
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);
      await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
      await launcher(page).waitFor();
      // The corner is shared with React Flow's minimap and the zoom controls: nothing covers another.
      await page.locator('.react-flow__minimap').waitFor();
      expect(await overlaps(launcher(page), page.locator('.react-flow__minimap'))).toBe(false);
      expect(await overlaps(launcher(page), page.locator('.react-flow__controls'))).toBe(false);
      await saveScreenshot(page, `support-chat-editor-corner-${mode}`);

      await page.getByTestId('step-card').filter({ hasText: 'Formatter' }).click();
      const panel = page.getByTestId('step-panel');
      await panel.getByText('Looks like no one has created a trigger for Formatter yet...').waitFor();
      await panel.getByRole('button', { name: 'Request a new trigger via chat (bottom right)' }).click();
      const chat = page.getByRole('dialog', { name: 'Chat with support' });
      await expect.poll(() => chat.getByLabel('Message').inputValue()).toBe('New trigger request: Formatter');
      await saveScreenshot(page, `support-chat-trigger-request-${mode}`);
      await chat.getByLabel('Message').press('End');
      await chat.getByLabel('Message').pressSequentially('\nWhen a text matches a pattern.');
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat
        .getByText(/^A ticket was successfully created\. We'll reply by e-mail to chat-trigger-.*@example\.com\.$/)
        .waitFor();
      expect(await chat.getByLabel('Your message').textContent()).toBe(
        'New trigger request: Formatter\nWhen a text matches a pattern.',
      );
      await saveScreenshot(page, `support-chat-sent-${mode}`);
      // Escape closes the chat and gives the step panel back.
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'hidden' });
      expect(await panel.isVisible()).toBe(true);
      await page.close();
    }
    const filed = await tickets(baseUrl, grant);
    expect(filed.map((t) => [t.title, t.content])).toEqual([
      ['New trigger request: Formatter', 'New trigger request: Formatter\nWhen a text matches a pattern.'],
      ['New trigger request: Formatter', 'New trigger request: Formatter\nWhen a text matches a pattern.'],
    ]);
    expect(session().pageErrors).toEqual([]);
  });

  it('is on the dashboard from the keyboard, its ticket on the Support page, and not on a 700 px screen', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'chat-dashboard');
    for (const mode of ['light', 'dark'] as const) {
      const page = await session().newPage();
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript(storeToken, grant.token);
      await page.goto(`${baseUrl}/support`);
      await page.getByRole('heading', { name: 'Support' }).waitFor();
      // The ticket form's message box is drawn like its other fields, in both themes.
      const form = page.locator('form', { has: page.getByLabel('Event') });
      const looks = (label: string) =>
        form.getByLabel(label).evaluate((el) => {
          const style = el.ownerDocument.defaultView?.getComputedStyle(el);
          return [style?.backgroundColor, style?.borderTopColor, style?.color];
        });
      expect(await looks('Message')).toEqual(await looks('Event'));
      await launcher(page).focus();
      await page.keyboard.press('Enter');
      const chat = page.getByRole('dialog', { name: 'Chat with support' });
      await chat.getByLabel('Message').fill(`Where do I find my API keys? (${mode})`);
      await saveScreenshot(page, `support-chat-dashboard-${mode}`);
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat.getByRole('button', { name: 'Write another message' }).waitFor();
      await page.keyboard.press('Escape');
      await page.reload();
      await page
        .getByTestId('ticket-row')
        .filter({ hasText: `Where do I find my API keys? (${mode})` })
        .first()
        .waitFor();

      await page.setViewportSize({ width: 700, height: 800 });
      // Still in the page, but not drawn: a role query finds no such button.
      await expect.poll(() => page.locator('button[aria-label="Chat with support"]').isHidden()).toBe(true);
      expect(await page.locator('button[aria-label="Chat with support"]').count()).toBe(1);
      expect(await launcher(page).count()).toBe(0);
      // A ticket's title keeps a readable line on the narrow screen (the table scrolls sideways).
      const title = page.getByTestId('ticket-row').first().getByRole('cell').nth(1);
      expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(90);
      await saveScreenshot(page, `support-chat-hidden-700-${mode}`);
      await page.setViewportSize({ width: 720, height: 800 });
      await launcher(page).waitFor();
      await page.close();
    }
    expect(session().pageErrors).toEqual([]);
  });
  it('keeps a toast above the launcher in the corner', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'chat-toast');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').first().waitFor();
    await page.getByRole('button', { name: 'Step menu of Click to Add Action' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Duplicated: Click to Add Action' });
    await toast.waitFor();
    expect(await overlaps(toast, launcher(page))).toBe(false);
    await saveScreenshot(page, 'support-chat-toast');
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
