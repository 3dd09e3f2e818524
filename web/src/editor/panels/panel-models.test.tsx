import { describeText, PROBLEM_MESSAGES, UNKNOWN_REFERENCE } from '@junction/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSignInMessage, signInFeatures, signInUrl } from '../../shared/sign-in-window.js';
import { failureText } from '../../stores/api-failure.js';
import { appOptions } from '../model/panel-catalog.js';
import { CONNECTION_EXPIRED_TEXT, ConnectionModel, NAME_REQUIRED_TEXT } from './panel-connection.js';
import {
  DropdownModel,
  fieldControl,
  insertSources,
  NO_DATA_TEXT,
  REMOTE_SEARCH_DELAY_MS,
  samplesFor,
  searchOptions,
} from './panel-fields.js';
import { noActionsText, StepPanelModel, testErrorText, WAITING_TEXT } from './panel-step.js';
import { emptyActionsTicket, incompleteActionTicket } from './panel-ticket-rules.js';
import { ACTION_INCOMPLETE, fileTicketOnce, TICKETS_STORAGE_KEY } from './panel-tickets.js';
import { CHOICES_KEPT, choiceLabel, formUrl, LISTEN_SECONDS, TriggerTestModel } from './panel-trigger-test.js';
import { apiError, CRM_APP, makeEditor, WEBHOOK_APP } from './test-kit.js';

const APPS = [
  { appSlug: 'webhook', appName: 'Webhook', source: 'builtin', disableAuth: true },
  { appSlug: 'http', appName: 'HTTP request', source: 'builtin', disableAuth: true },
  { appSlug: 'demo-crm', appName: 'Demo CRM', source: 'first100', apiType: 'apikey' },
];

const catalogRoutes = {
  'GET /api/apps': () => ({ items: APPS }),
  'GET /api/apps/{appSlug}': (call: { init?: { params?: { path?: Record<string, string> } } }) => {
    const slug = call.init?.params?.path?.appSlug;
    if (slug === 'webhook') return WEBHOOK_APP;
    if (slug === 'demo-crm') return CRM_APP;
    throw apiError(404, 'No such app.');
  },
};

afterEach(() => {
  vi.useRealTimers();
});

/** Core's sentence for a route that is not built yet (501 `server.not_implemented`). */
const NOT_BUILT_TEXT = PROBLEM_MESSAGES['server.not_implemented'].text;

describe('app search (editor-core 2.8)', () => {
  it('Popular lists first100 apps, Tools the apps without auth, ALL every app, matched anywhere', () => {
    expect(appOptions(APPS, 'popular', '').map((a) => a.appSlug)).toEqual(['demo-crm']);
    expect(appOptions(APPS, 'tools', '').map((a) => a.appSlug)).toEqual(['webhook', 'http']);
    expect(appOptions(APPS, 'all', 'QUEST').map((a) => a.appSlug)).toEqual(['http']);
  });

  it('shows at most 50 options', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ appSlug: `app-${i}`, appName: `App ${i}` }));
    expect(appOptions(many, 'all', 'app')).toHaveLength(50);
  });

  it('says clearly when the catalogue route is not built yet', async () => {
    const { editor } = await makeEditor({});
    const catalog = editor.catalog;
    await catalog.load();
    expect(catalog.phase).toBe('failedLoad');
    expect(catalog.error).toBe(`The app list could not be loaded. ${NOT_BUILT_TEXT}`);
    expect(failureText(apiError(422, 'Bad url.'), 'Saving failed.')).toBe('Saving failed. Bad url.');
  });
});

describe('action panel stepper (editor-core 2.8, 4.8, 5.2)', () => {
  async function open() {
    const kit = await makeEditor({
      ...catalogRoutes,
      'POST /api/workflows/{id}/steps/{stepId}/test': () => ({
        ok: true,
        statusCode: 201,
        output: { id: 'c1', email: 'ada@example.com' },
        testedAt: '2023-11-14T22:13:20.000Z',
      }),
    });
    const catalog = kit.editor.catalog;
    await catalog.load();
    const model = kit.editor.createPanelModel(
      StepPanelModel,
      { stepId: kit.actionId },
      { now: () => 1_700_000_005_000 },
    );
    return { ...kit, catalog, model };
  }

  it('keeps Event and later steps disabled until an app and an event are chosen', async () => {
    const { model } = await open();
    expect(model.section).toBe('app');
    expect(model.isEnabled('event')).toBe(false);
    expect(model.canContinue('app')).toBe(false);
    await model.chooseApp(APPS[2]);
    expect(model.section).toBe('event');
    expect(model.sections).toEqual(['app', 'event', 'account', 'setup', 'test']);
    expect(model.isEnabled('account')).toBe(false);
    model.chooseEvent('createContact');
    expect(model.section).toBe('account');
    expect(model.isEnabled('setup')).toBe(false);
    expect(model.canContinue('account')).toBe(false);
  });

  it('groups events into CREATE and SEARCH, leaves hidden ones out and filters by the search', async () => {
    const { model } = await open();
    await model.chooseApp(APPS[2]);
    expect(model.eventGroups.map((g) => [g.group, g.events.map((e) => e.title)])).toEqual([
      ['CREATE', ['Create contact']],
      ['SEARCH', ['Find contact']],
    ]);
    model.setEventQuery('find');
    expect(model.eventGroups.map((g) => g.group)).toEqual(['SEARCH']);
  });

  it('names the step "{event} in {app}" and clears event, credential and test data when the app changes', async () => {
    const { model, editor, actionId } = await open();
    await model.chooseApp(APPS[2]);
    model.chooseEvent('createContact');
    editor.wf.updateStep(actionId, { credential: 'cred-1', authname: 'Demo CRM - a#1', testData: { a: 1 } });
    expect(model.data.name).toBe('Create contact in Demo CRM');
    await model.chooseApp(APPS[0]);
    const data = model.data;
    expect([data.type, data.action, data.credential, data.authname, data.testData]).toEqual([
      'webhook',
      '',
      null,
      '',
      null,
    ]);
    expect(data.name).toBe('Webhook');
  });

  it('shows the no-actions text for an app without actions', async () => {
    const { model } = await open();
    await model.chooseApp(APPS[0]);
    expect(model.hasNoEvents).toBe(true);
    expect(noActionsText('Webhook')).toBe(
      "Looks like Webhook doesn't have any actions. You can still use this app with Custom Actions (below).",
    );
  });

  it('hides hidden fields and keeps a custom name when fields change', async () => {
    const { model, editor, actionId } = await open();
    await model.chooseApp(APPS[2]);
    model.chooseEvent('createContact');
    expect(model.visibleFields.map((f) => f.name)).toEqual(['email', 'vip']);
    editor.wf.renameStep(actionId, 'My step');
    model.setFieldValue('email', 'ada@example.com');
    expect(model.data.name).toBe('My step');
    expect(model.data.fields.find((f) => f.name === 'email')?.value).toBe('ada@example.com');
  });

  it('tests the step: waits, stores the output as test data and says when the request was done', async () => {
    const { model, calls } = await open();
    await model.chooseApp(APPS[2]);
    model.chooseEvent('createContact');
    const running = model.runTest();
    expect(model.testPhase).toBe('testing');
    expect(model.section).toBe('test');
    expect(WAITING_TEXT).toBe('Waiting for response data');
    await running;
    expect(model.testPhase).toBe('tested');
    expect(model.data.testData).toEqual({ id: 'c1', email: 'ada@example.com' });
    expect(model.successText(1_700_000_005_000)).toBe('A request to Demo CRM was done in Create contact just now');
    expect(model.successText(1_700_000_015_000)).toBe(
      'A request to Demo CRM was done in Create contact about 15 seconds ago',
    );
    const testCall = calls.find((c) => c.path.endsWith('/test'));
    const body = testCall?.init?.body as { document: { steps: unknown[] } } | undefined;
    expect(body?.document.steps).toHaveLength(2);
  });

  it('shows the error heading when the remote call failed, and keeps old test data', async () => {
    const kit = await makeEditor({
      ...catalogRoutes,
      'POST /api/workflows/{id}/steps/{stepId}/test': () => ({
        ok: false,
        statusCode: 422,
        output: { error: 'email is invalid' },
        testedAt: '2023-11-14T22:13:20.000Z',
      }),
    });
    const catalog = kit.editor.catalog;
    await catalog.load();
    const model = kit.editor.createPanelModel(StepPanelModel, { stepId: kit.actionId }, { now: () => 0 });
    await model.chooseApp(APPS[2]);
    model.chooseEvent('createContact');
    await model.runTest();
    expect(model.testPhase).toBe('testFailed');
    expect(model.testError).toBe(testErrorText('Demo CRM', 'Create contact'));
    expect(model.testError).toBe('An error occurred with — Demo CRM - Create contact');
    expect(model.shownOutput).toEqual({ error: 'email is invalid' });
    // editor-core 5.1: the failure is the step's test data now ('Test data error.').
    expect(model.data.testData).toEqual({ error: 'email is invalid' });
    expect(kit.editor.issues.filter((i) => i.stepId === kit.actionId).map((i) => i.text)).toContain('Test data error.');
  });

  it('says the test route is not built yet when it answers 501', async () => {
    const kit = await makeEditor(catalogRoutes);
    const model = kit.editor.createPanelModel(StepPanelModel, { stepId: kit.actionId }, { now: () => 0 });
    await model.runTest();
    expect(model.testPhase).toBe('testFailed');
    expect(model.testError).toBe(`The test could not be run. ${NOT_BUILT_TEXT}`);
  });
});

describe('trigger panel (editor-core 2.9, 4.8)', () => {
  it('a quick choice sets the Webhook app with no auth and its only event', async () => {
    const { editor, triggerId } = await makeEditor(catalogRoutes);
    const catalog = editor.catalog;
    await catalog.load();
    const model = editor.createPanelModel(StepPanelModel, { stepId: triggerId }, { now: () => 0 });
    await model.chooseQuickTrigger('webhook');
    expect(model.data).toMatchObject({
      type: 'webhook',
      hasauth: false,
      action: 'catchHook',
      name: 'Catch Hook in Webhook',
    });
    expect(model.section).toBe('setup');
    expect(model.sections).not.toContain('account');
  });

  it("the Forms quick choice opens the form builder; a saved form becomes the trigger's form", async () => {
    const formsApp = {
      appSlug: 'junction-forms',
      appName: 'Forms by Junction',
      disableAuth: true,
      authInfo: {},
      actions: {},
      triggers: {
        newSubmission: {
          label: 'New Form Submission',
          type: 'webhook' as const,
          webhookKey: '0',
          pollingParams: {},
          fields: [{ name: 'formId', title: 'Form', required: true, schema: { type: 'string' as const } }],
        },
      },
    };
    const { editor, triggerId } = await makeEditor({
      'GET /api/apps': () => ({
        items: [{ appSlug: 'junction-forms', appName: 'Forms by Junction', disableAuth: true }],
      }),
      'GET /api/apps/{appSlug}': () => formsApp,
    });
    const catalog = editor.catalog;
    await catalog.load();
    const model = editor.createPanelModel(StepPanelModel, { stepId: triggerId }, { now: () => 0 });
    await model.chooseQuickTrigger('junction-forms');
    expect(model.data).toMatchObject({ type: 'junction-forms', action: 'newSubmission', hasauth: false });
    expect(model.isFormsTrigger).toBe(true);
    expect(model.isFormBuilderOpen).toBe(true);
    expect(model.formId).toBe('');
    expect(model.missingRequired.map((f) => f.name)).toEqual(['formId']);

    model.formSaved('form-7');
    expect(model.formId).toBe('form-7');
    expect(model.missingRequired).toEqual([]);
    expect(editor.wf.stepById(triggerId)?.data.fields).toMatchObject([{ name: 'formId', value: 'form-7' }]);
  });

  it("builds a form URL from the form's own id, never the workflow id", () => {
    expect(formUrl('http://127.0.0.1:5000/', 'f-9')).toBe('http://127.0.0.1:5000/form/f-9');
    expect(formUrl('http://127.0.0.1:5000', '')).toBe('');
  });

  it('listens every second since the start and takes the first execution as test data', async () => {
    vi.useFakeTimers();
    let polls = 0;
    const { editor, triggerId, calls } = await makeEditor({
      'PUT /api/workflows/{id}': (call) => ({
        id: 'wf-1',
        name: 'Panels',
        active: false,
        revision: 2,
        document: (call.init?.body as { document?: unknown } | undefined)?.document,
      }),
      'GET /api/workflows/{id}/executions': () => {
        polls += 1;
        return { items: polls < 3 ? [] : [{ id: 'e1', triggerData: { amount: 42 } }] };
      },
    });
    editor.wf.updateStep(triggerId, { type: 'webhook', action: 'catchHook' });
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => Date.UTC(2026, 0, 1) });
    const done = model.start();
    expect(model.state).toBe('listening');
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(model.state).toBe('found');
    expect(polls).toBe(3);
    expect(calls[calls.length - 1].init?.params?.query).toEqual({ since: '2026-01-01T00:00:00.000Z' });
    expect(model.data.testData).toEqual({ amount: 42 });
    expect(model.data.triggerchoice).toBe('1. 42');
  });

  it('says it is listening only once the webhook trigger is saved (a request to the URL is then taken)', async () => {
    vi.useFakeTimers();
    let saved: (value: unknown) => void = () => undefined;
    let polls = 0;
    const { editor, triggerId } = await makeEditor({
      'PUT /api/workflows/{id}': (call) =>
        new Promise((resolve) => {
          const document = (call.init?.body as { document?: unknown } | undefined)?.document;
          saved = () => resolve({ id: 'wf-1', name: 'Panels', active: false, revision: 2, document });
        }),
      'GET /api/workflows/{id}/executions': () => {
        polls += 1;
        return { items: [{ id: 'e1', triggerData: { amount: 7 } }] };
      },
    });
    editor.wf.updateStep(triggerId, { type: 'webhook', action: 'catchHook' });
    expect(editor.hasUnsavedChanges).toBe(true);
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => 0 });
    const done = model.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(model.isGettingReady).toBe(true);
    expect(polls).toBe(0);
    saved(undefined);
    await done;
    expect(polls).toBe(1);
    expect(model.isGettingReady).toBe(false);
    expect(model.data.testData).toEqual({ amount: 7 });
  });

  it('does not listen when the trigger cannot be saved, and says why', async () => {
    const { editor, triggerId } = await makeEditor({
      'PUT /api/workflows/{id}': () => {
        throw apiError(500, 'The database is not answering.');
      },
    });
    editor.wf.updateStep(triggerId, { type: 'webhook', action: 'catchHook' });
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => 0 });
    await model.start();
    expect(model.state).toBe('error');
    expect(model.error?.message).toMatch(/^The workflow is not saved yet, so its webhook URL takes no requests/);
  });

  it('stops after 61 seconds with the error box, and Cancel stops at once', async () => {
    vi.useFakeTimers();
    let polls = 0;
    const { editor, triggerId } = await makeEditor({
      'PUT /api/workflows/{id}': (call) => ({
        id: 'wf-1',
        name: 'Panels',
        active: false,
        revision: 2,
        document: (call.init?.body as { document?: unknown } | undefined)?.document,
      }),
      'GET /api/workflows/{id}/executions': () => {
        polls += 1;
        return { items: [] };
      },
    });
    editor.wf.updateStep(triggerId, { type: 'webhook', action: 'catchHook' });
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => 0 });
    const done = model.start();
    await vi.advanceTimersByTimeAsync(LISTEN_SECONDS * 1000 + 5000);
    await done;
    expect(model.state).toBe('error');
    expect(polls).toBe(LISTEN_SECONDS);

    polls = 0;
    const again = model.start();
    await vi.advanceTimersByTimeAsync(2000);
    model.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    await again;
    expect(model.state).toBe('idle');
    expect(polls).toBeLessThanOrEqual(3);
  });

  it('fetches samples of a polling trigger, keeps the first 5 and loads more', async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ id: `c${i}`, name: `Contact ${i}` }));
    const { editor, triggerId } = await makeEditor({
      'POST /api/workflows/{id}/steps/{stepId}/trigger-choices': (call) => {
        const body = call.init?.body as { cursor?: string };
        return body.cursor ? { choices: [{ id: 'c7', name: 'Contact 7' }] } : { choices: items, next: 'page-2' };
      },
    });
    editor.wf.updateStep(triggerId, { type: 'demo-crm', action: 'newContact' });
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => 0 });
    await model.start();
    expect(model.state).toBe('found');
    expect(model.data.triggerChoices).toHaveLength(CHOICES_KEPT);
    expect(model.data.triggerchoice).toBe('1. Contact 0');
    await model.loadMore();
    expect(model.choices).toHaveLength(8);
    expect(model.next).toBeUndefined();
    model.choose(7);
    expect(model.data.testData).toEqual({ id: 'c7', name: 'Contact 7' });
    expect(choiceLabel('x'.repeat(80), 0)).toBe(`1. ${'x'.repeat(50)}...`);
  });

  it('shows the error name and message when fetching fails, and accepts a pasted JSON sample', async () => {
    const { editor, triggerId } = await makeEditor({
      'POST /api/workflows/{id}/steps/{stepId}/trigger-choices': () => {
        throw apiError(422, 'The app answered 401.', { title: 'Unprocessable Content' });
      },
    });
    editor.wf.updateStep(triggerId, { type: 'demo-crm', action: 'newContact' });
    const model = editor.createPanelModel(TriggerTestModel, { stepId: triggerId }, { now: () => 0 });
    await model.start();
    expect(model.state).toBe('error');
    // The name says what failed in words, not the HTTP reason phrase (editor-core 8).
    expect(model.error).toEqual({ name: 'Fetching samples failed', message: 'The app answered 401.' });
    model.setSampleText('{ nope');
    expect(model.applySample()).toBe(false);
    expect(model.sampleError).toMatch(/^This is not valid JSON/);
    model.setSampleText('{"amount": 12}');
    expect(model.applySample()).toBe(true);
    expect(model.state).toBe('found');
    expect(model.data.testData).toEqual({ amount: 12 });
  });
});

describe('connection panel (editor-core 2.5, 4.7, 5.2)', () => {
  const credentials = [
    { id: 'k1', app: 'demo-crm', name: '', createdAt: '2026-01-01T00:00:00Z', lastUsed: '2026-01-03T00:00:00Z' },
    { id: 'k2', app: 'demo-crm', name: 'Sales', createdAt: '2026-01-02T00:00:00Z', lastUsed: '2026-01-02T00:00:00Z' },
  ];

  async function open(extra: Record<string, (call: never) => unknown> = {}, userId: string | null = 'u1') {
    const kit = await makeEditor({
      'GET /api/credentials': () => ({ items: credentials.map((c) => ({ ...c })) }),
      'PATCH /api/credentials/{id}': (call: { init?: { body?: unknown } }) => ({
        ...credentials[0],
        ...(call.init?.body as object),
      }),
      'DELETE /api/credentials/{id}': () => undefined,
      ...extra,
    });
    kit.editor.wf.updateStep(kit.actionId, { type: 'demo-crm', label: 'Demo CRM', hasauth: true });
    const popup = { location: { href: 'about:blank' }, close: vi.fn() };
    const openWindow = vi.fn((_url: string, _name: string, _features: string) => popup);
    const model = kit.editor.createPanelModel(
      ConnectionModel,
      { stepId: kit.actionId, userId },
      { now: () => 0, origin: 'http://127.0.0.1:5000', hasSession: true, openWindow },
    );
    model.setDefinition(CRM_APP);
    await model.load();
    return { ...kit, model, openWindow, popup };
  }

  it('labels accounts and picks the most recently used one automatically', async () => {
    const { model } = await open();
    expect([model.label(0), model.label(1)]).toEqual(['Demo CRM - unnamed#1', 'Demo CRM - Sales#2']);
    expect(model.data.credential).toBe('k1');
    expect(model.data.authname).toBe('Demo CRM - unnamed#1');
  });

  it("says when the step uses a connection the member cannot open (another member's private one)", async () => {
    const { model, editor, actionId } = await open();
    expect(model.usesUnopenableConnection).toBe(false);
    editor.wf.updateStep(actionId, { credential: 'someone-elses-private' });
    expect(model.usesUnopenableConnection).toBe(true);
  });

  it('deletes only on the second click ("Really delete?") and clears the step\'s account', async () => {
    const { model, calls } = await open();
    await model.requestDelete('k1');
    expect(model.armedDeleteId).toBe('k1');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await model.requestDelete('k1');
    expect(model.credentials.map((c) => c.id)).toEqual(['k2']);
    expect(model.data.credential).toBeNull();
  });

  it('requires a name in the rename dialog', async () => {
    const { model } = await open();
    model.startRename('k2');
    model.setRenameValue('  ');
    expect(model.renameError).toBe(NAME_REQUIRED_TEXT);
    expect(await model.saveRename()).toBe(false);
    model.setRenameValue('Support');
    expect(await model.saveRename()).toBe(true);
    expect(model.label(1)).toBe('Demo CRM - Support#2');
  });

  it('opens a 600 × 700 pop-up blank at once, then at /auth/{app} with a one-time ticket, or the logged-out prompt', async () => {
    const { model, openWindow, popup, calls } = await open({
      'POST /api/auth/popup-ticket': () => ({ ticket: 'one-time', expiresAt: '2026-01-01T00:00:60Z' }),
    });
    model.setDefinition({ ...CRM_APP, authInfo: { apiType: 'oauth2' } });
    const opening = model.openSignIn('k2');
    // Synchronously inside the click, before the ticket is asked for: blockers allow it.
    expect(openWindow).toHaveBeenCalledWith('about:blank', 'junction-sign-in', signInFeatures());
    await opening;
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/popup-ticket')).toBe(true);
    expect(popup.location.href).toBe('http://127.0.0.1:5000/auth/demo-crm?uid=u1&ticket=one-time&update=true&c_id=k2');
    expect(popup.location.href).not.toContain('session-token');
    expect(signInFeatures()).toBe('popup=yes,width=600,height=700');
    expect(signInUrl({ origin: 'http://h', appSlug: 'a', userId: 'u', ticket: 'x' })).toBe(
      'http://h/auth/a?uid=u&ticket=x',
    );
    const loggedOut = await open({}, null);
    loggedOut.model.setDefinition({ ...CRM_APP, authInfo: { apiType: 'oauth2' } });
    loggedOut.model.addAccount();
    expect(loggedOut.model.isLoggedOutPromptShown).toBe(true);
    expect(loggedOut.openWindow).not.toHaveBeenCalled();
  });

  it('closes the blank pop-up and says why when no ticket can be had; names a blocked window', async () => {
    const { model, popup } = await open({
      'POST /api/auth/popup-ticket': () => {
        throw apiError(401, 'Sign in to continue.');
      },
    });
    model.setDefinition({ ...CRM_APP, authInfo: { apiType: 'oauth2' } });
    await model.openSignIn();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
    expect(model.error).toContain('Could not start the sign-in.');
    const blocked = await open();
    blocked.openWindow.mockReturnValueOnce(null as never);
    blocked.model.setDefinition({ ...CRM_APP, authInfo: { apiType: 'oauth2' } });
    await blocked.model.openSignIn();
    expect(blocked.model.error).toBe('The sign-in window was blocked. Allow pop-ups for this site and try again.');
  });

  it('accepts pop-up messages only from the trusted origin', async () => {
    const trusted = ['http://127.0.0.1:5000'];
    const ok = { type: 'junction:credential', credentialId: 'k2' };
    expect(readSignInMessage({ origin: 'https://evil.example', data: ok }, trusted)).toBeNull();
    expect(readSignInMessage({ origin: trusted[0], data: ok }, trusted)).toEqual({ ok: true, credentialId: 'k2' });
    expect(
      readSignInMessage(
        { origin: trusted[0], data: { type: 'junction:oauth', ok: false, message: 'Denied.' } },
        trusted,
      ),
    ).toEqual({ ok: false, message: 'Denied.' });
    const fromServer = { type: 'junction:oauth', ok: true, app: 'demo-crm', credentialId: 'k9' };
    expect(readSignInMessage({ origin: trusted[0], data: fromServer }, trusted)).toEqual({
      ok: true,
      credentialId: 'k9',
    });
    const { model } = await open();
    expect(await model.receiveMessage({ origin: 'https://evil.example', data: ok })).toBe(false);
    expect(model.data.credential).toBe('k1');
    expect(await model.receiveMessage({ origin: trusted[0], data: ok })).toBe(true);
    expect(model.data.credential).toBe('k2');
  });

  it("shows a refused rename at once and puts the old name back with the table's sentence; a failed list reads as the list's problem", async () => {
    const { model } = await open({
      'PATCH /api/credentials/{id}': () => {
        throw apiError(422, 'That name is taken.');
      },
    });
    model.startRename('k2');
    model.setRenameValue('Support');
    const saving = model.saveRename();
    // The list shows the new name while the write is on its way.
    expect(model.label(1)).toBe('Demo CRM - Support#2');
    expect(await saving).toBe(false);
    expect(model.label(1)).toBe('Demo CRM - Sales#2');
    expect(model.renameError).toBe('The name could not be saved. That name is taken.');

    const failing = await makeEditor({
      'GET /api/credentials': () => {
        throw apiError(501);
      },
    });
    failing.editor.wf.updateStep(failing.actionId, { type: 'demo-crm', label: 'Demo CRM', hasauth: true });
    const broken = failing.editor.createPanelModel(
      ConnectionModel,
      { stepId: failing.actionId, userId: 'u1' },
      { now: () => 0, origin: 'http://127.0.0.1:5000', hasSession: true, openWindow: vi.fn() },
    );
    await broken.load();
    expect(broken.phase).toBe('failed');
    expect(broken.error).toBe(`The accounts could not be loaded. ${PROBLEM_MESSAGES['server.not_implemented'].text}`);
  });

  it('saves an API-key account from the form and says when a check fails', async () => {
    const { model } = await open({
      'POST /api/credentials': () => ({
        id: 'k3',
        app: 'demo-crm',
        name: 'New',
        createdAt: '2026-01-04T00:00:00Z',
        lastUsed: null,
      }),
      'POST /api/credentials/{id}/check': () => ({ ok: false }),
    });
    model.addAccount();
    expect(model.isFormOpen).toBe(true);
    expect(await model.submitForm()).toBe(false);
    expect(model.formError).toBe('API key is required.');
    model.setFormValue('apiKey', 'secret');
    model.setFormName('New');
    expect(await model.submitForm()).toBe(true);
    expect(model.data.credential).toBe('k3');
    await model.check();
    expect(model.checkMessage).toBe(CONNECTION_EXPIRED_TEXT);
  });
});

describe('field editor (editor-core 2.7, 2.11, 5.4)', () => {
  it('shows references as pills with their sample value, cut to 50, or "Unknown Reference"', async () => {
    const { editor, triggerId, actionId } = await makeEditor({});
    editor.wf.updateStep(triggerId, { name: 'Hook', testData: { amount: 42, note: 'n'.repeat(60) } });
    const samples = samplesFor(editor.wf, actionId);
    const views = describeText(`Total \${${triggerId}.amount} \${${triggerId}.note} \${nope.x}`, samples).flatMap(
      (s) => (s.kind === 'reference' ? [s.view] : []),
    );
    expect(views.map((v) => [v.label, v.value])).toEqual([
      ['Hook · amount', '42'],
      ['Hook · note', `${'n'.repeat(50)}...`],
      [`${UNKNOWN_REFERENCE} · x`, undefined],
    ]);
  });

  it('lists earlier steps with their values for Insert Data, and says when one has none', async () => {
    const { editor, triggerId, actionId } = await makeEditor({});
    expect(insertSources(editor.wf, actionId)).toEqual([
      { stepId: triggerId, name: 'Click to Add Trigger', hasData: false, entries: [] },
    ]);
    expect(NO_DATA_TEXT).toBe('Error: No data to insert...');
    editor.wf.updateStep(triggerId, { testData: { order: { items: [{ sku: 'A1' }] }, amount: 42 } });
    expect(insertSources(editor.wf, actionId)[0].entries).toEqual([
      { path: 'order.items[0].sku', reference: `\${${triggerId}.order.items[0].sku}`, preview: 'A1' },
      { path: 'amount', reference: `\${${triggerId}.amount}`, preview: '42' },
    ]);
  });

  it('chooses Yes/No for booleans, lists for enums and dropdowns for dynamic fields', () => {
    expect(fieldControl({ name: 'a', schema: { type: 'boolean' } })).toBe('boolean');
    expect(fieldControl({ name: 'a', schema: { type: 'string', enum: ['GET'] } })).toBe('enum');
    expect(fieldControl({ name: 'a', schema: { type: 'string', dynamic: 'crm.Lists.listLists.0.id.name' } })).toBe(
      'dynamic',
    );
    expect(fieldControl({ name: 'a' })).toBe('text');
  });

  it('searches dropdown options only after more than one character, case-insensitive over label and value', () => {
    const options = [
      { value: 'l1', label: 'Customers' },
      { value: 'l2', label: 'Leads' },
    ];
    expect(searchOptions(options, 'c')).toHaveLength(2);
    expect(searchOptions(options, 'CU').map((o) => o.value)).toEqual(['l1']);
    expect(searchOptions(options, 'l2').map((o) => o.value)).toEqual(['l2']);
  });

  it('loads dropdown options with the step credential and loads more with the cursor', async () => {
    const { editor, actionId, calls } = await makeEditor({
      'POST /api/apps/{appSlug}/dropdowns': (call) =>
        (call.init?.body as { cursor?: string } | undefined)?.cursor
          ? { options: [{ value: 'l3', label: 'Partners' }] }
          : { options: [{ value: 'l1', label: 'Customers' }], next: 'n2' },
    });
    editor.wf.updateStep(actionId, { type: 'demo-crm', credential: 'k1' });
    const field = { name: 'list', schema: { type: 'string' as const, dynamic: 'demo-crm.Lists.listLists.0.id.name' } };
    const model = editor.createPanelModel(DropdownModel, { stepId: actionId, field });
    await model.load();
    await model.load(true);
    expect(model.options.map((o) => o.label)).toEqual(['Customers', 'Partners']);
    expect(calls.filter((c) => c.path.endsWith('/dropdowns')).map((c) => c.init?.body)).toMatchObject([
      { action: 'listLists', credential: 'k1' },
      { action: 'listLists', credential: 'k1', cursor: 'n2' },
    ]);
  });

  it('sends a search to the server when the list has more pages (the Drive picker), and drops it when cleared', async () => {
    const { editor, actionId, calls } = await makeEditor({
      'POST /api/apps/{appSlug}/dropdowns': (call) => {
        const body = call.init?.body as { search?: string; cursor?: string } | undefined;
        if (body?.search === 'Budget') return { options: [{ value: 's7', label: 'Budget 2026' }] };
        return { options: [{ value: 's1', label: 'Sheet 1' }], next: 'page-2' };
      },
    });
    editor.wf.updateStep(actionId, { type: 'google-sheets', credential: 'g1' });
    const field = {
      name: 'spreadsheetId',
      schema: { type: 'string' as const, dynamic: 'google-sheets.Spreadsheet.listSpreadsheets.files.id.name' },
    };
    const model = editor.createPanelModel(DropdownModel, { stepId: actionId, field });
    await model.load();
    const dropdownCalls = () => calls.filter((c) => c.path.endsWith('/dropdowns')).map((c) => c.init?.body);
    model.setQuery('B');
    model.setQuery('Bu');
    model.setQuery('Budget');
    await vi.waitFor(() => expect(model.searched).toBe('Budget'), { timeout: 2_000 });
    expect(model.shownOptions).toEqual([{ value: 's7', label: 'Budget 2026' }]);
    // Typing fast sends one search, after the last keystroke.
    expect(dropdownCalls()).toMatchObject([
      { action: 'listSpreadsheets' },
      { action: 'listSpreadsheets', search: 'Budget' },
    ]);
    model.setQuery('');
    await vi.waitFor(() => expect(model.searched).toBe(''), { timeout: 2_000 });
    expect(model.options.map((o) => o.value)).toEqual(['s1']);
    expect(dropdownCalls()).toHaveLength(3);
    expect((dropdownCalls()[2] as { search?: string }).search).toBeUndefined();
  });

  it('filters a complete list in the browser without asking the server again', async () => {
    const { editor, actionId, calls } = await makeEditor({
      'POST /api/apps/{appSlug}/dropdowns': () => ({ options: [{ value: 'l1', label: 'Customers' }] }),
    });
    editor.wf.updateStep(actionId, { type: 'demo-crm', credential: 'k1' });
    const field = { name: 'list', schema: { type: 'string' as const, dynamic: 'demo-crm.Lists.listLists.0.id.name' } };
    const model = editor.createPanelModel(DropdownModel, { stepId: actionId, field });
    await model.load();
    model.setQuery('cus');
    await new Promise((resolve) => setTimeout(resolve, REMOTE_SEARCH_DELAY_MS + 100));
    expect(calls.filter((c) => c.path.endsWith('/dropdowns'))).toHaveLength(1);
    expect(model.shownOptions.map((o) => o.value)).toEqual(['l1']);
  });

  it('shows "Error:" plus the message when the dropdown fails', async () => {
    const { editor, actionId } = await makeEditor({});
    editor.wf.updateStep(actionId, { type: 'demo-crm' });
    const field = { name: 'list', schema: { type: 'string' as const, dynamic: 'demo-crm.Lists.listLists.0.id.name' } };
    const model = editor.createPanelModel(DropdownModel, { stepId: actionId, field });
    await model.load();
    expect(model.error).toBe(`The list could not be loaded. ${NOT_BUILT_TEXT}`);
  });
});

describe('automatic tickets (editor-core 8)', () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
  }

  it('files "Action Dropdown Empty" and "Action Incomplete" once each, never for built-in apps', async () => {
    const bare = { ...CRM_APP, appSlug: 'bare', actions: {} };
    expect(emptyActionsTicket(bare)).toEqual({ title: 'Action Dropdown Empty', app: 'bare', event: '' });
    expect(emptyActionsTicket({ ...WEBHOOK_APP, source: 'builtin' })).toBeNull();
    const noUrl = { title: 'Send', method: 'post' as const, url: '', fields: [] };
    expect(incompleteActionTicket(CRM_APP, 'send', noUrl)).toEqual({
      title: 'Action Incomplete',
      app: 'demo-crm',
      event: 'send',
    });
    expect(incompleteActionTicket({ ...CRM_APP, source: 'builtin' }, 'send', noUrl)).toBeNull();

    const tickets: unknown[] = [];
    const { editor } = await makeEditor({
      'GET /api/auth/me': () => ({ id: 'u1', email: 'ada@example.com' }),
      'POST /api/tickets': (call) => {
        tickets.push(call.init?.body);
        return { id: 't1' };
      },
    });
    const storage = memoryStorage();
    const deps = { api: editor.env.api, storage, editorUrl: 'http://127.0.0.1/?id=wf-1' };
    const ticket = { title: ACTION_INCOMPLETE, app: 'demo-crm', event: 'send' } as const;
    expect(await fileTicketOnce(ticket, deps)).toBe(true);
    expect(await fileTicketOnce(ticket, deps)).toBe(false);
    expect(tickets).toEqual([
      {
        editor_url: 'http://127.0.0.1/?id=wf-1',
        email: 'ada@example.com',
        title: 'Action Incomplete',
        content: 'The event send of demo-crm has no URL.',
        app: 'demo-crm',
        event: 'send',
      },
    ]);
    expect(JSON.parse(storage.map.get(TICKETS_STORAGE_KEY) ?? '[]')).toEqual(['Action Incomplete|demo-crm|send']);
  });

  it('the panel asks for the ticket when a chosen action has no url', async () => {
    const kit = await makeEditor({
      'GET /api/apps': () => ({ items: [{ appSlug: 'half', appName: 'Half' }] }),
      'GET /api/apps/{appSlug}': () => ({
        ...CRM_APP,
        appSlug: 'half',
        appName: 'Half',
        actions: { send: { title: 'Send', method: 'post', url: '', fields: [] } },
      }),
    });
    const catalog = kit.editor.catalog;
    await catalog.load();
    const onAutoTicket = vi.fn();
    const model = kit.editor.createPanelModel(StepPanelModel, { stepId: kit.actionId }, { now: () => 0, onAutoTicket });
    await model.chooseApp({ appSlug: 'half', appName: 'Half' });
    model.chooseEvent('send');
    expect(onAutoTicket).toHaveBeenCalledWith({ title: 'Action Incomplete', app: 'half', event: 'send' });
  });
});
