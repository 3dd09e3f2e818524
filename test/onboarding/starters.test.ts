/**
 * Starting points from the editor's address (onboarding 2): POST /api/starters turns
 * `template` 0, 1, 2, 4, 5 into the five starter workflows and `app1`/`action1`/`app2`/
 * `action2` into a preselected trigger and first action, through the real server and database.
 */
import { findIssues, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

interface WorkflowView {
  id: string;
  name: string;
  active: boolean;
  document: WorkflowDocument;
}

describe.each(openTestDatabases())('starters on $dialect (onboarding 2)', (testDb) => {
  let h: ApiHarness;
  let a: Account;

  beforeAll(async () => {
    h = await openHarness(testDb);
    a = await signUp(h, 'starter');
  });

  afterAll(async () => {
    await h?.close();
  });

  const start = (body: unknown, token = a.token) => h.call('POST', '/api/starters', { token, body });

  it.each([
    [0, 'Add webhook sign-ups to the Demo CRM', ['webhook', 'catchHook'], ['demo-crm', 'createContact']],
    [1, 'Turn form answers into Demo CRM contacts', ['junction-forms', 'newSubmission'], ['demo-crm', 'createContact']],
    [2, 'Tidy the e-mail of every new Demo CRM contact', ['demo-crm', 'newContact'], ['formatter', 'text']],
    [4, 'Send new Demo CRM contacts to another app', ['demo-crm', 'newContact'], ['http', 'customRequest']],
    [5, 'Check a web address every morning', ['schedule', 'schedule'], ['http', 'customRequest']],
  ])('template %i is "%s"', async (template, name, [triggerApp, triggerEvent], [actionApp, actionEvent]) => {
    const res = await start({ template });
    expect(res.status, res.text).toBe(201);
    const wf = res.json as WorkflowView;
    expect(wf.name).toBe(name);
    expect(wf.active).toBe(false);
    const [trigger, action] = wf.document.steps;
    expect([trigger.kind, trigger.data.type, trigger.data.action]).toEqual(['trigger', triggerApp, triggerEvent]);
    expect([action.kind, action.data.type, action.data.action]).toEqual(['action', actionApp, actionEvent]);
    expect(wf.document.links).toEqual([expect.objectContaining({ source: trigger.id, target: action.id })]);
    // Step names are the automatic '{event} in {app}'; cards are laid out top to bottom.
    expect(action.data.name).toBe(
      actionApp === 'http' ? 'Custom Request' : `${action.data.actionlabel} in ${action.data.label}`,
    );
    expect(action.position.y).toBeGreaterThan(trigger.position.y);
    // References point at this workflow's trigger, so the Insert Data chips resolve.
    for (const field of action.data.fields) {
      if (typeof field.value === 'string' && field.value.includes('${')) {
        expect(field.value).toContain(`\${${trigger.id}.`);
        expect(field.value).not.toContain('{{trigger}}');
      }
    }
    // The issues left are what a user must still do: connect, test, fill a URL.
    const codes = new Set(findIssues(wf.document).map((i) => i.code));
    expect(codes.has('missing-app')).toBe(false);
    expect(codes.has('missing-event')).toBe(false);
    const stored = await h.call('GET', `/api/workflows/${wf.id}`, { token: a.token });
    expect(stored.json.document.steps).toEqual(wf.document.steps);
  });

  it('fills the Demo CRM contact from the webhook body in starter 0', async () => {
    const wf = (await start({ template: 0 })).json as WorkflowView;
    const [trigger, action] = wf.document.steps;
    const values = Object.fromEntries(action.data.fields.map((f) => [f.name, f.value]));
    expect(values.email).toBe(`\${${trigger.id}.email}`);
    expect(action.data.hasauth).toBe(true);
    expect(action.data.credential).toBeNull();
  });

  it('preselects the trigger and first action from app1/action1/app2/action2', async () => {
    const res = await start({ app1: 'demo-crm', action1: 'newContact', app2: 'formatter', action2: 'text' });
    expect(res.status, res.text).toBe(201);
    const wf = res.json as WorkflowView;
    const [trigger, action] = wf.document.steps;
    expect(trigger.data).toMatchObject({ type: 'demo-crm', action: 'newContact', name: 'New contact in Demo CRM' });
    expect(trigger.data.pollingParams).toEqual({ dedupe_key: 'id', data_head: 'contacts' });
    expect(action.data).toMatchObject({ type: 'formatter', action: 'text', label: 'Formatter' });
    // editor-core 4.6: '{app} -> Workflow (Draft)' after the preselected trigger's app.
    expect(wf.name).toBe('Demo CRM -> Workflow (Draft)');
  });

  it('keeps the event open when only the app is given, and overrides a starter step', async () => {
    const wf = (await start({ template: 5, app2: 'demo-crm' })).json as WorkflowView;
    const [trigger, action] = wf.document.steps;
    expect(trigger.data.type).toBe('schedule');
    expect(action.data).toMatchObject({ type: 'demo-crm', action: '', name: 'Demo CRM' });
  });

  it('answers 422 naming the field for an unknown app or event, 400 for template 3', async () => {
    const unknownApp = await start({ app1: 'no-such-app' });
    expect(unknownApp.status).toBe(422);
    expect(unknownApp.json.field).toBe('app1');
    const unknownEvent = await start({ app2: 'demo-crm', action2: 'listContacts' });
    expect(unknownEvent.status).toBe(422);
    expect(unknownEvent.json.field).toBe('action2');
    const badTemplate = await start({ template: 3 });
    expect(badTemplate.status).toBe(400);
    expect(JSON.stringify(badTemplate.json)).toContain('template');
  });

  it('leaves no workflow behind when a starter link fails, even when a later step is the bad one', async () => {
    const count = async () =>
      ((await h.call('GET', '/api/workflows', { token: a.token })).json.items as unknown[]).length;
    const before = await count();
    const failures = [
      { app1: 'no-such-app' },
      { template: 3 },
      // The trigger resolves; the first action's event does not.
      { template: 0, app2: 'demo-crm', action2: 'no-such-action' },
      { app1: 'demo-crm', action1: 'newContact', app2: 'no-such-app' },
    ];
    for (const body of failures) expect((await start(body)).status).toBeGreaterThanOrEqual(400);
    expect(await count()).toBe(before);
  });

  it('needs a session and writes into the caller tenant only', async () => {
    expect((await h.call('POST', '/api/starters', { body: { template: 0 } })).status).toBe(401);
    const b = await signUp(h, 'other');
    const wf = (await start({ template: 2 }, b.token)).json as WorkflowView;
    expect((await h.call('GET', `/api/workflows/${wf.id}`, { token: a.token })).status).toBe(404);
    expect((await h.call('GET', `/api/workflows/${wf.id}`, { token: b.token })).status).toBe(200);
  });
});
