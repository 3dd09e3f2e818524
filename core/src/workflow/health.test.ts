import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEALTH_COLORS, healthOf, stepHealth, workflowHealth } from './health.js';
import { findIssues } from './issues.js';
import { recordTestResult } from './test-state.js';
import { createStepData, type Step, type StepData, type StepKind, type WorkflowData } from './types.js';

const step = (kind: StepKind, patch: Partial<StepData> = {}, id = 's'): Step => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ type: 'demo-crm', action: 'createContact', ...patch }),
});

describe('stepHealth (onboarding 4)', () => {
  it('turns an action red without its account or after a failed test, orange without a usable sample', () => {
    expect(stepHealth(step('action', { hasauth: true, testData: { ok: 1 } }))).toBe('error');
    expect(stepHealth(step('action', { testData: { error: 'Not Found' } }))).toBe('error');
    expect(stepHealth(step('action', { hasauth: true, credential: 'c1' }))).toBe('warning');
    expect(stepHealth(step('action', { testData: {} }))).toBe('ok');
    expect(stepHealth(step('action', { hasauth: true, credential: 'c1', testData: [] }))).toBe('ok');
  });

  it('turns a trigger red for any error, green when tested (with or without a message)', () => {
    expect(stepHealth(step('trigger', { testData: { id: 1 } }))).toBe('ok');
    expect(stepHealth(step('trigger', { testData: { id: 1 }, hasauth: true }))).toBe('error');
    expect(stepHealth(step('trigger', { testData: null }))).toBe('error');
    expect(stepHealth(step('trigger', { testData: { error: 'x' } }))).toBe('error');
  });

  it('gives ok for filters and loop ends, and maps health to the badge colours', () => {
    expect(stepHealth(step('filter'))).toBe('ok');
    expect(stepHealth(step('loopEnd'))).toBe('ok');
    expect(healthOf('filter', [{ code: 'missing-app', severity: 'error', text: '' }])).toBe('ok');
    expect(HEALTH_COLORS).toEqual({ error: 'red', warning: 'orange', ok: 'green' });
  });
});

// One edit a user can make to a step, as the property test draws them.
type Edit =
  | { kind: 'url'; step: number; url: string }
  | { kind: 'account'; step: number; credential: string | null }
  | { kind: 'event'; step: number; action: string }
  | { kind: 'test'; step: number; ok: boolean }
  | { kind: 'rename'; step: number; name: string }
  | { kind: 'reference'; step: number; target: number; path: string };

function apply(wf: WorkflowData, edit: Edit): WorkflowData {
  const steps = wf.steps.map((s, i) => {
    if (i !== edit.step) return s;
    const data = s.data;
    switch (edit.kind) {
      case 'url':
        return { ...s, data: { ...data, fields: [{ name: 'url', required: true, value: edit.url }] } };
      case 'account':
        return { ...s, data: { ...data, credential: edit.credential } };
      case 'event':
        return { ...s, data: { ...data, action: edit.action } };
      case 'test': {
        const outcome = edit.ok
          ? { ok: true as const, output: { id: 1, email: 'a@b.c' }, testedAt: 1 }
          : { ok: false as const, error: 'Request failed with status 500', testedAt: 1 };
        return { ...s, data: { ...data, ...recordTestResult(data, outcome) } };
      }
      case 'rename':
        return { ...s, data: { ...data, name: edit.name, customName: true } };
      case 'reference': {
        const target = wf.steps[edit.target % wf.steps.length];
        const value = `\${${target.id}.${edit.path}}`;
        return { ...s, data: { ...data, fields: [...data.fields, { name: 'note', value }] } };
      }
    }
    return s;
  });
  return { ...wf, steps };
}

describe('badge and issues (property)', () => {
  it('agree after any sequence of edits: green exactly when the step has no issue, red only with an error', () => {
    const index = fc.integer({ min: 0, max: 2 });
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({
        kind: fc.constant('url' as const),
        step: index,
        url: fc.constantFrom('', 'https://x.test/a', 'https://x.test/b'),
      }),
      fc.record({ kind: fc.constant('account' as const), step: index, credential: fc.constantFrom(null, 'c1', 'c2') }),
      fc.record({
        kind: fc.constant('event' as const),
        step: index,
        action: fc.constantFrom('', 'createContact', 'updateContact'),
      }),
      fc.record({ kind: fc.constant('test' as const), step: index, ok: fc.boolean() }),
      fc.record({ kind: fc.constant('rename' as const), step: index, name: fc.string({ maxLength: 8 }) }),
      fc.record({
        kind: fc.constant('reference' as const),
        step: index,
        target: index,
        path: fc.constantFrom('id', 'email', 'gone'),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), fc.boolean(), (edits, hasauth) => {
        let wf: WorkflowData = {
          id: 'w',
          name: 'W',
          active: false,
          steps: [
            step('trigger', { testData: null }, 't'),
            step('action', { hasauth, testData: null }, 'a'),
            step('action', { testData: null }, 'b'),
          ],
          links: [
            { id: 'l1', source: 't', target: 'a', name: '', groups: [], delaySeconds: 0 },
            { id: 'l2', source: 'a', target: 'b', name: '', groups: [], delaySeconds: 0 },
          ],
        };
        for (const e of edits) {
          wf = apply(wf, e);
          const issues = findIssues(wf);
          const health = workflowHealth(wf);
          for (const s of wf.steps) {
            const own = issues.filter((i) => i.stepId === s.id);
            const badge = health.get(s.id);
            expect(badge === 'ok').toBe(own.length === 0);
            if (badge === 'error') expect(own.some((i) => i.severity === 'error')).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
