import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();
const XSS = '<img src=x onerror=alert(1)>';

async function apiGet(baseUrl: string, path: string, token: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  return (await response.json()) as any;
}

/** Runs in the page: records every progress value the upload bar shows. */
function recordProgress(): void {
  const seen: number[] = [];
  (globalThis as unknown as { __progress: number[] }).__progress = seen;
  const doc = (globalThis as unknown as { document: { body: unknown } }).document;
  const Observer = (
    globalThis as unknown as {
      MutationObserver: new (cb: (records: { target: unknown }[]) => void) => { observe(t: unknown, o: unknown): void };
    }
  ).MutationObserver;
  new Observer((records) => {
    for (const record of records) {
      const target = record.target as { getAttribute(name: string): string | null };
      const value = target.getAttribute('aria-valuenow');
      if (value !== null) seen.push(Number(value));
    }
  }).observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'], childList: true });
}

const anonymous: BrowserContext[] = [];
afterAll(async () => {
  for (const context of anonymous) await context.close();
});

/** A fresh browser context: no token, no storage — an anonymous visitor. */
async function visitorPage(): Promise<{ page: Page; dialogs: string[] }> {
  const context = await session().browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  anonymous.push(context);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

describe('public forms in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('builds a two-section form, fills it anonymously with an upload, reviews, submits, and the run holds the answers', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'forms');

    // The author builds the form (the builder on its own, as /form/new opens it).
    const author = await session().newPage();
    await author.addInitScript(storeToken, grant.token);
    await author.goto(`${baseUrl}/form/new?workflowId=${encodeURIComponent(grant.workflowId)}`);
    await author.getByRole('heading', { name: 'Form builder' }).waitFor();
    await author.getByLabel('Form title').fill('Job application');
    await author.getByLabel('Form description').fill('Tell us about you. <b>Not bold</b>');
    await author.getByLabel('Text of question 1').fill('Your name');
    await author.getByLabel('Question 1 is required').check();
    await author.getByRole('button', { name: 'Add question to section 1' }).click();
    await author.getByLabel('Type of question 2').selectOption('checkboxes');
    await author.getByLabel('Text of question 2').fill('Skills');
    await author.getByLabel('Options of question 2').fill('TypeScript\nGo');
    await author.getByRole('button', { name: 'Add section' }).click();
    await author.getByLabel('Text of question 3').fill('Your CV');
    await author.getByLabel('Type of question 3').selectOption('file');
    await author.getByLabel('Question 3 is required').check();
    await author.getByLabel('Show a review step before Submit').check();
    await author.getByLabel('Show the answers after submit').check();
    const preview = author.getByLabel('Preview');
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('Job application');
    expect(await preview.getByRole('checkbox', { name: 'Go' }).isVisible()).toBe(true);
    await saveScreenshot(author, 'forms-builder');
    await author.getByRole('button', { name: 'Save form' }).click();
    await author.getByText('Form saved.').waitFor();
    const url = await author.getByLabel('Public form URL').inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/form/[0-9a-f-]{36}$`));
    const formId = url.split('/').pop() as string;
    await saveScreenshot(author, 'forms-builder-saved');
    await author.close();

    // An anonymous visitor fills it.
    const { page, dialogs } = await visitorPage();
    await page.goto(url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Job application');
    expect(await page.getByText('Tell us about you. <b>Not bold</b>').isVisible()).toBe(true);
    expect(await page.getByText('* Indicates required question').isVisible()).toBe(true);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('This is a required question');
    await saveScreenshot(page, 'forms-required-message');
    await page.getByLabel(/^Your name/).fill('Ada <script>alert(2)</script>');
    await page.getByRole('checkbox', { name: 'Go' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();

    // A refused file turns red and can be removed; a real one climbs to 100 and turns green.
    await page.getByLabel('Add file for Your CV').setInputFiles({
      name: 'evil.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<script>alert(3)</script>'),
    });
    expect(await page.locator('li[data-status="failed"]').textContent()).toContain('.html files are not accepted.');
    await page.evaluate(recordProgress);
    // A slow uplink (about 1 MB/s) so the bar shows the upload's own progress events on the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const cv = randomBytes(3 * 1024 * 1024);
    await page
      .getByLabel('Add file for Your CV')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: cv });
    await page.locator('li[data-status="uploading"]').waitFor();
    await saveScreenshot(page, 'forms-upload-in-progress');
    await page.locator('li[data-status="done"]').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = (await page.evaluate(
      () => (globalThis as unknown as { __progress: number[] }).__progress,
    )) as number[];
    console.info(`upload progress values seen: ${progress.join(', ')}`);
    expect(progress.at(-1)).toBe(100);
    // More than the final value: the bar moved with the bytes sent, not only at the end.
    expect(progress.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(0);
    expect(progress.every((v, i) => i === 0 || v >= progress[i - 1])).toBe(true);
    expect(await page.getByRole('progressbar', { name: 'Upload of cv.pdf' }).getAttribute('aria-valuenow')).toBe('100');
    await saveScreenshot(page, 'forms-upload-states');
    await page.getByRole('button', { name: 'Remove evil.html' }).click();
    expect(await page.locator('li[data-status]').count()).toBe(1);

    // Review: the answers as a readable list (question, then answer; the file by name and
    // size), never stored keys like 'Your CV_0' or the stored file's address; then Submit.
    await page.getByRole('button', { name: 'Next' }).click();
    const review = page.getByRole('region', { name: 'Review your answers' });
    await review.waitFor();
    const answerOf = (region: typeof review, question: string) =>
      region.locator('dt', { hasText: question }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await answerOf(review, 'Your name')).toBe('Ada <script>alert(2)</script>');
    expect(await answerOf(review, 'Skills')).toBe('Go');
    expect(await answerOf(review, 'Your CV')).toBe('cv.pdf (3 MB)');
    expect(await review.textContent()).not.toMatch(/Your CV_0|\/api\/public\/files|[{}"]/);
    await saveScreenshot(page, 'forms-review');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response has been recorded.').waitFor();
    expect(await page.getByText('Submit another response').isVisible()).toBe(true);
    const shown = page.getByRole('region', { name: 'Your answers' });
    expect(await answerOf(shown, 'Your CV')).toBe('cv.pdf (3 MB)');
    expect(await shown.textContent()).not.toMatch(/Your CV_0|\/api\/public\/files/);
    await saveScreenshot(page, 'forms-thank-you');
    expect(dialogs).toEqual([]);

    // The author sees the submission, and its execution holds the answers and the file URL.
    const submissions = await apiGet(baseUrl, `/api/forms/${formId}/submissions`, grant.token);
    expect(submissions.items).toHaveLength(1);
    const [submission] = submissions.items;
    const fileUrl = submission.answers['Your CV_0'] as string;
    expect(submission.answers).toMatchObject({ 'Your name': 'Ada <script>alert(2)</script>', Skills: ['Go'] });
    expect(fileUrl).toMatch(/\/api\/public\/files\/[0-9a-f-]{36}$/);
    const execution = await apiGet(baseUrl, `/api/executions/${submission.executionId}`, grant.token);
    expect(execution).toMatchObject({ trigger: 'form', status: 'not_run', workflowId: grant.workflowId });
    expect(execution.triggerData).toEqual(submission.answers);

    // The stored file downloads byte-identical.
    const download = await fetch(`${baseUrl}${new URL(fileUrl).pathname}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="cv.pdf"');
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), cv)).toBe(0);
  });

  it('renders a title with markup as text and opens no dialog', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'forms');
    const created = await fetch(`${baseUrl}/api/forms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
      body: JSON.stringify({
        name: XSS,
        content: [{ form: { title: XSS, description: XSS } }, [{ question: XSS, type: 'input' }]],
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { page, dialogs } = await visitorPage();
    await page.goto(`${baseUrl}/page/${id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(XSS);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await page.getByLabel(XSS).fill(XSS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response has been recorded.').waitFor();
    await saveScreenshot(page, 'forms-xss-title');
    expect(dialogs).toEqual([]);
  });
});
