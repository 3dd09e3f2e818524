import { describe, expect, it } from 'vitest';
import { findIssues, groupIssuesByStep, ISSUE_TEXTS, issuesTooltip } from './issues.js';
import { createStepData, type Link, type Step, type StepData, type StepKind, type WorkflowData } from './types.js';

const step = (id: string, kind: StepKind, patch: Partial<StepData> = {}): Step => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ name: id.toUpperCase(), type: 'demo-crm', action: 'ev', testData: { ok: 1 }, ...patch }),
});
const link = (source: string, target: string): Link => ({
  id: `${source}-${target}`,
  source,
  target,
  name: '',
  groups: [],
  delaySeconds: 0,
});
const wf = (steps: Step[], links: Link[] = []): WorkflowData => ({ id: 'w', name: 'W', active: false, steps, links });
const texts = (w: WorkflowData) => findIssues(w).map((issue) => issue.text);

describe('findIssues', () => {
  it('finds nothing on a complete workflow', () => {
    expect(findIssues(wf([step('t', 'trigger'), step('a', 'action')], [link('t', 'a')]))).toEqual([]);
  });

  it('reports the spec texts and codes for a placeholder action', () => {
    const issues = findIssues(wf([step('a', 'action', { type: '', action: '', testData: null })]));
    expect(issues).toEqual([
      { code: 'missing-app', severity: 'error', stepId: 'a', text: 'Missing app selection.' },
      { code: 'missing-event', severity: 'error', stepId: 'a', text: 'Missing event.' },
      { code: 'missing-test-data', severity: 'error', stepId: 'a', text: 'Missing test data.' },
    ]);
  });

  it('reports a missing event only on action steps', () => {
    expect(texts(wf([step('t', 'trigger', { action: '' })]))).toEqual([]);
  });

  it('reports a missing credential when auth is needed', () => {
    const issues = findIssues(wf([step('a', 'action', { hasauth: true })]));
    expect(issues).toEqual([
      { code: 'missing-credential', severity: 'error', stepId: 'a', text: 'Missing credential.' },
    ]);
    expect(findIssues(wf([step('a', 'action', { hasauth: true, credential: 'c' })]))).toEqual([]);
  });

  it('reports one missing field per required field without a value', () => {
    const fields = [
      { name: 'email', required: true, value: '' },
      { name: 'tags', required: true, value: [] },
      { name: 'name', required: true },
      { name: 'note', required: false },
      { name: 'hiddenOne', required: true, hidden: true },
      { name: 'count', required: true, value: 0 },
      { name: 'done', required: true, value: false },
    ];
    const issues = findIssues(wf([step('a', 'action', { fields })]));
    expect(issues.map((i) => i.text)).toEqual([
      'Missing field "email".',
      'Missing field "tags".',
      'Missing field "name".',
    ]);
    expect(issues.every((i) => i.code === 'missing-field' && i.severity === 'error')).toBe(true);
  });

  it('reports an error in the test data', () => {
    expect(findIssues(wf([step('a', 'action', { testData: { error: 'Unauthorized' } })]))).toEqual([
      { code: 'test-data-error', severity: 'error', stepId: 'a', text: 'Test data error.' },
    ]);
    expect(texts(wf([step('a', 'action', { testData: { status_code: 404 } })]))).toEqual(['Test data error.']);
  });

  it('checks only trigger and action steps', () => {
    expect(
      findIssues(wf([step('f', 'filter', { type: '', testData: null }), step('l', 'loopEnd', { type: '' })])),
    ).toEqual([]);
  });

  describe('broken references', () => {
    const trigger = step('t', 'trigger', { testData: { user: { email: 'a@b.c' }, items: [{ id: 1 }] } });

    it('accepts references to paths in earlier steps sample data', () => {
      const a = step('a', 'action', { fields: [{ name: 'to', value: 'Hi ${t.user.email} ${t.items[0].id}' }] });
      expect(findIssues(wf([trigger, a], [link('t', 'a')]))).toEqual([]);
    });

    it('warns about a deleted step', () => {
      const a = step('a', 'action', { fields: [{ name: 'to', value: '${gone.email}' }] });
      expect(findIssues(wf([trigger, a], [link('t', 'a')]))).toEqual([
        {
          code: 'broken-reference',
          severity: 'warning',
          stepId: 'a',
          text: 'Reference to a deleted step: ${gone.email}.',
        },
      ]);
    });

    it('warns about a path absent from the sample data, once per reference', () => {
      const a = step('a', 'action', {
        fields: [
          { name: 'to', value: '${t.user.phone}' },
          { name: 'cc', value: { nested: ['${t.user.phone}'] } },
        ],
      });
      expect(findIssues(wf([trigger, a], [link('t', 'a')]))).toEqual([
        {
          code: 'broken-reference',
          severity: 'warning',
          stepId: 'a',
          text: 'Reference not found in sample data of "T": ${t.user.phone}.',
        },
      ]);
    });

    it('warns about a step that does not run before this one', () => {
      const a = step('a', 'action', { fields: [{ name: 'x', value: '${b.id}' }] });
      const b = step('b', 'action', { testData: { id: 1 } });
      const self = step('s', 'action', { fields: [{ name: 'x', value: '${s.id}' }] });
      const issues = findIssues(wf([trigger, a, b, self], [link('t', 'a'), link('a', 'b'), link('t', 's')]));
      expect(issues.map((i) => i.text)).toEqual([
        ISSUE_TEXTS.notEarlier('B', '${b.id}'),
        ISSUE_TEXTS.notEarlier('S', '${s.id}'),
      ]);
      expect(issues.every((i) => i.code === 'broken-reference' && i.severity === 'warning')).toBe(true);
    });

    it('follows long chains and branches joined by bridging', () => {
      const x = step('x', 'action', { testData: { v: 1 } });
      const y = step('y', 'action');
      const z = step('z', 'action', {
        fields: [
          { name: 'a', value: '${x.v}' },
          { name: 'b', value: '${t.items}' },
        ],
      });
      // t -> x -> z and t -> y -> z: both parents of z run before it.
      const links = [link('t', 'x'), link('t', 'y'), link('x', 'z'), link('y', 'z')];
      expect(findIssues(wf([trigger, x, y, z], links))).toEqual([]);
    });

    it('does not check paths of a step without sample data, and survives a cycle', () => {
      const a = step('a', 'action', { testData: null });
      const b = step('b', 'action', { fields: [{ name: 'x', value: '${a.anything}' }] });
      const issues = findIssues(wf([a, b], [link('a', 'b'), link('b', 'a')]));
      expect(issues.map((i) => i.code)).toEqual(['missing-test-data']);
    });
  });

  // Its speed is measured by core's bench ('find issues, 1,000 steps'), never by a test.
  it('reports every issue of a 1,000-step workflow', () => {
    const steps: Step[] = [step('s0', 'trigger', { testData: { id: 0, items: [{ name: 'x' }] } })];
    const links: Link[] = [];
    for (let i = 1; i < 1000; i += 1) {
      steps.push(
        step(`s${i}`, 'action', {
          hasauth: i % 7 === 0,
          credential: i % 7 === 0 ? null : 'c',
          testData: { id: i, items: [{ name: 'x' }] },
          fields: [
            { name: 'a', required: true, value: `\${s${i - 1}.id} and \${s0.items[0].name}` },
            { name: 'b', required: true, value: i % 10 === 0 ? '' : 'text' },
            { name: 'c', value: `\${s${i - 1}.missing}` },
          ],
        }),
      );
      links.push(link(`s${i - 1}`, `s${i}`));
    }
    const big = wf(steps, links);
    const first = findIssues(big);
    expect(first.filter((i) => i.code === 'missing-credential')).toHaveLength(142);
    expect(first.filter((i) => i.code === 'missing-field')).toHaveLength(99);
    expect(first.filter((i) => i.code === 'broken-reference')).toHaveLength(999);
    // Pure: a second pass over the same workflow reports the same.
    expect(findIssues(big)).toEqual(first);
  });
});

describe('groupIssuesByStep and issuesTooltip', () => {
  it('groups issues by step in order', () => {
    const issues = findIssues(
      wf([step('a', 'action', { action: '', testData: null }), step('b', 'action', { hasauth: true })]),
    );
    const grouped = groupIssuesByStep(issues);
    expect([...grouped.keys()]).toEqual(['a', 'b']);
    expect(grouped.get('a')?.map((i) => i.code)).toEqual(['missing-event', 'missing-test-data']);
  });

  it('writes the tooltip', () => {
    expect(issuesTooltip(0)).toBe('No issues to fix');
    expect(issuesTooltip(3)).toBe('3 workflow issues');
    expect(issuesTooltip(1)).toBe('1 workflow issue');
  });
});
