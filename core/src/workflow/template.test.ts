import { describe, expect, it } from 'vitest';
import {
  ACTION_PLACEHOLDER_NAME,
  acceptTemplate,
  blankSample,
  createNewWorkflow,
  DEFAULT_DRAFT_WORKFLOW_NAME,
  DEFAULT_WORKFLOW_NAME,
  draftName,
  sanitizeForShare,
  TRIGGER_PLACEHOLDER_NAME,
} from './template.js';
import { type CoreEnv, createStepData, type WorkflowData } from './types.js';

function counterEnv(prefix = 'id'): CoreEnv {
  let n = 0;
  return { newId: () => `${prefix}${++n}`, now: () => 0 };
}

const shared: WorkflowData = {
  id: 'w1',
  name: 'Leads to Slack',
  active: true,
  steps: [
    {
      id: 't',
      kind: 'trigger',
      position: { x: 220, y: 40 },
      data: createStepData({
        name: 'New contact in Demo CRM',
        type: 'demo-crm',
        hasauth: true,
        credential: 'cred-1',
        authname: 'Demo CRM - Work#1',
        action: 'newContact',
        triggerMessage: 'Polling every 5 minutes',
        triggerChoices: [{ id: 1, email: 'ada@example.com' }],
        triggerchoice: 'ada@example.com',
        testData: {
          id: 1,
          email: 'ada@example.com',
          tags: ['vip', 'new'],
          owner: { name: 'Bo', active: true },
          x: null,
        },
      }),
    },
    {
      id: 'a',
      kind: 'action',
      position: { x: 220, y: 240 },
      data: createStepData({
        name: 'Send message in Slack',
        type: 'slack',
        hasauth: true,
        credential: 'cred-2',
        authname: 'Slack - unnamed#1',
        action: 'sendMessage',
        fields: [
          { name: 'text', value: 'New lead ${t.email} (${t.owner.name})' },
          { name: 'channel', value: '#sales' },
          { name: 'blocks', value: [{ text: '${t.id}' }] },
        ],
        testData: { ok: true, ts: '123.4' },
      }),
    },
  ],
  links: [
    {
      id: 'l1',
      source: 't',
      target: 'a',
      name: 'Filter: email',
      groups: [[{ lhs: '${t.email}', conditionType: 'valueExists', rhs: '' }]],
      delaySeconds: 30,
    },
  ],
};

describe('createNewWorkflow', () => {
  it('creates an inactive workflow with two placeholders and one link', () => {
    const wf = createNewWorkflow(counterEnv());
    expect(wf).toEqual({
      schemaVersion: 1,
      id: 'id4',
      name: 'Untitled Workflow',
      active: false,
      steps: [
        {
          id: 'id1',
          kind: 'trigger',
          position: { x: 220, y: 40 },
          data: createStepData({ name: 'Click to Add Trigger' }),
        },
        {
          id: 'id2',
          kind: 'action',
          position: { x: 220, y: 240 },
          data: createStepData({ name: 'Click to Add Action' }),
        },
      ],
      links: [{ id: 'id3', source: 'id1', target: 'id2', name: '', groups: [], delaySeconds: 0 }],
    });
    expect(wf.steps.every((s) => s.data.type === '' && s.data.delay === 0)).toBe(true);
  });

  it('takes an id and a name', () => {
    const wf = createNewWorkflow(counterEnv(), { id: 'mine', name: draftName('Slack') });
    expect(wf.id).toBe('mine');
    expect(wf.name).toBe('Slack -> Workflow (Draft)');
  });

  it('exports the default names', () => {
    expect(DEFAULT_WORKFLOW_NAME).toBe('Untitled Workflow');
    expect(DEFAULT_DRAFT_WORKFLOW_NAME).toBe('Untitled Workflow (Draft)');
    expect(TRIGGER_PLACEHOLDER_NAME).toBe('Click to Add Trigger');
    expect(ACTION_PLACEHOLDER_NAME).toBe('Click to Add Action');
  });
});

describe('blankSample', () => {
  it('keeps keys and array lengths and blanks every leaf', () => {
    expect(blankSample({ user: { id: 7, tags: ['a', 'b'] }, on: true, none: null })).toEqual({
      user: { id: '', tags: ['', ''] },
      on: '',
      none: '',
    });
    expect(blankSample('x')).toBe('');
  });
});

describe('sanitizeForShare', () => {
  const clean = sanitizeForShare(shared);

  it('drops credentials, account names and the trigger message, and is inactive', () => {
    expect(clean.active).toBe(false);
    for (const step of clean.steps) {
      expect(step.data.credential).toBeNull();
      expect(step.data.authname).toBe('');
      expect(step.data.triggerMessage).toBe('');
    }
    expect(JSON.stringify(clean)).not.toMatch(/cred-|ada@example\.com|Bo"/);
  });

  it('blanks test data and trigger choices but keeps their keys', () => {
    expect(clean.steps[0].data.testData).toEqual({
      id: '',
      email: '',
      tags: ['', ''],
      owner: { name: '', active: '' },
      x: '',
    });
    expect(clean.steps[0].data.triggerChoices).toEqual([{ id: '', email: '' }]);
    expect(clean.steps[0].data.triggerchoice).toBe('');
  });

  it('keeps field values, links, ids and the name, and leaves the input alone', () => {
    expect(clean.steps[1].data.fields).toEqual(shared.steps[1].data.fields);
    expect(clean.links).toEqual(shared.links);
    expect(clean.steps.map((s) => s.id)).toEqual(['t', 'a']);
    expect(clean.name).toBe('Leads to Slack');
    expect(shared.steps[0].data.credential).toBe('cred-1');
    expect(shared.active).toBe(true);
  });

  it("carries no live id of the sharer's workspace: not the workflow id, not a form id", () => {
    const withForm = {
      ...shared,
      id: 'wf-live-id',
      steps: shared.steps.map((step, i) =>
        i === 0 ? { ...step, data: { ...step.data, fields: [{ name: 'formId', value: 'form-live-id' }] } } : step,
      ),
    };
    const text = JSON.stringify(sanitizeForShare(withForm));
    expect(text).not.toContain('wf-live-id');
    expect(text).not.toContain('form-live-id');
    expect(text).not.toContain('cred-1');
  });

  it('keeps untested steps untested', () => {
    const wf = createNewWorkflow(counterEnv());
    expect(sanitizeForShare(wf).steps[0].data.testData).toBeNull();
  });
});

describe('acceptTemplate', () => {
  const accepted = acceptTemplate(shared, counterEnv('n'));

  it('prefixes the name, is inactive and carries the schema version', () => {
    expect(accepted.name).toBe('Template: Leads to Slack');
    expect(accepted.active).toBe(false);
    expect(accepted.schemaVersion).toBe(1);
  });

  it('gives the workflow, steps and links new ids and keeps links attached', () => {
    const ids = accepted.steps.map((s) => s.id);
    expect(ids).toEqual(['n1', 'n2']);
    expect(accepted.links[0]).toMatchObject({ id: 'n3', source: 'n1', target: 'n2', delaySeconds: 30 });
    expect(accepted.id).toBe('n4');
  });

  it('points references in fields and filter rows at the new step ids', () => {
    const fields = accepted.steps[1].data.fields;
    expect(fields[0].value).toBe('New lead ${n1.email} (${n1.owner.name})');
    expect(fields[1].value).toBe('#sales');
    expect(fields[2].value).toEqual([{ text: '${n1.id}' }]);
    expect(accepted.links[0].groups[0][0].lhs).toBe('${n1.email}');
  });

  it('keeps references to unknown steps as written', () => {
    const wf: WorkflowData = {
      ...shared,
      steps: [
        {
          ...shared.steps[1],
          data: { ...shared.steps[1].data, fields: [{ name: 'x', value: '${ghost.a} ${ a.b }' }] },
        },
      ],
      links: [],
    };
    const out = acceptTemplate(wf, counterEnv('m'));
    expect(out.steps[0].data.fields[0].value).toBe('${ghost.a} ${m1.b }');
  });

  it('sanitises like sharing', () => {
    expect(accepted.steps[0].data.credential).toBeNull();
    expect(accepted.steps[0].data.authname).toBe('');
    expect(accepted.steps[0].data.triggerMessage).toBe('');
    expect(accepted.steps[1].data.testData).toEqual({ ok: '', ts: '' });
  });
});
