/**
 * Custom triggers on apps a workspace does not own (onboarding 4 "Custom-trigger wizard"): the
 * wizard's list action and polling trigger are stored per workspace and laid over a built-in
 * or catalogue app for that workspace only; the step test runs the added action at the app's
 * base URL with a connected account; the app's own events cannot be replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { freePort } from '../engine/triggers-support.js';

const listPeople = (base: string) => ({
  title: 'List People',
  method: 'get',
  hidden: true,
  url: `${base}/demo-crm/contacts`,
  fields: [],
});
const newPeople = {
  label: 'New People',
  description: 'Triggers when a new People is created',
  type: 'polling',
  action: 'listPeople',
  pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
};

describe.each(openTestDatabases())('workspace events on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let b: Account;

  beforeAll(async () => {
    const port = await freePort();
    h = await openHarness(testDb, { port, publicUrl: `http://127.0.0.1:${port}` });
    await h.app.listen({ host: '127.0.0.1', port });
    a = await signUp(h, 'events-a');
    b = await signUp(h, 'events-b');
  });
  afterAll(async () => {
    await h?.close();
  });

  it("adds a custom trigger to a built-in app for this workspace only, and its test runs at the app's base URL", async () => {
    const base = h.config.publicUrl;
    const put = await h.call('PUT', '/api/apps/demo-crm/workspace-events', {
      token: a.token,
      body: { actions: { listPeople: listPeople(base) }, triggers: { newPeople } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.triggers.newPeople.label).toBe('New People');
    expect(put.json.triggers.newContact).toBeDefined();

    const seen = await h.call('GET', '/api/apps/demo-crm', { token: a.token });
    expect(Object.keys(seen.json.triggers)).toContain('newPeople');
    const other = await h.call('GET', '/api/apps/demo-crm', { token: b.token });
    expect(Object.keys(other.json.triggers)).not.toContain('newPeople');

    // The added list action runs with a connected Demo CRM account.
    const key = await h.call('POST', '/api/demo-crm/keys', { token: a.token, body: {} });
    await fetch(`${base}/demo-crm/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.json.apiKey },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const action = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(action.data, {
      type: 'demo-crm',
      action: 'listPeople',
      hasauth: true,
      credential: key.json.credential.id,
      fields: [],
    });
    const tested = await h.call('POST', `/api/workflows/${a.workflowId}/steps/${action.id}/test`, {
      token: a.token,
      body: { document },
    });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.json.ok, tested.text).toBe(true);
    expect(JSON.stringify(tested.json.output)).toContain('ada@example.com');

    // Later changes keep earlier additions unless replaced or removed.
    const more = await h.call('PUT', '/api/apps/demo-crm/workspace-events', {
      token: a.token,
      body: { actions: { listLeads: listPeople(base) }, triggers: {} },
    });
    expect(Object.keys(more.json.actions)).toEqual(expect.arrayContaining(['listPeople', 'listLeads']));
    const removed = await h.call('PUT', '/api/apps/demo-crm/workspace-events', {
      token: a.token,
      body: { actions: {}, triggers: {}, remove: ['listPeople', 'newPeople'] },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(Object.keys(removed.json.triggers)).not.toContain('newPeople');
    expect(Object.keys(removed.json.actions)).toContain('listLeads');
  });

  it("refuses the app's own keys, the workspace's own app, and an unknown app", async () => {
    // A catalogue app: a trigger must name an action it adds (core's app rules).
    const dangling = await h.call('PUT', '/api/apps/slack/workspace-events', {
      token: a.token,
      body: { actions: {}, triggers: { newPeople } },
    });
    expect(dangling.status).toBe(422);
    const taken = await h.call('PUT', '/api/apps/demo-crm/workspace-events', {
      token: a.token,
      body: { actions: { listContacts: listPeople('https://x.example') }, triggers: {} },
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({
      field: 'actions.listContacts',
      detail: "Demo CRM already has an action 'List contacts'.",
    });
    const slug = `mine-${Date.now()}`;
    const created = await h.call('POST', '/api/apps', {
      token: a.token,
      body: { appSlug: slug, appName: 'Mine', actions: {}, triggers: {}, authInfo: { apiType: 'apikey' } },
    });
    expect(created.status, created.text).toBe(201);
    const mine = await h.call('PUT', `/api/apps/${slug}/workspace-events`, {
      token: a.token,
      body: { actions: {}, triggers: {} },
    });
    expect(mine.status).toBe(422);
    const unknown = await h.call('PUT', '/api/apps/no-such-app/workspace-events', {
      token: a.token,
      body: { actions: {}, triggers: {} },
    });
    expect(unknown.status).toBe(404);
  });
});
