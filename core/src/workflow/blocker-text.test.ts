import { describe, expect, it } from 'vitest';
import { activationProblems } from './activation.js';
import { firstBlockerText, shareBlockedText, switchBlockedText } from './blocker-text.js';
import { createStepData, type Link, type Step, WORKFLOW_SCHEMA_VERSION, type WorkflowDocument } from './types.js';

const hook: Step = {
  id: 't',
  kind: 'trigger',
  position: { x: 0, y: 0 },
  data: createStepData({
    name: 'Catch Hook',
    type: 'webhook',
    app: 'webhook',
    action: 'catchHook',
    testData: { n: 1 },
  }),
};
const call = (id: string, url: string): Step => ({
  id,
  kind: 'action',
  position: { x: 0, y: 200 },
  data: createStepData({
    name: `Call ${id}`,
    type: 'http',
    action: 'customRequest',
    fields: [
      { name: 'requestType', required: true, value: 'GET' },
      { name: 'url', required: true, value: url },
    ],
    testData: { ok: true },
  }),
});
const link = (id: string, source: string, target: string, patch: Partial<Link> = {}): Link => ({
  id,
  source,
  target,
  name: '',
  groups: [],
  delaySeconds: 0,
  ...patch,
});
const doc = (steps: Step[], links: Link[]): WorkflowDocument => ({
  schemaVersion: WORKFLOW_SCHEMA_VERSION,
  id: 'w',
  name: 'W',
  active: false,
  steps,
  links,
});
/** The first blocker of a workflow, as Share says it, with steps named as the editor names them. */
const shareTip = (wf: WorkflowDocument) =>
  shareBlockedText(activationProblems(wf, null), (id) => wf.steps.find((s) => s.id === id)?.data.name);

describe('the Share and ON/OFF reasons (editor-core 4.2)', () => {
  it('name a missing field and its step, not a generic "test every step"', () => {
    const wf = doc([hook, call('a', '')], [link('l', 't', 'a')]);
    expect(shareTip(wf)).toMatch(/^Can't share — Call a: .*url/i);
    expect(shareTip(wf)).not.toContain('Test every step');
  });

  it('name a filter with an empty rule', () => {
    const filter = link('l', 't', 'a', {
      name: 'Only big orders',
      groups: [[{ lhs: '', conditionType: 'stringEqual', rhs: '' }]],
    });
    const tip = shareTip(doc([hook, call('a', 'https://example.com')], [filter]));
    expect(tip).toMatch(/^Can't share — Only big orders: /);
  });

  it('name a cycle', () => {
    const wf = doc(
      [hook, call('a', 'https://example.com/a'), call('b', 'https://example.com/b')],
      [link('l1', 't', 'a'), link('l2', 'a', 'b'), link('l3', 'b', 'a')],
    );
    expect(shareTip(wf)).toMatch(/^Can't share — .*(cycle|loop)/i);
  });

  it('say how many more problems the issues list holds, and nothing when none blocks', () => {
    const problems = [
      { stepId: 's1', text: 'Missing app selection.' },
      { stepId: 's2', text: 'Test data error.' },
      { text: 'The workflow has no trigger.' },
    ];
    const nameOf = (id: string) => (id === 's1' ? 'POST' : undefined);
    expect(firstBlockerText(problems, nameOf)).toBe('POST: Missing app selection. (2 more in Workflow Issues)');
    expect(switchBlockedText(problems.slice(1), nameOf)).toBe(
      "Can't switch ON — Test data error. (1 more in Workflow Issues)",
    );
    expect(shareBlockedText([], nameOf)).toBe('');
    expect(shareTip(doc([hook, call('a', 'https://example.com')], [link('l', 't', 'a')]))).toBe('');
  });
});
