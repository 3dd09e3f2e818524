import { describe, expect, it } from 'vitest';
import { renameStep } from './graph.js';
import {
  applyStepPatch,
  automaticStepName,
  chooseAppPatch,
  chooseEventPatch,
  isAutomaticallyNamed,
  renamePatch,
  setUpStepData,
  withDefinitionFields,
} from './step-setup.js';
import { TEST_CRM_APP, TEST_HTTP_APP } from './test-apps.js';
import { createStepData, type StepData, type WorkflowData } from './types.js';

const http = TEST_HTTP_APP;
const crm = TEST_CRM_APP;

const request = (url: string): StepData =>
  setUpStepData(createStepData(), 'action', http, 'customRequest', { requestType: 'POST', url }) as StepData;

describe('automatic step naming (editor-core 4.8)', () => {
  it("names an event '{event} in {app}', a custom request by verb and resource, an app by its label", () => {
    const contact = setUpStepData(createStepData(), 'action', crm, 'createContact');
    expect(contact?.name).toBe('Create contact in CRM');
    expect(request('https://x.test/orders').name).toBe('Create new order');
    expect(automaticStepName('action', { ...createStepData(), label: 'CRM' })).toBe('CRM');
    expect(automaticStepName('trigger', createStepData())).toBe('Click to Add Trigger');
  });

  it('follows the URL while automatic, and stops once the user renames', () => {
    const data = request('https://x.test/orders');
    const moved = applyStepPatch('action', data, {
      fields: [
        { name: 'requestType', value: 'GET' },
        { name: 'url', value: 'https://x.test/invoices' },
      ],
    });
    expect(moved.name).toBe('Find an invoice');
    const renamed = { ...data, ...renamePatch('action', data, 'My call') };
    expect(renamed).toMatchObject({ name: 'My call', customName: true });
    expect(isAutomaticallyNamed('action', renamed)).toBe(false);
    const edited = applyStepPatch('action', renamed, { fields: [{ name: 'url', value: 'https://x.test/customers' }] });
    expect(edited.name).toBeUndefined();
    // A rename to the automatic text still counts as the user's.
    const same = { ...data, ...renamePatch('action', data, 'Create new order') };
    expect(applyStepPatch('action', same, { fields: [] }).name).toBeUndefined();
    // An empty name gives the automatic name back.
    expect(renamePatch('action', renamed, '  ')).toEqual({ name: 'Create new order', customName: false });
  });

  it('keeps a legacy step whose name is not automatic (no customName flag)', () => {
    const legacy = { ...request('https://x.test/orders'), name: 'Old custom name', customName: undefined };
    expect(isAutomaticallyNamed('action', legacy)).toBe(false);
  });

  it("keeps following the URL from a name written with the old article ('Find a order')", () => {
    const get = (url: string) =>
      setUpStepData(createStepData(), 'action', http, 'customRequest', { requestType: 'GET', url }) as StepData;
    const old = { ...get('https://x.test/orders'), name: 'Find a order', customName: undefined };
    expect(isAutomaticallyNamed('action', old)).toBe(true);
    expect(
      applyStepPatch('action', old, {
        fields: [
          { name: 'requestType', value: 'GET' },
          { name: 'url', value: 'https://x.test/items' },
        ],
      }).name,
    ).toBe('Find an item');
  });

  it('renameStep marks the step renamed, and a same-name rename changes nothing', () => {
    const wf: WorkflowData = {
      id: 'w',
      name: 'W',
      active: false,
      links: [],
      steps: [{ id: 'a', kind: 'action', position: { x: 0, y: 0 }, data: request('https://x.test/orders') }],
    };
    expect(renameStep(wf, 'a', 'Create new order')).toBe(wf);
    expect(renameStep(wf, 'a', 'Mine').steps[0].data).toMatchObject({ name: 'Mine', customName: true });
  });
});

describe('choosing an app and an event (editor-core 4.8)', () => {
  it('clears the event, account and test data, and a trigger its trigger data', () => {
    const patch = chooseAppPatch('trigger', crm);
    expect(patch).toMatchObject({
      type: 'crm',
      app: 'crm',
      label: 'CRM',
      icon: '/icons/crm.svg',
      hasauth: true,
      url: '/api/apps/crm',
      credential: null,
      action: '',
      testData: null,
      triggerMessage: '',
      triggerChoices: [],
      pollingParams: null,
    });
    // An action's app choice clears trigger-only data too: every path leaves the same step.
    expect(chooseAppPatch('action', crm)).toMatchObject({ app: '', triggerMessage: '' });
  });

  it('sets the event, its fields and a trigger its polling params; clears test data; unknown → undefined', () => {
    expect(chooseEventPatch('trigger', crm, 'newContact')).toMatchObject({
      action: 'newContact',
      actionlabel: 'New contact',
      triggerResource: 'list',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
      testData: null,
    });
    expect(chooseEventPatch('action', crm, 'createContact', { email: 'a@b.c' })?.fields).toEqual([
      { name: 'email', required: true, value: 'a@b.c' },
    ]);
    expect(chooseEventPatch('action', crm, 'nope')).toBeUndefined();
    expect(setUpStepData(createStepData(), 'action', crm, 'nope')).toBeUndefined();
  });
});

describe('withDefinitionFields (editor-core 3)', () => {
  const definition = [
    { name: 'url', title: 'URL', schema: { type: 'string' as const } },
    { name: 'params', title: 'Query parameters', schema: { type: 'array' as const } },
    { name: 'headers', title: 'Headers', schema: { type: 'array' as const } },
    { name: 'bodyType', title: 'Body type', value: 'json' },
  ];

  it("lists the definition's fields in its order, the step's values kept and gained fields added", () => {
    const step = [
      {
        name: 'params',
        title: 'Query parameters',
        schema: { type: 'array' as const },
        value: [{ key: 'a', value: '1' }],
      },
      { name: 'url', title: 'URL', schema: { type: 'string' as const }, value: 'https://x.example' },
      { name: 'extra', title: 'Extra', value: 'kept' },
    ];
    expect(withDefinitionFields(step, definition)).toEqual([step[1], step[0], definition[2], definition[3], step[2]]);
  });

  it("gives a field stored without schema or title the definition's", () => {
    expect(withDefinitionFields([{ name: 'url', value: 'x' }], definition)[0]).toEqual({
      name: 'url',
      title: 'URL',
      schema: { type: 'string' },
      value: 'x',
    });
  });

  it('keeps the step fields as they are without a definition', () => {
    const step = [{ name: 'url', value: 'x' }];
    expect(withDefinitionFields(step, undefined)).toEqual(step);
  });
});
