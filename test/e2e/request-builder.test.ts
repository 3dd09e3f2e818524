/**
 * The request builder in the browser (editor-core 3 "Custom HTTP request action"): two header
 * rows reordered by keyboard (dnd-kit), a data pill in a header value, the body switched from
 * fields to JSON with a pill; autosave keeps it over a reload, and the step test sends the
 * headers in their order and the JSON body with the value inserted to a local server.
 * The trigger's samples are listed by their values (editor-core 2.9), never as JSON.
 * Screenshots: test/e2e/screenshots/request-builder-*.png, trigger-samples.png.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowDocument } from '@junction/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { eventually, type Grant, hookToRequest, putDocument, signUp, storeToken } from './workflow-fixtures.js';

interface Received {
  method: string;
  url: string;
  /** Header names as sent, in order (lower case). */
  names: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let target: Server;
let targetUrl = '';
/** The JSON body the test types, as stored: text around a pill's reference. */
const BODY = '{"who": "Ada", "amount": ${st-hook.amount}}';
const received: Received[] = [];

beforeAll(async () => {
  target = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        names: request.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'contact-1', ok: true }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const { port } = target.address() as AddressInfo;
  targetUrl = `http://127.0.0.1:${port}`;
  process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const session = useE2ESession();

/** Webhook (tested) → an untested POST Custom Request to `url` with no parameters or body. */
function requestWorkflow(id: string, url: string): WorkflowDocument {
  return hookToRequest({
    id,
    name: 'Request builder',
    hookSample: { name: 'Ada', amount: 42 },
    request: {
      name: 'Create new contact',
      fields: [
        { name: 'requestType', title: 'Method', required: true, value: 'POST' },
        { name: 'url', title: 'URL', required: true, value: url },
        { name: 'params', title: 'Query parameters', value: [] },
        { name: 'stringBody', title: 'Body (JSON)', value: '' },
      ],
    },
  });
}

type StoredField = { name: string; value?: unknown };

async function storedFields(baseUrl: string, grant: Grant): Promise<StoredField[]> {
  const response = await fetch(`${baseUrl}/api/workflows/${grant.workflowId}`, {
    headers: { authorization: `Bearer ${grant.token}` },
  });
  const { document } = (await response.json()) as { document: WorkflowDocument };
  return (document.steps.find((s) => s.id === 'st-call')?.data.fields ?? []) as StoredField[];
}

const panel = (page: Page) => page.getByTestId('step-panel');
const headers = (page: Page) => panel(page).getByRole('group', { name: 'Headers' });
const card = (page: Page) => page.locator('[data-testid="step-card"][data-step-id="st-call"]');

async function openEditor(grant: Grant): Promise<Page> {
  const { baseUrl } = session();
  const page = await session().newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(storeToken, grant.token);
  const response = await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`, { timeout: 60_000 });
  expect(response?.status()).toBe(200);
  await card(page).click();
  await headers(page).waitFor();
  return page;
}

/** The header rows' keys as shown, top to bottom. */
async function headerKeys(page: Page): Promise<string[]> {
  const inputs = headers(page).getByRole('textbox', { name: /^Key \d+$/ });
  const keys: string[] = [];
  for (let i = 0; i < (await inputs.count()); i += 1) keys.push(await inputs.nth(i).inputValue());
  return keys;
}

describe('request builder (editor-core 3)', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('reorders header rows by keyboard, keeps pills over a reload and sends what it shows', async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'request');
    await putDocument(baseUrl, grant, requestWorkflow(grant.workflowId, `${targetUrl}/contacts`));
    const page = await openEditor(grant);

    // Two headers: the second's value is a data pill chosen with `{`.
    await headers(page).getByRole('button', { name: 'Add header' }).click();
    await headers(page).getByRole('button', { name: 'Add header' }).click();
    await headers(page).getByLabel('Key 1').fill('X-Beta');
    await headers(page).getByRole('textbox', { name: 'Value 1' }).click();
    await page.keyboard.type('second');
    await headers(page).getByLabel('Key 2').fill('X-Alpha');
    await headers(page).getByRole('textbox', { name: 'Value 2' }).click();
    await page.keyboard.type('{');
    await page.getByRole('option', { name: /: name/ }).click();
    await headers(page).getByText('Catch Hook in Webhook · name').waitFor();

    // Keyboard reorder (dnd-kit): Space picks the row up, ArrowUp moves it, Space drops it.
    await headers(page).getByRole('button', { name: 'Move header 2 (X-Alpha)' }).focus();
    // Each step waits for dnd-kit's announcement, so the next key meets the measured rows.
    const announced = (text: string) =>
      page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await announced('Picked up header 2 (X-Alpha).');
    // dnd-kit measures the rows in the frames after the pick-up; an arrow key before that finds
    // no row to move over (a person's next key comes long after).
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    await page.keyboard.press('ArrowUp');
    await announced('header 2 (X-Alpha) is over position 1 of 2.');
    await page.keyboard.press('Space');
    await announced('dropped at position 1 of 2.');
    await eventually(async () => (await headerKeys(page)).join() === 'X-Alpha,X-Beta', 'the reordered headers', 150);
    expect(await headers(page).getByRole('textbox', { name: 'Value 1' }).textContent()).not.toContain('${');
    await headers(page).getByText('Catch Hook in Webhook · name').waitFor();
    await saveScreenshot(page, 'request-builder-headers');
    expect(await seriousViolations(page)).toEqual([]);

    // The body: rows first, then switched to JSON with a pill outside quotes (a JSON value).
    const bodyType = panel(page).getByRole('radiogroup', { name: 'Body type' });
    await bodyType.getByRole('radio', { name: 'Fields' }).check();
    const bodyFields = panel(page).getByRole('group', { name: 'Body fields' });
    await bodyFields.getByRole('button', { name: 'Add body field' }).click();
    await bodyFields.getByLabel('Key 1').fill('note');
    await bodyFields.getByRole('textbox', { name: 'Value 1' }).click();
    await page.keyboard.type('kept aside');
    await saveScreenshot(page, 'request-builder-body-fields');
    await bodyType.getByRole('radio', { name: 'JSON' }).check();
    const body = panel(page).getByRole('textbox', { name: 'Body (JSON)' });
    await body.fill('{"who": "Ada", "amount": ');
    // Unfinished JSON is named as such before the step is tested.
    await panel(page)
      .getByText(/^The body is not valid JSON: /)
      .waitFor();
    await panel(page).getByRole('button', { name: 'Insert Data...' }).last().click();
    await page.getByRole('option', { name: /: amount/ }).click();
    await body.press('End');
    await body.pressSequentially('}');
    await panel(page).getByText('Catch Hook in Webhook · amount').waitFor();
    expect(await body.textContent()).not.toContain('${');
    await panel(page).getByText('Data inside quotes is inserted as text; outside quotes, as a JSON value.').waitFor();
    await saveScreenshot(page, 'request-builder-body');

    // Autosave stores the rows in order (the wire format: lists of { key, value }).
    await eventually(
      async () => {
        const fields = await storedFields(baseUrl, grant);
        const stored = fields.find((f) => f.name === 'headers')?.value as { key: string }[] | undefined;
        const text = fields.find((f) => f.name === 'stringBody')?.value;
        // The whole body: it ends in '}' already before the closing brace (the pill's own).
        return stored?.map((r) => r.key).join() === 'X-Alpha,X-Beta' && text === BODY;
      },
      'the request to be saved',
      150,
    );
    const fields = await storedFields(baseUrl, grant);
    expect(fields.find((f) => f.name === 'headers')?.value).toEqual([
      { key: 'X-Alpha', value: '${st-hook.name}' },
      { key: 'X-Beta', value: 'second' },
    ]);
    expect(fields.find((f) => f.name === 'bodyType')?.value).toBe('json');
    expect(fields.find((f) => f.name === 'stringBody')?.value).toBe(BODY);

    // A reload shows the same rows, pills and body.
    await page.reload();
    await card(page).click();
    await headers(page).waitFor();
    expect(await headerKeys(page)).toEqual(['X-Alpha', 'X-Beta']);
    await headers(page).getByText('Catch Hook in Webhook · name').waitFor();
    await panel(page).getByText('Catch Hook in Webhook · amount').waitFor();
    expect(await panel(page).getByRole('radio', { name: 'JSON' }).isChecked()).toBe(true);
    await saveScreenshot(page, 'request-builder-reloaded');

    // The step test sends the headers in their order and the body with the value inserted.
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page)
      .getByRole('button', { name: /^(Test action|Retest action)$/ })
      .click();
    await panel(page)
      .getByRole('status')
      .filter({ hasText: /^The HTTP request was done/ })
      .waitFor();
    const sent = received.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/contacts' });
    expect(sent?.names.filter((name) => name.startsWith('x-'))).toEqual(['x-alpha', 'x-beta']);
    expect(sent?.headers['x-alpha']).toBe('Ada');
    expect(sent?.headers['x-beta']).toBe('second');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ who: 'Ada', amount: 42 });
    await saveScreenshot(page, 'request-builder-tested');

    // The pointer moves rows too: X-Beta's handle dragged above X-Alpha.
    await panel(page)
      .getByRole('button', { name: /Action set-up/ })
      .click();
    const handle = headers(page).getByRole('button', { name: 'Move header 2 (X-Beta)' });
    const above = headers(page).getByRole('button', { name: 'Move header 1 (X-Alpha)' });
    const from = await handle.boundingBox();
    const to = await above.boundingBox();
    if (!from || !to) throw new Error('The header rows are not on screen.');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past dnd-kit's 4 px activation distance, then onto the first row in small steps.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 8 });
    await page.mouse.up();
    await eventually(async () => (await headerKeys(page)).join() === 'X-Beta,X-Alpha', 'the dragged headers', 150);
    expect(session().pageErrors).toEqual([]);
    await page.close();
  });

  it("lists the trigger's samples by their values ('1. Ada · 42'), never as JSON or ids", async () => {
    const { baseUrl } = session();
    const grant = await signUp(baseUrl, 'request');
    const document = requestWorkflow(grant.workflowId, `${targetUrl}/contacts`);
    const samples = [
      { id: '8bb823da-1c2d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Ada', amount: 42 },
      { id: '0c1d2e3f-8bb8-4e5f-8a9b-23da1c2d4a5b', name: 'Grace', amount: 7, email: 'grace@example.com' },
    ];
    Object.assign(document.steps[0].data, {
      testData: samples[0],
      triggerChoices: samples,
      triggerchoice: '1. Ada · 42',
    });
    await putDocument(baseUrl, grant, document);
    const page = await session().newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`, { timeout: 60_000 });
    await page.locator('[data-testid="step-card"][data-step-id="st-hook"]').click();
    await panel(page).getByRole('button', { name: 'Continue' }).first().click();
    await panel(page).getByRole('status').filter({ hasText: '1. Ada · 42 found!' }).waitFor();
    await panel(page).getByRole('button', { name: 'Choose another...' }).click();
    const list = panel(page).getByRole('list', { name: 'Samples' });
    expect(await list.getByRole('button').allTextContents()).toEqual([
      '1. Ada · 42',
      '2. Grace · grace@example.com · 7',
    ]);
    expect(await list.textContent()).not.toContain('8bb823da');
    await saveScreenshot(page, 'trigger-samples');
    await page.close();
  });
});
