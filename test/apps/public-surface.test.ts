/**
 * What another workspace reads of a published portal app (forms-dp 2.4, 3): its declared surface
 * only. Through every route that answers an app's definition or listing, the
 * author's custom code, request addresses, header and body values, OAuth client, auth test
 * answer, documentation and data endpoint never reach a second workspace; the author still
 * reads all of it.
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { hookWorkflow, waitForExecution } from '../engine/support.js';
import { startTarget, type Target } from '../fixtures/targets/target-server.js';

/** Text only the author typed; none of it may reach another workspace. */
const PRIVATE = {
  code: 'return { headers: { "X-Code": "code-secret-5521" } };',
  header: 'header-secret-7740',
  body: 'body-secret-3317',
  hidden: 'hidden-secret-2286',
  clientId: 'client-id-secret-9130',
  docs: 'docs-secret-6604',
  lambda: 'lambda-secret-4471',
  path: 'path-secret-8810',
};

function privateApp(slug: string, target: Target) {
  return {
    appSlug: slug,
    appName: 'Private Parts',
    category: 'Testing',
    apiDocs: `Ask for ${PRIVATE.docs}`,
    lambdaURL: `https://example.com/${PRIVATE.lambda}`,
    actions: {
      whoami: {
        title: 'Who am I',
        method: 'get',
        url: `${target.url}/echo/${PRIVATE.path}`,
        fields: [{ name: 'fixed', title: 'Fixed', hidden: true, value: PRIVATE.hidden, schema: { type: 'string' } }],
        headers: [{ key: 'X-Internal', value: PRIVATE.header }],
      },
      create: {
        title: 'Create thing',
        description: 'Creates a thing',
        method: 'post',
        url: `${target.url}/echo/${PRIVATE.path}`,
        fields: [{ name: 'name', title: 'Name', required: true, schema: { type: 'string' } }],
        body: [{ key: 'note', value: PRIVATE.body }],
        customForm: { apiCode: PRIVATE.code, custom: false },
      },
    },
    triggers: {
      made: {
        label: 'New thing',
        type: 'polling',
        action: 'whoami',
        pollingParams: { dedupe_key: 'id', data_head: 'items' },
      },
    },
    authInfo: {
      apiType: 'customCode',
      testAuth: 'whoami',
      customCodeFormFields: [{ key: 'api_key', title: 'API Key' }],
      customCodeInfo: { customCode: PRIVATE.code },
      clientInfo: { client_id: PRIVATE.clientId },
    },
  };
}

/** Webhook → one action of `slug` with the reader's own account (engine support's document, its HTTP step swapped). */
function runWorkflow(slug: string, credentialId: string): WorkflowDocument {
  const document = hookWorkflow('placeholder', { url: 'http://unused.example', name: 'Uses a published app' });
  document.steps[1] = {
    ...document.steps[1],
    data: createStepData({
      name: 'Create',
      type: slug,
      app: slug,
      label: 'Private Parts',
      action: 'create',
      actionlabel: 'Create thing',
      hasauth: true,
      credential: credentialId,
      fields: [{ name: 'name', value: 'Ada' }],
      testData: { ok: true },
    }),
  };
  return document;
}

describe.each(openTestDatabases())('a published app seen from another workspace on $dialect', (testDb) => {
  let h: ApiHarness;
  let author: Account;
  let reader: Account;
  let target: Target;
  let previousAllowed: string | undefined;
  const slug = `private-parts-${Date.now()}`;

  beforeAll(async () => {
    target = await startTarget();
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${target.port}`;
    h = await openHarness(testDb);
    author = await signUp(h, 'surface-author');
    reader = await signUp(h, 'surface-reader');
    const created = await h.call('POST', '/api/apps', { token: author.token, body: privateApp(slug, target) });
    expect(created.status, created.text).toBe(201);
    // The author's auth test answer is saved on the app.
    const tested = await h.call('POST', `/api/apps/${slug}/test-auth`, {
      token: author.token,
      body: { values: { api_key: 'k' } },
    });
    expect(tested.status, tested.text).toBe(200);
    const published = await h.call('PUT', `/api/apps/${slug}/listing`, {
      token: author.token,
      body: { status: 'Published', description: 'For everyone' },
    });
    expect(published.status, published.text).toBe(200);
  });
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await h?.close();
    await target?.close();
  });

  const expectNothingPrivate = (text: string) => {
    for (const value of Object.values(PRIVATE)) expect(text).not.toContain(value);
    expect(text).not.toContain('testResponse');
  };

  it('answers the declared surface on GET /api/apps/{slug}', async () => {
    const res = await h.call('GET', `/api/apps/${slug}`, { token: reader.token });
    expect(res.status, res.text).toBe(200);
    expectNothingPrivate(res.text);
    expect(res.json).toMatchObject({
      appSlug: slug,
      appName: 'Private Parts',
      authInfo: { apiType: 'customCode', customCodeFormFields: [{ key: 'api_key', title: 'API Key' }] },
      actions: { create: { title: 'Create thing', description: 'Creates a thing', method: 'post', url: '' } },
      triggers: { made: { label: 'New thing', type: 'polling' } },
    });
    expect(res.json.actions.create.fields).toEqual([
      { name: 'name', title: 'Name', required: true, schema: { type: 'string' } },
    ]);
  });

  it('answers the same surface from the workspace-events route', async () => {
    const res = await h.call('PUT', `/api/apps/${slug}/workspace-events`, {
      token: reader.token,
      body: { actions: {}, triggers: {} },
    });
    expect(res.status, res.text).toBe(200);
    expectNothingPrivate(res.text);
  });

  it('answers the listing without the data endpoint, and the catalogue without internals', async () => {
    const listing = await h.call('GET', `/api/apps/${slug}/listing`, { token: reader.token });
    expect(listing.status, listing.text).toBe(200);
    expect(listing.json).toMatchObject({ name: 'Private Parts', description: 'For everyone', formDataEndpoint: '' });
    expectNothingPrivate(listing.text);
    const list = await h.call('GET', '/api/apps', { token: reader.token });
    expectNothingPrivate(list.text);
  });

  it("does not run the author's auth test for another workspace (the Test panel is the authors')", async () => {
    const res = await h.call('POST', `/api/apps/${slug}/test-auth`, {
      token: reader.token,
      body: { values: { api_key: 'k' } },
    });
    expect(res.status, res.text).toBe(404);
    expectNothingPrivate(res.text);
    const action = await h.call('POST', `/api/apps/${slug}/actions/create/test`, { token: reader.token, body: {} });
    expect(action.status).toBe(404);
  });

  /**
   * Publishes an API-key twin of the app (custom code would need the sandbox) whose create
   * action calls `/scripted/{name}`, runs it in the reader's workspace with the reader's own
   * account, and answers the reader's execution and replay texts.
   */
  const runTwin = async (name: string, expected: 'succeeded' | 'failed') => {
    const keyed = privateApp(`${slug}-${name}`, target) as Record<string, unknown>;
    keyed.authInfo = {
      apiType: 'apikey',
      apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
      requestConfig: { headers: [{ key: 'X-Auth-Internal', value: PRIVATE.header }] },
    };
    const twin = keyed.appSlug as string;
    (keyed.actions as Record<string, { url: string }>).create.url = `${target.url}/scripted/${name}-${PRIVATE.path}`;
    expect((await h.call('POST', '/api/apps', { token: author.token, body: keyed })).status).toBe(201);
    await h.call('PUT', `/api/apps/${twin}/listing`, { token: author.token, body: { status: 'Published' } });
    const credential = await h.call('POST', '/api/credentials', {
      token: reader.token,
      body: { app: twin, name: 'Mine', values: { api_key: 'reader-key' } },
    });
    expect(credential.status, credential.text).toBe(201);
    const workflow = await h.call('POST', '/api/workflows', {
      token: reader.token,
      body: { name: 'Uses it', active: true, document: runWorkflow(twin, credential.json.id) },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const run = await h.call('POST', `/api/workflows/${workflow.json.id}/runs`, { token: reader.token, body: {} });
    expect(run.status, run.text).toBe(202);
    const finished = await waitForExecution(h, reader.token, run.json.executionId);
    expect(finished.status, JSON.stringify(finished)).toBe(expected);
    const execution = await h.call('GET', `/api/executions/${run.json.executionId}`, { token: reader.token });
    const replay = await h.call('GET', `/api/executions/${run.json.executionId}/replay`, { token: reader.token });
    return { execution: execution.text, replay: replay.text };
  };

  it("keeps the author's request out of the reader's own execution records", async () => {
    // A target that answers without echoing the request (an echo's answer is the remote's to give).
    target.script(`ok-${PRIVATE.path}`, [{ status: 200, body: { id: 7 } }]);
    const { execution, replay } = await runTwin('ok', 'succeeded');
    // The call happened with the author's request; the reader's record holds its own values only.
    expect(target.requests.some((r) => r.headers['x-internal'] === PRIVATE.header)).toBe(true);
    expect(execution).toContain('Ada');
    expectNothingPrivate(execution);
    expectNothingPrivate(replay);
  });

  it("keeps the author's address out of a failed run's error in the reader's records", async () => {
    // Redirects to itself until the client stops: its error quotes the address it stopped at.
    const loop = `${target.url}/scripted/loop-${PRIVATE.path}`;
    target.script(`loop-${PRIVATE.path}`, [{ status: 302, headers: { location: loop } }]);
    const { execution, replay } = await runTwin('loop', 'failed');
    expect(execution).toContain('redirects');
    expectNothingPrivate(execution);
    expectNothingPrivate(replay);
  });

  it('keeps everything for the author', async () => {
    const res = await h.call('GET', `/api/apps/${slug}`, { token: author.token });
    expect(res.json.authInfo.customCodeInfo.customCode).toBe(PRIVATE.code);
    expect(res.json.actions.whoami.headers).toEqual([{ key: 'X-Internal', value: PRIVATE.header }]);
    expect(res.json.authInfo.testResponseStatus).toBeTypeOf('boolean');
    const listing = await h.call('GET', `/api/apps/${slug}/listing`, { token: author.token });
    expect(listing.json.formDataEndpoint).toContain(PRIVATE.lambda);
  });
});
