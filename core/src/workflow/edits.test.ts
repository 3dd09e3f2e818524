import { describe, expect, it } from 'vitest';
import { applyEdit, applyEdits, EDIT_DESCRIPTIONS, type WorkflowEdit } from './edits.js';
import { HISTORY_DESCRIPTIONS, isRecordedDescription } from './history.js';
import { createWorkflowModel } from './model.js';
import { createStepData, type Step, type WorkflowData } from './types.js';

const step = (id: string, kind: Step['kind'] = 'action'): Step => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ name: id }),
});
const base: WorkflowData = {
  id: 'w',
  name: 'W',
  active: false,
  steps: [step('t', 'trigger'), step('a')],
  links: [{ id: 'l1', source: 't', target: 'a', name: '', groups: [], delaySeconds: 0 }],
};
const crm = {
  appSlug: 'crm',
  appName: 'CRM',
  authInfo: {},
  triggers: {},
  actions: { create: { title: 'Create contact', method: 'post' as const, url: '', fields: [] } },
};

// One edit of every kind, in an order that keeps each meaningful.
const edits: WorkflowEdit[] = [
  { type: 'addStep', step: step('b'), placement: { parentId: 'a' }, newLinkIds: ['l2'] },
  { type: 'insertStep', linkId: 'l1', step: step('c'), newLinkId: 'l3' },
  { type: 'renameStep', stepId: 'b', name: 'Send' },
  { type: 'renameWorkflow', name: 'Leads' },
  { type: 'updateStep', stepId: 'a', patch: { delay: 5 } },
  { type: 'chooseOnStep', stepId: 'a', choice: { type: 'app', app: crm } },
  { type: 'chooseOnStep', stepId: 'a', choice: { type: 'event', app: crm, event: 'create' } },
  { type: 'setStepPosition', stepId: 'b', position: { x: 20, y: 40 } },
  { type: 'setLinkDelay', linkId: 'l2', delaySeconds: 60 },
  { type: 'setLinkFilter', linkId: 'l2', filter: { name: 'F', groups: [] } },
  { type: 'editStepSetup', stepId: 'a', patch: { url: 'https://crm.example/contacts' } },
  { type: 'setStepFields', stepId: 'a', fields: [{ name: 'email', in: 'formData', required: true, value: 'a@b.c' }] },
  { type: 'setStepAccount', stepId: 'a', credential: 'c1', label: 'CRM - Ada#1' },
  { type: 'relabelStepAccount', stepId: 'a', label: 'CRM - Sales#1' },
  { type: 'startStepTest', stepId: 'a', at: 1000 },
  { type: 'recordStepTest', stepId: 'a', outcome: { ok: true, output: { id: 7 }, testedAt: 2000 } },
  { type: 'chooseTriggerSample', stepId: 't', sample: { n: 1 }, choices: [1, 2, 3, 4, 5, 6], label: 'n: 1', at: 3000 },
  { type: 'duplicateStep', stepId: 'b', ids: ['b2', 'l4'] },
  { type: 'moveStep', stepId: 'b2', to: { parentId: 't' }, newLinkIds: ['l5', 'l6', 'l7'] },
  { type: 'addLink', link: { id: 'l8', source: 'c', target: 'b2', name: '', groups: [], delaySeconds: 0 } },
  { type: 'deleteStep', stepId: 'c', newLinkIds: ['l9', 'l10'] },
];

describe('typed workflow edits (editor-core 4.3, 4.4)', () => {
  it('covers every kind of edit, each changing the workflow', () => {
    expect(new Set(edits.map((e) => e.type))).toEqual(new Set(Object.keys(EDIT_DESCRIPTIONS)));
    let wf = base;
    for (const edit of edits) {
      const next = applyEdit(wf, edit);
      expect(next, edit.type).not.toBe(wf);
      wf = next;
    }
    expect(applyEdits(base, edits)).toEqual(wf);
    expect(wf.name).toBe('Leads');
    expect(wf.steps.find((s) => s.id === 'a')?.data).toMatchObject({
      type: 'crm',
      actionlabel: 'Create contact',
      delay: 5,
    });
    expect(wf.steps.some((s) => s.id === 'c')).toBe(false);
  });

  it('records accounts, tests and trigger samples as the panels need (editor-core 2.5, 4.8)', () => {
    const connected = applyEdit(base, { type: 'setStepAccount', stepId: 'a', credential: 'c1', label: 'CRM - Ada#1' });
    expect(connected.steps[1].data).toMatchObject({ credential: 'c1', authname: 'CRM - Ada#1' });
    // Disconnecting clears the label whatever was passed.
    const cleared = applyEdit(connected, { type: 'setStepAccount', stepId: 'a', credential: null, label: 'x' });
    expect(cleared.steps[1].data).toMatchObject({ credential: null, authname: '' });
    const tested = applyEdits(base, [
      { type: 'startStepTest', stepId: 'a', at: 1000 },
      { type: 'recordStepTest', stepId: 'a', outcome: { ok: false, error: 'Not Found', testedAt: 2000 } },
    ]);
    expect(tested.steps[1].data).toMatchObject({ testData: { error: 'Not Found' }, actionTestTime: 2000 });
    const sampled = applyEdit(base, {
      type: 'chooseTriggerSample',
      stepId: 't',
      sample: { n: 2 },
      choices: [1, 2, 3, 4, 5, 6, 7],
      label: 'n: 2',
      at: 3000,
    });
    expect(sampled.steps[0].data).toMatchObject({
      testData: { n: 2 },
      triggerChoices: [1, 2, 3, 4, 5],
      triggerchoice: 'n: 2',
      triggerChoiceTime: 3000,
    });
    expect(applyEdit(base, { type: 'startStepTest', stepId: 'nope', at: 1 })).toBe(base);
  });

  it('keeps an automatically named step named after its set-up, and a renamed one as the user named it', () => {
    const chosen = applyEdits(base, [
      { type: 'chooseOnStep', stepId: 'a', choice: { type: 'app', app: crm } },
      { type: 'chooseOnStep', stepId: 'a', choice: { type: 'event', app: crm, event: 'create' } },
    ]);
    const named = chosen.steps[1].data.name;
    const fields = [{ name: 'email', in: 'formData' as const, required: true, value: 'x' }];
    expect(applyEdit(chosen, { type: 'setStepFields', stepId: 'a', fields }).steps[1].data).toMatchObject({
      fields,
      name: named,
    });
    const renamed = applyEdit(chosen, { type: 'renameStep', stepId: 'a', name: 'Mine' });
    const edited = applyEdit(renamed, { type: 'editStepSetup', stepId: 'a', patch: { url: 'https://x.example' } });
    expect(edited.steps[1].data).toMatchObject({ name: 'Mine', url: 'https://x.example' });
  });

  it('changes nothing on an unknown id or an event the app does not have', () => {
    expect(applyEdit(base, { type: 'renameStep', stepId: 'nope', name: 'x' })).toBe(base);
    expect(
      applyEdit(base, { type: 'chooseOnStep', stepId: 'a', choice: { type: 'event', app: crm, event: 'x' } }),
    ).toBe(base);
  });

  it('describes the undoable edits with the spec texts and leaves the others out of the history', () => {
    const recorded = Object.entries(EDIT_DESCRIPTIONS).filter(([, d]) => isRecordedDescription(d));
    expect(Object.fromEntries(recorded)).toEqual({
      addStep: HISTORY_DESCRIPTIONS.addStep,
      insertStep: HISTORY_DESCRIPTIONS.insertStep,
      moveStep: HISTORY_DESCRIPTIONS.moveStep,
      duplicateStep: HISTORY_DESCRIPTIONS.duplicateStep,
      deleteStep: HISTORY_DESCRIPTIONS.deleteStep,
      renameStep: HISTORY_DESCRIPTIONS.updateName,
      renameWorkflow: HISTORY_DESCRIPTIONS.updateName,
    });
  });

  it('the model applies the same edits to the same workflow, one undo entry per described edit', () => {
    const wf = createWorkflowModel(base, { newId: () => 'unused', now: () => 0 });
    for (const edit of edits) wf.apply(edit);
    expect(wf.data).toEqual(applyEdits(base, edits));
    const described = edits.filter((e) => isRecordedDescription(EDIT_DESCRIPTIONS[e.type]));
    expect(wf.history.undoDescriptions()).toEqual(described.map((e) => EDIT_DESCRIPTIONS[e.type]).reverse());
  });
});
