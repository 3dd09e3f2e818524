/**
 * Secrets past redaction (hostile pass): an httpbin-like target echoes every request it gets
 * (url with the raw query, headers, parsed query, body). A portal app sends Basic auth
 * (`user:pass` in base64), a passphrase in the query (percent-encoded on the wire) and a PIN
 * and a bearer value in headers; its fields have names no secret-name rule catches
 * (`passphrase`, `bearer`, `pin`). No form of any secret may reach the step-test answer, the
 * test-auth answer, the app's stored `testResponse`, an execution record, `GET /api/credentials`
 * or a stored row; the published app shows other workspaces none of its author's test data.
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoTarget, startEcho, storedRows } from '../../api/echo-target.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { webhookTrigger } from '../../support/workflow-steps.js';
import { FINISHED } from '../support/invariant.js';
import { sleep } from '../support/processes.js';
import { report } from '../support/report.js';

const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');

const SECRETS = {
  username: 'ada-lovelace',
  password: 'pa"ss\\w/rd+é 42',
  passphrase: 'open sesame&x=1/ü?',
  bearer: 'brr-7Hq9+Zk/xY==',
  pin: '4711',
};
const SHOP = 'acme-shop';

/** Every form an echo may carry a secret in. */
function formsOf(secret: string): Record<string, string> {
  return {
    raw: secret,
    base64: Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    'percent-encoded': encodeURIComponent(secret),
    'form-encoded': new URLSearchParams({ v: secret }).toString().slice(2),
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
  };
}
const BASIC = Buffer.from(`${SECRETS.username}:${SECRETS.password}`).toString('base64');

function echoApp(slug: string, base: string) {
  return {
    appSlug: slug,
    appName: 'Echo (hostile)',
    category: 'Developer tools',
    iconURL: 'https://example.com/echo.png',
    actions: {
      anything: { title: 'Anything', method: 'get', url: `${base}/anything`, fields: [] },
    },
    triggers: {},
    authInfo: {
      apiType: 'basic',
      testAuth: 'anything',
      basicFormFields: [
        { key: 'username', title: 'User' },
        { key: 'password', title: 'Password' },
        { key: 'passphrase', title: 'Passphrase' },
        { key: 'bearer', title: 'Bearer' },
        { key: 'pin', title: 'PIN' },
        { key: 'shop', title: 'Shop', public: true },
      ],
      requestConfig: {
        params: [
          { key: 'key', value: '${auth.passphrase}' },
          { key: 'shop', value: '${auth.shop}' },
        ],
        headers: [
          { key: 'X-Pin', value: '${auth.pin}' },
          { key: 'X-Token', value: 'Bearer ${auth.bearer}' },
        ],
      },
    },
  };
}

function echoWorkflow(slug: string, credentialId: string): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'Echo secrets',
    active: true,
    steps: [
      webhookTrigger('st-hook', { seq: 0 }),
      {
        id: 'st-echo',
        kind: 'action',
        position: { x: 200, y: 0 },
        data: createStepData({
          name: 'Echo',
          type: slug,
          app: slug,
          label: 'Echo (hostile)',
          action: 'anything',
          actionlabel: 'Anything',
          hasauth: true,
          credential: credentialId,
          fields: [],
          // Tested once: only a workflow whose steps are all tested is switched ON (editor-core 4.2).
          testData: { ok: true },
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'st-hook', target: 'st-echo', name: '', groups: [], delaySeconds: 0 }],
  };
}

describe.each(sqlite)('secrets echoed back on $dialect', { timeout: 120_000 }, (testDb) => {
  let h: ApiHarness;
  let echo: EchoTarget;
  let author: Account;
  let other: Account;

  beforeAll(async () => {
    echo = await startEcho();
    h = await openHarness(testDb, { allowedHosts: echo.host, stepRetries: 0, stepTimeoutMs: 5000 });
    author = await signUp(h, 'author');
    other = await signUp(h, 'other');
  });
  afterAll(async () => {
    await h?.close();
    await echo?.close();
  });

  it('keeps every form of every secret out of answers, records and stored rows', async () => {
    const slug = `echo-hostile-${Date.now()}`;
    const created = await h.call('POST', '/api/apps', { token: author.token, body: echoApp(slug, echo.url) });
    expect(created.status, created.text).toBe(201);
    const values = { ...SECRETS, shop: SHOP };

    const watched: { what: string; text: string }[] = [];
    const watch = <T extends { text: string }>(what: string, res: T): T => {
      watched.push({ what, text: res.text });
      return res;
    };

    // The test panel with typed values, then the stored answer on the app.
    const typed = watch(
      'test-auth answer (typed values)',
      await h.call('POST', `/api/apps/${slug}/test-auth`, { token: author.token, body: { values } }),
    );
    expect(typed.status, typed.text).toBe(200);
    // The echo did receive them: the redaction, not a failed call, keeps them out.
    expect(typed.text).toContain('/anything');
    watch('the app as its author reads it', await h.call('GET', `/api/apps/${slug}`, { token: author.token }));

    const credential = watch(
      'credential created',
      await h.call('POST', '/api/credentials', { token: author.token, body: { app: slug, name: 'Echo', values } }),
    );
    expect(credential.status, credential.text).toBe(201);
    const listed = watch('GET /api/credentials', await h.call('GET', '/api/credentials', { token: author.token }));
    const mine = listed.json.items.find((c: { id: string }) => c.id === credential.json.id);
    expect(mine.values.shop).toBe(SHOP);
    watch(
      'test-auth answer (stored account)',
      await h.call('POST', `/api/apps/${slug}/test-auth`, {
        token: author.token,
        body: { credential: credential.json.id },
      }),
    );

    const workflow = await h.call('POST', '/api/workflows', {
      token: author.token,
      body: { name: 'Echo', active: true, document: echoWorkflow(slug, credential.json.id) },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const stepTest = watch(
      'step-test answer',
      await h.call('POST', `/api/workflows/${workflow.json.id}/steps/st-echo/test`, { token: author.token, body: {} }),
    );
    expect(stepTest.status, stepTest.text).toBe(200);
    const run = await h.call('POST', `/api/workflows/${workflow.json.id}/runs`, { token: author.token, body: {} });
    expect(run.status, run.text).toBe(202);
    let execution: { status: number; text: string; json: { status: string } } | undefined;
    for (let i = 0; i < 200; i += 1) {
      execution = await h.call('GET', `/api/executions/${run.json.executionId}`, { token: author.token });
      if (FINISHED.has(execution.json.status)) break;
      await sleep(50);
    }
    watch('execution record', execution!);
    expect(execution!.json.status).toBe('succeeded');

    // Published: another workspace reads the app.
    const listing = await h.call('PUT', `/api/apps/${slug}/listing`, {
      token: author.token,
      body: { status: 'Published' },
    });
    expect(listing.status, listing.text).toBe(200);
    const seen = watch(
      'the published app to another workspace',
      await h.call('GET', `/api/apps/${slug}`, { token: other.token }),
    );
    expect(seen.status).toBe(200);
    expect(seen.json.authInfo.testResponse).toBeUndefined();
    expect(seen.json.authInfo.testResponseStatus).toBeUndefined();

    // Stored rows, every table.
    watched.push(...(await storedRows(h)));

    const leaks: string[] = [];
    const rows: Record<string, string | number>[] = [];
    for (const [key, secret] of Object.entries({
      ...SECRETS,
      'user:pass (Basic)': `${SECRETS.username}:${SECRETS.password}`,
    })) {
      const forms = key.startsWith('user:pass') ? { base64: BASIC } : formsOf(secret);
      for (const [form, text] of Object.entries(forms)) {
        const places = watched.filter((w) => w.text.includes(text)).map((w) => w.what);
        rows.push({ secret: key, form, places: places.length });
        for (const place of places) leaks.push(`${key} (${form}) in ${place}`);
      }
    }
    report('Secrets echoed back', rows);
    expect(leaks).toEqual([]);
  });
});
