// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileWorkflow, toExecutionNodes } from './compile.js';
import { migrateDocument } from './legacy.js';
import { createStepData, type Link, type Step, type WorkflowData } from './types.js';

const fixtures = new URL('../../../test/fixtures/legacy/', import.meta.url);
function fixture(name: string) {
  const result = migrateDocument(JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')));
  if (!result.ok) throw new Error(name);
  return result.document;
}

const step = (id: string, kind: Step['kind'] = 'action', type = 'demo-crm'): Step => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ name: id, type, action: kind === 'trigger' ? 'newContact' : 'createContact' }),
});
const link = (source: string, target: string, patch: Partial<Link> = {}): Link => ({
  id: `${source}-${target}`,
  source,
  target,
  name: '',
  groups: [],
  delaySeconds: 0,
  ...patch,
});
const wf = (steps: Step[], links: Link[]): WorkflowData => ({ id: 'w', name: 'W', active: true, steps, links });

describe('compileWorkflow', () => {
  it('compiles the OR-filter fixture into a runnable plan', () => {
    const plan = compileWorkflow(fixture('filter-or-groups.json'));
    expect(plan.isRunnable).toBe(true);
    expect(plan.problems).toEqual([]);
    expect(plan.trigger).toMatchObject({
      stepId: 't1',
      app: 'demo-crm',
      event: 'newContact',
      credentialId: 'cred_7f3a91',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
    });
    expect(plan.trigger?.next).toHaveLength(1);
    expect(plan.trigger?.next[0]).toMatchObject({ linkId: 'e-t1-a1', targetId: 'a1', delaySeconds: 0 });
    expect(plan.trigger?.next[0].groups).toHaveLength(3);
    expect(plan.steps.map((s) => [s.id, s.app, s.event, s.credentialId])).toEqual([
      ['a1', 'demo-crm', 'createContact', 'cred_7f3a91'],
    ]);
  });

  it('carries the webhook key and delays', () => {
    expect(compileWorkflow(fixture('webhook-trigger.json')).trigger).toMatchObject({
      webhookKey: 'data.order',
      performList: 'subscribe',
    });
    expect(compileWorkflow(fixture('delay.json')).trigger?.next[0].delaySeconds).toBe(300);
  });

  it('orders a diamond so that every step comes after its parents', () => {
    const plan = compileWorkflow(
      wf(
        [step('d'), step('c'), step('t', 'trigger'), step('b'), step('a')],
        [link('t', 'a'), link('t', 'b'), link('a', 'c'), link('b', 'c'), link('c', 'd')],
      ),
    );
    const order = plan.steps.map((s) => s.id);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports unreachable steps as warnings and leaves them out', () => {
    const plan = compileWorkflow(wf([step('t', 'trigger'), step('a'), step('lost')], [link('t', 'a')]));
    expect(plan.isRunnable).toBe(true);
    expect(plan.steps.map((s) => s.id)).toEqual(['a']);
    expect(plan.problems).toEqual([
      {
        code: 'unreachable-step',
        severity: 'warning',
        stepIds: ['lost'],
        text: 'Some steps are not connected to the trigger and will not run.',
      },
    ]);
  });

  it('reports cycles as errors', () => {
    const plan = compileWorkflow(
      wf(
        [step('t', 'trigger'), step('a'), step('b'), step('c')],
        [link('t', 'a'), link('a', 'b'), link('b', 'a'), link('b', 'c')],
      ),
    );
    expect(plan.isRunnable).toBe(false);
    expect(plan.problems.find((p) => p.code === 'cycle')?.stepIds.sort()).toEqual(['a', 'b', 'c']);
  });

  it('reports a missing trigger and placeholder steps (editor-core 5.1 "Missing app selection.")', () => {
    expect(compileWorkflow(wf([step('a')], [])).problems.map((p) => p.code)).toEqual(['no-trigger']);
    const tiny = compileWorkflow(fixture('tiny.json'));
    expect(tiny.isRunnable).toBe(false);
    expect(tiny.problems).toEqual([
      { code: 'placeholder-step', severity: 'error', stepIds: ['1', '2'], text: 'Missing app selection.' },
    ]);
  });

  it('lists each reachable step exactly once after its parents, on random DAGs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 80 }),
        (n, pairs) => {
          const steps = [step('s0', 'trigger'), ...Array.from({ length: n }, (_, i) => step(`s${i + 1}`))];
          const seen = new Set<string>();
          const links: Link[] = [];
          for (const [a, b] of pairs) {
            const [from, to] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y);
            if (from === to || to === 0 || seen.has(`${from}-${to}`)) continue;
            seen.add(`${from}-${to}`);
            links.push(link(`s${from}`, `s${to}`));
          }
          const plan = compileWorkflow(wf(steps, links));
          expect(plan.problems.some((p) => p.code === 'cycle')).toBe(false);
          const position = new Map(plan.steps.map((s, i) => [s.id, i]));
          expect(position.size).toBe(plan.steps.length);
          for (const l of links) {
            if (position.has(l.source)) expect(position.has(l.target)).toBe(true);
            if (position.has(l.source) && position.has(l.target))
              expect(position.get(l.source)).toBeLessThan(position.get(l.target) as number);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('toExecutionNodes', () => {
  it('produces the editor-core 3 execution-node form', () => {
    const nodes = toExecutionNodes(fixture('filter-or-groups.json'));
    expect(nodes[0]).toMatchObject({
      id: 't1',
      name: 'New contact in Demo CRM',
      type: 'demo-crm',
      url: '/apps/demo-crm/formdata',
      inputFields: { operation: 'newContact', fields: [], credential: 'cred_7f3a91' },
      renderInfo: { x: 220, y: 40 },
      delay: 0,
    });
    expect(Object.keys(nodes[0].connections)).toEqual(['a1']);
    expect(nodes[1].connections).toEqual({});
  });

  it("uses 'default' for unconditional links and adds link delays to the target", () => {
    const nodes = toExecutionNodes(fixture('delay.json'));
    expect(nodes[0].connections).toEqual({ '2': 'default' });
    expect(nodes[1].delay).toBe(300);
  });

  it('round-trips through the legacy execution-node migration', () => {
    const original = fixture('execution-nodes-only.json');
    const record = {
      id: original.id,
      name: original.name,
      active: false,
      current_state: { workflowTemplate: { nodes: toExecutionNodes(original) } },
    };
    const again = migrateDocument(record);
    expect(again.ok && again.document.links.map((l) => [l.source, l.target, l.groups])).toEqual(
      original.links.map((l) => [l.source, l.target, l.groups]),
    );
    expect(again.ok && again.document.steps.map((s) => [s.id, s.kind, s.data.action])).toEqual(
      original.steps.map((s) => [s.id, s.kind, s.data.action]),
    );
  });
});
