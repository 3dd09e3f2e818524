/**
 * The onboarding view models (web/src/onboarding/onboarding-*.ts) against the real server over
 * HTTP: the sign-up flow's screens and messages, the code entry (paste, wrong code cleared after
 * 1.5 s), the tour's conditions, and the wizard's field rules.
 */
import {
  ACTION_PLACEHOLDER_NAME,
  type ApiClient,
  createApiClient,
  TRIGGER_PLACEHOLDER_NAME,
  type WorkflowData,
} from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  CodeEntry,
  WRONG_CODE_DELAY_MS,
} from '../../web/src/onboarding/onboarding-code.js';
import {
  REMINDER_EMAIL_MESSAGE,
  type SignedIn,
  SignUpFlow,
  signUpStart,
} from '../../web/src/onboarding/onboarding-signup.js';
import { nextOpenStep, TOUR_LENGTH, TOUR_STEPS, tourActionFields } from '../../web/src/onboarding/onboarding-tour.js';
import { CustomTriggerWizard, NEW_FIELD_KEY } from '../../web/src/onboarding/onboarding-wizard.js';
import { serverStateOf } from '../../web/src/stores/server-state.js';
import { type ApiHarness, openHarness, openTestDatabases, readCode, signUp } from '../api/harness.js';

const [sqlite] = openTestDatabases();
const PASSWORD = 'Models are fine 2026';

let h: ApiHarness;
let baseUrl = '';
const client = (): ApiClient => createApiClient({ baseUrl, fetch: (request) => fetch(request) });

beforeAll(async () => {
  h = await openHarness(sqlite);
  baseUrl = (await h.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
});

afterAll(async () => {
  await h?.close();
});

describe('SignUpFlow (onboarding 2, 5, 8)', () => {
  const email = `flow-${Date.now()}@example.com`;

  it('checks the e-mail, then creates the account and hands over the session', async () => {
    const api = client();
    const grants: SignedIn[] = [];
    const flow = SignUpFlow.create({}, { api, onSignedIn: (g: SignedIn) => grants.push(g) });
    expect(flow.phase).toBe('email');
    flow.setEmail('ada@nowhere');
    flow.continueWithEmail();
    expect([flow.phase, flow.emailMessage]).toEqual(['email', 'Invalid Email']);
    flow.setEmail(email);
    flow.continueWithEmail();
    expect(flow.phase).toBe('password');

    flow.setPassword('short');
    expect(flow.strength.label).toBe('Weak');
    await flow.createAccount();
    expect(grants).toEqual([]);
    expect(flow.passwordProblems).toEqual(['Password must be between 12 and 512 characters.']);

    flow.setPassword(PASSWORD);
    expect(flow.strength).toEqual({ score: 100, label: 'Strong', color: 'green' });
    await flow.createAccount();
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ needsCode: true, workflowId: expect.any(String), token: expect.any(String) });
    expect(flow.isBusy).toBe(false);
  });

  it("shows the server's text in the banner when the address is taken, and logs in", async () => {
    const grants: SignedIn[] = [];
    const flow = SignUpFlow.create({}, { api: client(), onSignedIn: (g: SignedIn) => grants.push(g) });
    flow.setEmail(email);
    flow.continueWithEmail();
    flow.setPassword(PASSWORD);
    await flow.createAccount();
    expect(flow.serverError).toBe('An account with this e-mail already exists.');
    expect(flow.isBusy).toBe(false);
    flow.show('login');
    expect(flow.serverError).toBe('');
    flow.setPassword('not the right one');
    await flow.logIn();
    expect(flow.serverError).toBe('Wrong e-mail or password.');
    flow.setPassword(PASSWORD);
    await flow.logIn();
    // The account never entered its code: signing in asks for it again (onboarding 4).
    expect(grants).toEqual([{ token: expect.any(String), workflowId: null, needsCode: true }]);
  });

  it("sends the address's invitationToken with the sign-up; an unknown invitation is refused with its field", async () => {
    const grants: SignedIn[] = [];
    const flow = SignUpFlow.create(
      {},
      { api: client(), invitationToken: 'no-such-invitation', onSignedIn: (g: SignedIn) => grants.push(g) },
    );
    flow.setEmail(`invited-${Date.now()}@example.com`);
    flow.continueWithEmail();
    flow.setPassword(PASSWORD);
    await flow.createAccount();
    expect(grants).toEqual([]);
    expect(flow.serverError).toBe('This invitation link is no longer valid. Ask for a new one.');
    const raw = await h.call('POST', '/api/auth/sign-up', {
      body: { email: `invited-raw-${Date.now()}@example.com`, password: PASSWORD, invitationToken: 'x' },
    });
    expect(raw.status).toBe(410); // sign-up: an unknown or expired invitation is gone (openapi)
    expect(raw.json).toMatchObject({ field: 'invitationToken' });
  });

  it('starts with the reminder form on a small screen and e-mails the link', async () => {
    const flow = SignUpFlow.create(signUpStart(true), { api: client(), onSignedIn: () => undefined });
    expect(flow.phase).toBe('reminder');
    flow.setEmail('nope');
    await flow.sendReminder();
    expect(flow.emailMessage).toBe(REMINDER_EMAIL_MESSAGE);
    flow.setEmail(email);
    await flow.sendReminder();
    expect(flow.phase).toBe('reminderSent');
  });
});

describe('CodeEntry (onboarding 4, 9)', () => {
  it('spreads a paste, clears a wrong code after 1.5 s with the first box focused, accepts the right one', async () => {
    const signUp = await h.call('POST', '/api/auth/sign-up', {
      body: { email: `code-${Date.now()}@example.com`, password: PASSWORD },
    });
    const api = client();
    api.setToken(signUp.json.token);
    // Until the code is entered every load shows the code modal again (onboarding 4): the
    // session's user reads as not verified.
    await expect(serverStateOf(api).read('/api/auth/me', undefined)).resolves.toMatchObject({
      email: signUp.json.user.email,
      emailVerified: false,
    });
    const code = await readCode(h, signUp.json.user.email);
    const focused: number[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    let verified = 0;
    const entry = CodeEntry.create(
      {},
      {
        api,
        onVerified: () => {
          verified += 1;
        },
        focusBox: (i: number) => focused.push(i),
        setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
      },
    );

    entry.type(0, '1');
    expect(entry.boxes).toEqual(['1', '', '', '']);
    expect(focused.at(-1)).toBe(1);
    entry.backspace(1);
    expect(entry.boxes).toEqual(['', '', '', '']);

    const wrong = code === '0000' ? '1111' : '0000';
    entry.paste(` ${wrong.slice(0, 2)} ${wrong.slice(2)} `);
    expect(entry.boxes).toEqual([...wrong]);
    await expect.poll(() => entry.phase).toBe('wrong');
    expect(entry.message).toBe('That code is not right.');
    expect(timers.map((t) => t.ms)).toEqual([WRONG_CODE_DELAY_MS]);
    entry.type(0, '9'); // ignored while the wrong code shows
    expect(entry.boxes).toEqual([...wrong]);
    timers[0].run();
    expect(entry.boxes).toEqual(Array(CODE_LENGTH).fill(''));
    expect(focused.at(-1)).toBe(0);

    entry.paste(code);
    await expect.poll(() => entry.phase).toBe('verified');
    expect(verified).toBe(1);
    await expect(serverStateOf(api).read('/api/auth/me', undefined)).resolves.toMatchObject({ emailVerified: true });
  });
});

describe('the tour conditions (onboarding 4, 9)', () => {
  it('has 12 steps that advance with the workflow', () => {
    expect(TOUR_LENGTH).toBe(12);
    const trigger = { id: 't', kind: 'trigger' as const, position: { x: 0, y: 0 }, data: {} as never };
    const action = { id: 'a', kind: 'action' as const, position: { x: 0, y: 100 }, data: {} as never };
    const wf = (t: object, a: object, active = false): WorkflowData => ({
      id: 'w',
      name: 'W',
      active,
      steps: [
        { ...trigger, data: { type: '', action: '', credential: null, testData: null, fields: [], ...t } as never },
        { ...action, data: { type: '', action: '', credential: null, testData: null, fields: [], ...a } as never },
      ],
      links: [{ id: 'l', source: 't', target: 'a', name: '', groups: [], delaySeconds: 0 }],
    });
    const empty = wf({}, {});
    expect(nextOpenStep({ workflow: empty, selectedStepId: null }, 1)).toBe(1);
    expect(nextOpenStep({ workflow: empty, selectedStepId: 't' }, 1)).toBe(2);
    const chosen = wf({ type: 'demo-crm', action: 'newContact', credential: 'c1' }, {});
    // Step 5 is shown while the chosen account waits for Continue; Continue passes it.
    expect(TOUR_STEPS[nextOpenStep({ workflow: chosen, selectedStepId: 't', panelSection: 'account' }, 1)].id).toBe(
      'trigger-account',
    );
    expect(TOUR_STEPS[nextOpenStep({ workflow: chosen, selectedStepId: 't', panelSection: 'setup' }, 4)].id).toBe(
      'trigger-test',
    );
    const tested = wf({ type: 'demo-crm', action: 'newContact', credential: 'c1', testData: { id: 1 } }, {});
    expect(TOUR_STEPS[nextOpenStep({ workflow: tested, selectedStepId: 't' }, 5)].id).toBe('close-panel');
    expect(TOUR_STEPS[nextOpenStep({ workflow: tested, selectedStepId: null }, 6)].id).toBe('select-action');
    const action2 = {
      type: 'demo-crm',
      action: 'updateContact',
      credential: 'c1',
      fields: [{ name: 'id' }, { name: 'tags' }],
    };
    const picked = wf({ type: 'demo-crm', action: 'newContact', credential: 'c1', testData: {} }, action2);
    expect(TOUR_STEPS[nextOpenStep({ workflow: picked, selectedStepId: 'a' }, 7)].id).toBe('action-setup');
    const filled = tourActionFields(picked);
    expect(filled?.fields.map((f) => f.value)).toEqual(['${t.id}', 'welcomed']);
    // Filled fields alone do not advance (a box being typed in); Continue to the test does.
    const typed = wf(
      { type: 'demo-crm', action: 'newContact', credential: 'c1', testData: {} },
      { ...action2, fields: filled?.fields },
    );
    expect(TOUR_STEPS[nextOpenStep({ workflow: typed, selectedStepId: 'a', panelSection: 'setup' }, 9)].id).toBe(
      'action-setup',
    );
    expect(TOUR_STEPS[nextOpenStep({ workflow: typed, selectedStepId: 'a', panelSection: 'test' }, 9)].id).toBe(
      'action-test',
    );
    const done = wf(
      { type: 'demo-crm', action: 'newContact', credential: 'c1', testData: {} },
      { ...action2, fields: filled?.fields, testData: { ok: true } },
      true,
    );
    expect(nextOpenStep({ workflow: done, selectedStepId: null }, 9)).toBe(TOUR_LENGTH);
  });

  it("names the cards by the text a new workflow's cards show (editor-core 4.6)", () => {
    const textOf = (id: string) => TOUR_STEPS.find((step) => step.id === id)?.text ?? '';
    expect(textOf('select-trigger')).toContain(`"${TRIGGER_PLACEHOLDER_NAME}"`);
    expect(textOf('select-action')).toContain(`"${ACTION_PLACEHOLDER_NAME}"`);
    for (const step of TOUR_STEPS) expect(step.text).not.toMatch(/"\d\. (Trigger|Action)"/);
  });
});

describe('the wizard field rules (onboarding 4, 5)', () => {
  it('starts rows as new_new, requires Key, Label, Helper Text, Type and Location, and Cancel drops a new row', () => {
    const wizard = CustomTriggerWizard.create(
      {},
      { editor: {} as never, notify: () => undefined, isOfferedPremium: () => false, origin: 'http://localhost' },
    );
    wizard.addField();
    expect(wizard.fields.map((f) => f.key)).toEqual([NEW_FIELD_KEY]);
    expect(wizard.saveField()).toBe(false);
    expect(Object.keys(wizard.draftProblems).sort()).toEqual(['description', 'key', 'label']);
    wizard.setDraft({ key: 'bad key', label: 'Status', description: 'Only these.' });
    expect(wizard.draftProblems.key).toBe('Use only letters, numbers, hyphens and underscores.');
    wizard.setDraft({ key: 'status' });
    expect(wizard.saveField()).toBe(true);
    expect(wizard.fields).toEqual([
      {
        key: 'status',
        label: 'Status',
        description: 'Only these.',
        type: 'string',
        location: 'query',
        required: false,
      },
    ]);
    wizard.addField();
    wizard.setDraft({ key: 'status', label: 'Again', description: 'x' });
    expect(wizard.draftProblems.key).toBe('This key is taken.');
    wizard.cancelField();
    expect(wizard.fields.map((f) => f.key)).toEqual(['status']);
    wizard.setNoun('support ticket');
    expect(wizard.generated.actionKey).toBe('listSupportTicket');
    expect(wizard.generated.trigger.label).toBe('New Support ticket');
    wizard.setType('updated');
    expect(wizard.type).toBe('new');
  });

  it("says a taken noun on step 1 (the server's rule) and offers the Demo CRM's JSON list, not its page", async () => {
    const account = await signUp(h, 'wizard-noun');
    const api = createApiClient({ baseUrl, token: account.token, fetch: (request) => fetch(request) });
    const wizard = CustomTriggerWizard.create(
      { appSlug: 'demo-crm', isOfferSeen: true },
      { editor: { env: { api } } as never, notify: () => undefined, isOfferedPremium: () => false, origin: baseUrl },
    );
    wizard.setNoun('Contact');
    await wizard.next();
    expect(wizard.step).toBe(1);
    expect(wizard.nounProblem).toBe("Demo CRM already has a trigger 'New contact'. Choose another noun.");
    expect(wizard.canContinueFromApp).toBe(false);
    // The server refuses the same keys with the same words.
    const refused = await fetch(`${baseUrl}/api/apps/demo-crm/workspace-events`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({
        actions: {},
        triggers: { newContact: { label: 'New Contact', type: 'polling', action: 'listContact' } },
      }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe("Demo CRM already has a trigger 'New contact'.");

    wizard.setNoun('Deal');
    expect(wizard.nounProblem).toBe('');
    await wizard.next();
    expect(wizard.step).toBe(2);
    // The endpoint answers a JSON list of contacts (the app's list request), not the app's HTML page.
    expect(wizard.url).toBe(`${baseUrl}/demo-crm/contacts`);
  });

  it('shows the premium offer on Continue to a free, active workspace (onboarding 4)', async () => {
    const free = CustomTriggerWizard.create(
      {},
      { editor: {} as never, notify: () => undefined, isOfferedPremium: () => true, origin: 'http://localhost' },
    );
    free.setApp('billing');
    free.setNoun('invoice');
    await free.next();
    expect([free.isOfferOpen, free.step]).toEqual([true, 1]);
    const seen = CustomTriggerWizard.create(
      { appSlug: 'billing', isOfferSeen: true },
      { editor: {} as never, notify: () => undefined, isOfferedPremium: () => true, origin: 'http://localhost' },
    );
    expect(seen.isOfferSeen).toBe(true);
    expect(seen.canContinueFromApp).toBe(false);
  });
});
