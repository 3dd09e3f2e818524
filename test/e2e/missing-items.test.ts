/**
 * Screens that open one item by its address say it is missing in core's message table's words
 * (resource.not_found: the server's detail), after the screen's lead where it has one, never a
 * sentence of their own: a deleted public form, a run that does not exist, a form of another
 * workspace in the builder. Screenshots: missing-public-form.png, missing-execution.png,
 * missing-builder-form.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

describe('a missing item', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it("reads the table's sentence on the public form, the replay and the form builder", async () => {
    const owner = await signUp(session().baseUrl, 'missing');
    const page = await session().newPage();
    await page.addInitScript(storeToken, owner.token);

    await page.goto(`${session().baseUrl}/form/${randomUUID()}`);
    const formAlert = page.getByRole('alert');
    await formAlert.waitFor();
    expect(await formAlert.textContent()).toBe('The form could not be loaded. Form not found.');
    await saveScreenshot(page, 'missing-public-form');

    await page.goto(`${session().baseUrl}/executions/${randomUUID()}`);
    await page.getByRole('heading', { name: 'The execution could not be opened' }).waitFor();
    await page.getByText('Execution not found.', { exact: true }).waitFor();
    await saveScreenshot(page, 'missing-execution');

    await page.goto(`${session().baseUrl}/form/${randomUUID()}?edit=1`);
    const builderAlert = page.getByText('The form could not be loaded. Form not found.', { exact: true });
    await builderAlert.waitFor();
    // A small box with the next step, not the builder's full-size frame with one line in it.
    const notice = page.getByRole('dialog', { name: 'This form cannot be opened' });
    expect(await notice.getByRole('button', { name: 'Start a new form' }).isVisible()).toBe(true);
    expect((await notice.boundingBox())?.width).toBeLessThanOrEqual(480);
    await saveScreenshot(page, 'missing-builder-form');
  });
});
