import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLink, addStep, deleteStep, duplicateStep, insertStepOnLink, moveStep } from './graph.js';
import { createStepData, type Step, type WorkflowData } from './types.js';

/** One graph edit, with indexes resolved against the workflow it is applied to. */
type Op =
  | { type: 'link'; a: number; b: number }
  | { type: 'add'; parent: number | null; child: number | null }
  | { type: 'insert'; link: number }
  | { type: 'moveToLink'; step: number; link: number }
  | { type: 'moveNextTo'; step: number; parent: number | null; child: number | null }
  | { type: 'duplicate'; step: number }
  | { type: 'delete'; step: number };

const pick = fc.nat(50);
const maybePick = fc.option(pick, { nil: null });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('link' as const), a: pick, b: pick }),
  fc.record({ type: fc.constant('add' as const), parent: maybePick, child: maybePick }),
  fc.record({ type: fc.constant('insert' as const), link: pick }),
  fc.record({ type: fc.constant('moveToLink' as const), step: pick, link: pick }),
  fc.record({ type: fc.constant('moveNextTo' as const), step: pick, parent: maybePick, child: maybePick }),
  fc.record({ type: fc.constant('duplicate' as const), step: pick }),
  fc.record({ type: fc.constant('delete' as const), step: pick }),
);

function newStep(id: string): Step {
  return { id, kind: 'action', position: { x: 0, y: 0 }, data: createStepData({ name: id }) };
}

function start(size: number): WorkflowData {
  const steps = Array.from({ length: size }, (_, i) => newStep(`s${i}`));
  if (steps.length > 0) steps[0] = { ...steps[0], kind: 'trigger' };
  return { id: 'w', name: 'W', active: false, steps, links: [] };
}

/** Applies an op; ids come from a counter so every new id is fresh. */
function apply(wf: WorkflowData, op: Op, nextId: () => string): WorkflowData {
  const stepAt = (i: number | null) =>
    i === null || wf.steps.length === 0 ? undefined : wf.steps[i % wf.steps.length].id;
  const linkAt = (i: number) => (wf.links.length === 0 ? 'none' : wf.links[i % wf.links.length].id);
  switch (op.type) {
    case 'link':
      return addLink(wf, { id: nextId(), source: stepAt(op.a) ?? '', target: stepAt(op.b) ?? '' });
    case 'add':
      return addStep(wf, newStep(nextId()), { parentId: stepAt(op.parent), childId: stepAt(op.child) }, nextId);
    case 'insert':
      return insertStepOnLink(wf, linkAt(op.link), newStep(nextId()), nextId);
    case 'moveToLink':
      return moveStep(wf, stepAt(op.step) ?? '', { linkId: linkAt(op.link) }, nextId);
    case 'moveNextTo':
      return moveStep(wf, stepAt(op.step) ?? '', { parentId: stepAt(op.parent), childId: stepAt(op.child) }, nextId);
    case 'duplicate':
      return duplicateStep(wf, stepAt(op.step) ?? '', nextId);
    case 'delete':
      return deleteStep(wf, stepAt(op.step) ?? '', nextId);
  }
}

function counter(): () => string {
  let n = 0;
  return () => `n${n++}`;
}

/** Builds a workflow by running random ops on `size` unlinked steps. */
const workflowArb = fc.tuple(fc.integer({ min: 1, max: 8 }), fc.array(opArb, { maxLength: 40 })).map(([size, ops]) => {
  const nextId = counter();
  return ops.reduce((wf, op) => apply(wf, op, nextId), start(size));
});

function reachability(wf: WorkflowData): Map<string, Set<string>> {
  const children = new Map<string, string[]>();
  for (const l of wf.links) children.set(l.source, [...(children.get(l.source) ?? []), l.target]);
  const out = new Map<string, Set<string>>();
  for (const s of wf.steps) {
    const seen = new Set<string>();
    const stack = [...(children.get(s.id) ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    out.set(s.id, seen);
  }
  return out;
}

describe('graph invariants (editor-core 4.4)', () => {
  it('after any sequence of edits there is no self-link, no duplicate link and no dangling link', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(opArb, { maxLength: 60 }), (size, ops) => {
        const nextId = counter();
        let wf = start(size);
        for (const op of ops) {
          const before = JSON.stringify(wf);
          const next = apply(wf, op, nextId);
          expect(JSON.stringify(wf)).toBe(before); // the input is never mutated
          wf = next;
          const stepIds = new Set(wf.steps.map((s) => s.id));
          const pairs = wf.links.map((l) => `${l.source}>${l.target}`);
          expect(wf.links.filter((l) => l.source === l.target)).toEqual([]);
          expect(new Set(pairs).size).toBe(pairs.length);
          expect(new Set(wf.links.map((l) => l.id)).size).toBe(wf.links.length);
          expect(stepIds.size).toBe(wf.steps.length);
          for (const l of wf.links) expect(stepIds.has(l.source) && stepIds.has(l.target)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('deleting a step keeps every parent→child path among the remaining steps, and adds none', () => {
    fc.assert(
      fc.property(workflowArb, pick, (wf, which) => {
        fc.pre(wf.steps.length > 0);
        const victim = wf.steps[which % wf.steps.length].id;
        const before = reachability(wf);
        const after = reachability(deleteStep(wf, victim, counter()));
        for (const [from, reached] of after) {
          const expected = [...(before.get(from) ?? [])].filter((id) => id !== victim);
          // A cycle through the victim can make a step reach itself before but not after.
          const withoutSelf = (ids: Iterable<string>) => [...ids].filter((id) => id !== from).sort();
          expect(withoutSelf(reached)).toEqual(withoutSelf(expected));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('moving a step onto a link puts it between that link’s ends', () => {
    fc.assert(
      fc.property(workflowArb, pick, pick, (wf, s, l) => {
        fc.pre(wf.steps.length > 0 && wf.links.length > 0);
        const stepId = wf.steps[s % wf.steps.length].id;
        const target = wf.links[l % wf.links.length];
        const next = moveStep(wf, stepId, { linkId: target.id }, counter());
        if (target.source === stepId || target.target === stepId) {
          expect(next).toBe(wf);
          return;
        }
        expect(next.links.find((x) => x.id === target.id)).toMatchObject({ source: target.source, target: stepId });
        expect(next.links.some((x) => x.source === stepId && x.target === target.target)).toBe(true);
        expect(next.links.filter((x) => x.target === stepId)).toHaveLength(1);
        expect(next.links.filter((x) => x.source === stepId)).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
