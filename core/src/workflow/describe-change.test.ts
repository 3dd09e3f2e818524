import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change.js';
import { createStepData, type Link, type Step, type WorkflowData } from './types.js';

const step = (id: string, kind: Step['kind'], patch: Parameters<typeof createStepData>[0] = {}): Step => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ name: `Step ${id}`, ...patch }),
});
const link = (source: string, target: string, extra: Partial<Link> = {}): Link => ({
  id: `${source}-${target}`,
  source,
  target,
  name: '',
  groups: [],
  delaySeconds: 0,
  ...extra,
});
const base: WorkflowData = {
  id: 'w',
  name: 'Orders',
  active: true,
  steps: [
    step('t', 'trigger', { type: 'webhook', action: 'catch' }),
    step('a', 'action', {
      type: 'crm',
      action: 'createContact',
      fields: [{ name: 'email', title: 'E-mail', value: 'a@x' }],
    }),
    step('b', 'action', { type: 'crm', action: 'createContact' }),
  ],
  links: [link('t', 'a'), link('a', 'b')],
};

describe('describeChange', () => {
  it('is empty for the same workflow, and for moves on the canvas or new test data', () => {
    expect(describeChange(base, base)).toMatchObject({ empty: true, lines: [] });
    const moved = {
      ...base,
      steps: base.steps.map((s) => ({ ...s, position: { x: 500, y: 500 }, data: { ...s.data, testData: { x: 1 } } })),
    };
    expect(describeChange(base, moved).empty).toBe(true);
  });

  it('names added, removed, moved and changed steps in words', () => {
    const after: WorkflowData = {
      ...base,
      steps: [
        base.steps[0],
        {
          ...base.steps[1],
          data: { ...base.steps[1].data, fields: [{ name: 'email', title: 'E-mail', value: 'b@x' }] },
        },
        step('c', 'action', { name: 'Send e-mail', type: 'gmail', action: 'send' }),
      ],
      links: [link('t', 'c'), link('c', 'a')],
    };
    const change = describeChange(base, after);
    expect(change.added).toEqual([{ id: 'c', name: 'Send e-mail' }]);
    expect(change.removed).toEqual([{ id: 'b', name: 'Step b' }]);
    expect(change.moved).toEqual([{ id: 'a', name: 'Step a' }]);
    expect(change.lines).toEqual([
      'Added "Send e-mail"',
      'Removed "Step b"',
      'Moved "Step a"',
      'Changed "Step a": E-mail changed from "a@x" to "b@x"',
    ]);
  });

  it('says when an app, an event, an account, a name, a filter or a delay changes', () => {
    const after: WorkflowData = {
      ...base,
      name: 'Orders 2',
      steps: [
        { ...base.steps[0], data: { ...base.steps[0].data, type: 'schedule', action: 'every' } },
        { ...base.steps[1], data: { ...base.steps[1].data, name: 'Create', credential: 'c2' } },
        base.steps[2],
      ],
      links: [
        link('t', 'a', { groups: [[{ lhs: 'x', conditionType: 'isTrue', rhs: '' }]] }),
        link('a', 'b', { delaySeconds: 60 }),
      ],
    };
    expect(describeChange(base, after).lines).toEqual([
      'Workflow renamed from "Orders" to "Orders 2"',
      'Changed "Step t": app changed from webhook to schedule; event changed from catch to every',
      'Changed "Create": renamed from "Step a"; account changed',
      'Filter before "Create" added',
      'Delay before "Step b" changed from 0 s to 60 s',
    ]);
  });

  it('for any two versions: every step is added, removed or kept, and the lines list them all', () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 });
    fc.assert(
      fc.property(ids, ids, (left, right) => {
        const before = { ...base, steps: left.map((id) => step(id, 'action')), links: [] };
        const after = { ...base, steps: right.map((id) => step(id, 'action')), links: [] };
        const change = describeChange(before, after);
        expect(change.added.map((s) => s.id).sort()).toEqual(right.filter((id) => !left.includes(id)).sort());
        expect(change.removed.map((s) => s.id).sort()).toEqual(left.filter((id) => !right.includes(id)).sort());
        expect(change.lines.length).toBe(change.added.length + change.removed.length);
        expect(change.empty).toBe(change.lines.length === 0);
        // Undoing a change is described by the same steps the other way round.
        const back = describeChange(after, before);
        expect(back.added).toEqual(change.removed);
        expect(back.removed).toEqual(change.added);
      }),
    );
  });
});
