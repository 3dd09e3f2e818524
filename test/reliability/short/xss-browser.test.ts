/**
 * XSS in names, seen by headless Chromium: a workflow, its step
 * names, a form title and a portal app name all carry `<img src=x onerror=alert(1)>` and
 * `<script>alert(1)</script>`. Every page that shows them — the editor canvas and its step
 * panel, the public form, the portal's app list, the dashboard's workflow list, the execution
 * replay viewer — must show the text literally: no dialog opens (page.on('dialog') counts),
 * no <img src=x> and no script with alert(1) enters the DOM.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from '../../e2e/harness.js';
import { effectWorkflow } from '../support/client.js';
import { report } from '../support/report.js';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const BOTH = `${IMG} ${SCRIPT}`;

const session = useE2ESession();

async function api(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${session().baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** Runs in the page: what an injection would have left behind. */
function injected(): { imgs: number; scripts: number; text: string } {
  const doc = (
    globalThis as unknown as {
      document: {
        querySelectorAll(s: string): { length: number };
        scripts: ArrayLike<{ text: string }>;
        body: { textContent: string };
      };
    }
  ).document;
  return {
    imgs: doc.querySelectorAll('img[src="x"]').length,
    scripts: Array.from(doc.scripts).filter((s) => s.text.includes('alert(1)')).length,
    text: doc.body.textContent,
  };
}

interface Seen {
  surface: string;
  dialogs: number;
  'img[src=x]': number;
  'alert scripts': number;
  'text shown literally': string;
}

describe('XSS in names, in headless Chromium', { timeout: E2E_TEST_TIMEOUT_MS * 8 }, () => {
  it('shows markup in step, workflow, form and app names as text and opens no dialog', async () => {
    const signUp = await api('POST', '/api/auth/sign-up', undefined, {
      email: `xss-${randomUUID()}@example.com`,
      password: 'Str0ng!Passw0rd#2024',
    });
    expect(signUp.status, signUp.text).toBe(201);
    const token = signUp.json.token as string;

    // A workflow named with both payloads, its trigger and step named with one each.
    const document = effectWorkflow('http://127.0.0.1:9/unreachable', BOTH);
    document.steps[0].data.name = IMG;
    document.steps[1].data.name = SCRIPT;
    const created = await api('POST', '/api/workflows', token, { name: BOTH, active: true, document });
    expect(created.status, created.text).toBe(201);
    const workflowId = created.json.id as string;
    const hookUrl = await api('GET', `/api/workflows/${workflowId}/hook`, token);
    const hook = await api('POST', new URL(hookUrl.json.url).pathname, undefined, { seq: 1 });
    expect(hook.status, hook.text).toBe(200);
    const executionId = hook.json.executionId as string;

    const form = await api('POST', '/api/forms', token, {
      name: BOTH,
      content: [{ form: { title: BOTH, description: SCRIPT } }, [{ question: IMG, type: 'input' }]],
    });
    expect(form.status, form.text).toBe(201);

    const slug = `xss-${randomUUID().slice(0, 6)}`;
    const app = await api('POST', '/api/apps', token, {
      appSlug: slug,
      appName: BOTH,
      actions: { ping: { title: SCRIPT, method: 'get', url: 'http://127.0.0.1:9/ping', hidden: true, fields: [] } },
      triggers: {},
      authInfo: {
        apiType: 'apikey',
        testAuth: 'ping',
        apikeyFormFields: [{ key: 'api_key', title: IMG }],
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      },
    });
    expect(app.status, app.text).toBe(201);

    const seen: Seen[] = [];
    const visit = async (
      surface: string,
      path: string,
      expected: string[],
      then?: (page: Page) => Promise<void>,
    ): Promise<void> => {
      const page = await session().newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.addInitScript((t) => {
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'junction.token',
          t,
        );
      }, token);
      await page.goto(`${session().baseUrl}${path}`);
      await page
        .waitForFunction(
          (texts) =>
            texts.every((t) =>
              (
                globalThis as unknown as { document: { body: { textContent: string } } }
              ).document.body.textContent.includes(t),
            ),
          expected,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      if (then) await then(page);
      await page.waitForTimeout(500);
      const found = await page.evaluate(injected);
      const literal = expected.every((t) => found.text.includes(t));
      seen.push({
        surface,
        dialogs: dialogs.length,
        'img[src=x]': found.imgs,
        'alert scripts': found.scripts,
        'text shown literally': String(literal),
      });
      await saveScreenshot(page, `xss-${surface.replace(/[^a-z]+/gi, '-').toLowerCase()}`);
      expect([surface, dialogs]).toEqual([surface, []]);
      expect([surface, found.imgs, found.scripts]).toEqual([surface, 0, 0]);
      expect(literal, `${surface} shows ${JSON.stringify(found.text.slice(0, 600))}`).toBe(true);
      await page.close();
    };

    await visit('editor canvas', `/?id=${encodeURIComponent(workflowId)}`, [IMG, SCRIPT]);
    await visit('editor step panel', `/?id=${encodeURIComponent(workflowId)}`, [IMG, SCRIPT], async (page) => {
      await page.getByTestId('step-card').filter({ hasText: SCRIPT }).first().click();
      await page.getByTestId('step-panel').waitFor();
      const panelText = await page.getByTestId('step-panel').textContent();
      expect(panelText).toContain(SCRIPT);
    });
    await visit('public form', `/page/${form.json.id}`, [BOTH, IMG]);
    await visit('portal app list', '/editApps', [BOTH]);
    await visit('dashboard workflow list', '/workflows', [BOTH]);
    await visit('replay viewer', `/executions/${executionId}`, [IMG, SCRIPT]);
    report('XSS in names (headless Chromium)', seen as unknown as Record<string, string | number>[]);
  });
});
