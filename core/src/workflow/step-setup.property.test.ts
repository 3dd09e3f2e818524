import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { needsAuth } from '../apps/catalog.js';
import type { AppDefinition } from '../apps/types.js';
import { createWorkflowModel } from './model.js';
import { type CustomTriggerSetup, choiceReset, chooseOnStep, setUpStepData } from './step-setup.js';
import { TEST_CRM_APP } from './test-apps.js';
import { testStateOf } from './test-state.js';
import { createStepData, type StepData, type StepKind } from './types.js';

const crm = TEST_CRM_APP;
const hook: AppDefinition = {
  appSlug: 'webhook',
  appName: 'Webhook',
  authInfo: {},
  actions: { post: { title: 'Send', method: 'post', url: '', fields: [{ name: 'url', required: true }] } },
  triggers: { catch: { label: 'Catch Hook', type: 'webhook', webhookKey: 'key', fields: [{ name: 'path' }] } },
};

// What a step may hold before the choice: any app, event, account, sample and trigger-only data.
const priorArb: fc.Arbitrary<Partial<StepData>> = fc.record({
  type: fc.constantFrom('', 'crm', 'webhook', 'other'),
  label: fc.string(),
  url: fc.string(),
  credential: fc.option(fc.string(), { nil: null }),
  authname: fc.string(),
  action: fc.string(),
  actionlabel: fc.string(),
  fields: fc.constant([{ name: 'old', value: 'x' }]),
  testData: fc.option(fc.jsonValue(), { nil: null }),
  actionTestTime: fc.option(fc.nat(), { nil: null }),
  sampleKey: fc.string(),
  app: fc.string(),
  triggerlabel: fc.string(),
  triggerResource: fc.string(),
  triggerMessage: fc.string(),
  triggerChoices: fc.array(fc.jsonValue(), { maxLength: 3 }),
  triggerchoice: fc.string(),
  triggerChoiceTime: fc.option(fc.nat(), { nil: null }),
  performList: fc.string(),
  unsubscribe: fc.string(),
  webhookKey: fc.string(),
});

const choiceArb = fc.constantFrom(
  { kind: 'action' as StepKind, app: crm, event: 'createContact' },
  { kind: 'action' as StepKind, app: hook, event: 'post' },
  { kind: 'trigger' as StepKind, app: crm, event: 'newContact' },
  { kind: 'trigger' as StepKind, app: hook, event: 'catch' },
);

const env = { newId: () => 'x', now: () => 0 };

/** The step panel: the workflow model's choice actions over the step as it is. */
function viaPanel(kind: StepKind, prior: Partial<StepData>, app: AppDefinition, event: string): StepData {
  const wf = createWorkflowModel(
    {
      id: 'w',
      name: 'W',
      active: false,
      links: [],
      steps: [{ id: 's', kind, position: { x: 0, y: 0 }, data: createStepData(prior) }],
    },
    env,
  );
  wf.chooseOnStep('s', { type: 'app', app });
  wf.chooseOnStep('s', { type: 'event', app, event });
  return wf.data.steps[0].data;
}

/** The palette: it knows the app's name, icon and whether it needs an account. */
function viaPalette(kind: StepKind, prior: Partial<StepData>, app: AppDefinition, event: string): StepData {
  const before = createStepData(prior);
  const chosen = { appSlug: app.appSlug, appName: app.appName, iconURL: app.iconURL, hasauth: needsAuth(app) };
  const afterApp = { ...before, ...chooseOnStep(kind, before, { type: 'app', app: chosen }) };
  return { ...afterApp, ...chooseOnStep(kind, afterApp, { type: 'event', app, event }) };
}

describe('every way of choosing an app and event gives the same step data (editor-core 4.8)', () => {
  it('panel, palette and the server starters agree, whatever the step held before', () => {
    fc.assert(
      fc.property(priorArb, choiceArb, (prior, { kind, app, event }) => {
        // The server's starters build the step from nothing.
        const starter = setUpStepData(createStepData(), kind, app, event);
        const panel = viaPanel(kind, prior, app, event);
        const palette = viaPalette(kind, prior, app, event);
        expect(panel).toEqual(starter);
        expect(palette).toEqual(starter);
      }),
      { numRuns: 60 },
    );
  });

  it('a custom trigger sets the same data over any prior trigger, with a current sample', () => {
    const setup: CustomTriggerSetup = {
      app: { appSlug: 'crm', appName: 'CRM', iconURL: '', hasauth: true },
      triggerKey: 'newOrder',
      label: 'New order',
      listActionKey: 'listOrders',
      credential: 'c1',
      authname: 'Work',
      fields: [{ name: 'status', value: 'open' }],
      items: [{ id: 1 }, { id: 2 }],
      dataHead: 'orders',
      dedupeKey: 'id',
    };
    const fresh = createStepData();
    const expected = { ...fresh, ...chooseOnStep('trigger', fresh, { type: 'customTrigger', setup }) };
    expect(expected).toMatchObject({ name: 'New order in CRM', url: '/api/apps/crm', testData: { id: 1 } });
    expect(testStateOf(expected).status).toBe('tested');
    fc.assert(
      fc.property(priorArb, (prior) => {
        const before = createStepData(prior);
        expect({ ...before, ...chooseOnStep('trigger', before, { type: 'customTrigger', setup }) }).toEqual(expected);
      }),
      { numRuns: 40 },
    );
    expect(chooseOnStep('action', fresh, { type: 'customTrigger', setup })).toBeUndefined();
  });

  it('an event choice resets only the test, an app choice the account, event and trigger-only data', () => {
    const event = Object.keys(choiceReset('event'));
    expect(event).toEqual(expect.arrayContaining(['testData', 'actionTestTime', 'sampleKey', 'triggerChoices']));
    expect(event).not.toContain('credential');
    const app = Object.keys(choiceReset('app'));
    expect(app).toEqual(expect.arrayContaining(['credential', 'action', 'fields', 'triggerMessage', 'webhookKey']));
    expect(app).not.toContain('name');
    expect(app).not.toContain('delay');
  });

  it('a renamed step keeps its name through any choice', () => {
    const before = createStepData({ name: 'My step', customName: true, type: 'webhook' });
    expect(chooseOnStep('action', before, { type: 'app', app: crm })?.name).toBeUndefined();
  });
});
