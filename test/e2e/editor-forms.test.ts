/**
 * The Forms trigger in the browser (editor-core 2.9): the trigger panel's 'Forms by
 * Junction' quick choice opens the form builder; the saved form becomes the trigger's form and
 * the panel shows its public URL with Copy; a visitor's submission is the trigger's sample, and
 * once the workflow is ON a visitor's submission runs it with the answers.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { eventually, type Grant, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

async function apiGet<T>(baseUrl: string, grant: Grant, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${grant.token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const visitors: BrowserContext[] = [];
afterAll(async () => {
  for (const context of visitors) await context.close();
});

/** Fills and submits the public form as an anonymous visitor (a fresh context: no token). */
async function submitAsVisitor(url: string, name: string, screenshot?: string): Promise<void> {
  const context = await session().browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  visitors.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
  await page.getByLabel(/^Your name/).fill(name);
  if (screenshot) await saveScreenshot(page, screenshot);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Your response has been recorded.').waitFor();
  await page.close();
}

interface StoredStep {
  id: string;
  kind: string;
  data: { type: string; action: string; fields: { name: string; value?: unknown }[] };
}

const panel = (page: Page) => page.getByTestId('step-panel');

describe('the Forms trigger in the editor (editor-core 2.9)', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('builds a one-question form from the trigger panel, switches the workflow ON, and a visitor’s submission runs it', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'editor-forms');
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
    await panel(page).getByRole('button', { name: 'Forms by Junction', exact: true }).click();

    // The builder opens at once; a one-question form is saved bound to this workflow.
    const builder = page.getByRole('dialog', { name: 'Form builder' });
    await builder.waitFor();
    await builder.getByLabel('Form title').fill('Feedback');
    await builder.getByLabel('Text of question 1').fill('Your name');
    await builder.getByLabel('Question 1 is required').check();
    await saveScreenshot(page, 'editor-forms-builder');
    await builder.getByRole('button', { name: 'Save form' }).click();
    await builder.getByText('Form saved.').waitFor();
    const url = await builder.getByLabel('Public form URL').inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/form/[0-9a-f-]{36}$`));
    const formId = url.split('/').pop() as string;
    await builder.getByRole('button', { name: 'Close' }).click();
    await builder.waitFor({ state: 'detached' });

    // The panel: the trigger is the form's, with its public URL and Copy.
    await panel(page).getByRole('heading', { name: 'New Form Submission in Forms by Junction' }).waitFor();
    expect(await panel(page).getByLabel('Form URL', { exact: true }).inputValue()).toBe(url);
    await session().context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await panel(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied to clipboard').waitFor();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(url);
    expect(await panel(page).getByRole('button', { name: 'Edit form' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'editor-forms-setup');

    const form = await apiGet<{ workflowId: string | null; name: string }>(baseUrl, grant, `/api/forms/${formId}`);
    expect(form).toMatchObject({ workflowId: grant.workflowId, name: 'Feedback' });
    await eventually(async () => {
      const stored = await apiGet<{ document: { steps: StoredStep[] } }>(
        baseUrl,
        grant,
        `/api/workflows/${grant.workflowId}`,
      );
      const trigger = stored.document.steps.find((s) => s.kind === 'trigger');
      return (
        trigger?.data.type === 'junction-forms' &&
        trigger.data.action === 'newSubmission' &&
        trigger.data.fields.some((f) => f.name === 'formId' && f.value === formId)
      );
    }, 'the Forms trigger naming the form to be saved');

    // Test: the trigger listens, a visitor submits, the answer is the trigger's sample.
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    expect(await panel(page).getByLabel('Form URL', { exact: true }).inputValue()).toBe(url);
    await panel(page).getByRole('button', { name: 'Test Trigger' }).click();
    await panel(page).getByText("We're listening for data").waitFor();
    await submitAsVisitor(url, 'Ada', 'editor-forms-visitor');
    await panel(page).getByText('found!').waitFor({ timeout: 15_000 });
    expect(await panel(page).getByRole('tabpanel').textContent()).toContain('Ada');
    await saveScreenshot(page, 'editor-forms-found');
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await panel(page).waitFor({ state: 'detached' });

    // The form alone is the workflow: the empty action goes, then the switch turns ON.
    await page.getByRole('button', { name: 'Step menu of Click to Add Action' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    await eventually(async () => !(await toggle.isDisabled()), 'the ON/OFF switch to be enabled');
    await toggle.click();
    await page.getByText('Workflow status: ACTIVE').waitFor();
    await saveScreenshot(page, 'editor-forms-on');

    // A visitor's submission now runs the workflow with the answer.
    await submitAsVisitor(url, 'Grace');
    type Listed = { items: { id: string; status: string; trigger: string; triggerData: unknown }[] };
    let runs: Listed['items'] = [];
    await eventually(async () => {
      runs = (await apiGet<Listed>(baseUrl, grant, `/api/workflows/${grant.workflowId}/executions`)).items;
      return runs.some((run) => run.status === 'succeeded');
    }, 'the submission’s execution to succeed');
    const run = runs.find((r) => r.status === 'succeeded');
    expect(run).toMatchObject({ trigger: 'form', triggerData: { 'Your name': 'Grace' } });
    const detail = await apiGet<{ triggerData: unknown }>(baseUrl, grant, `/api/executions/${run?.id}`);
    expect(detail.triggerData).toEqual({ 'Your name': 'Grace' });
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });
});
