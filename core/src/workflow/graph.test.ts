import { describe, expect, it } from 'vitest';
import {
  addLink,
  addStep,
  createIdSupplier,
  createLink,
  deleteStep,
  duplicateStep,
  getAncestors,
  getChildren,
  getParents,
  insertStepOnLink,
  moveStep,
  normalizeLink,
  renameStep,
  setLinkDelay,
  setLinkFilter,
  setStepPosition,
  updateStepData,
} from './graph.js';
import { createStepData, type Link, type Step, type WorkflowData } from './types.js';

function step(id: string, kind: Step['kind'] = 'action', y = 0): Step {
  return { id, kind, position: { x: 220, y }, data: createStepData({ name: `Step ${id}` }) };
}

function link(source: string, target: string, extra: Partial<Link> = {}): Link {
  return { id: `${source}-${target}`, source, target, name: '', groups: [], delaySeconds: 0, ...extra };
}

/** A workflow whose links are given as 'a>b' pairs; freezes it so any mutation throws. */
function workflow(stepIds: string[], pairs: string[]): WorkflowData {
  const wf: WorkflowData = {
    id: 'w1',
    name: 'Untitled Workflow',
    active: false,
    steps: stepIds.map((id, i) => step(id, i === 0 ? 'trigger' : 'action', 40 + 200 * i)),
    links: pairs.map((p) => {
      const [s, t] = p.split('>');
      return link(s, t);
    }),
  };
  return deepFreeze(wf);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const pairsOf = (wf: WorkflowData) => wf.links.map((l) => `${l.source}>${l.target}`).sort();
const ids = (steps: Step[]) => steps.map((s) => s.id);

describe('traversal', () => {
  const wf = workflow(['a', 'b', 'c', 'd'], ['a>b', 'a>c', 'b>d', 'c>d', 'd>b']);

  it('lists parents and children without repeats', () => {
    expect(ids(getParents(wf, 'd'))).toEqual(['b', 'c']);
    expect(ids(getChildren(wf, 'a'))).toEqual(['b', 'c']);
    expect(getParents(wf, 'a')).toEqual([]);
    expect(getChildren(wf, 'missing')).toEqual([]);
  });

  it('lists every upstream step nearest first and stops on cycles', () => {
    expect(ids(getAncestors(wf, 'd'))).toEqual(['b', 'c', 'a']);
    expect(ids(getAncestors(wf, 'b'))).toEqual(['a', 'd', 'c']);
    expect(getAncestors(wf, 'a')).toEqual([]);
  });
});

describe('normalizeLink', () => {
  it('fills createLink defaults, drops unknown keys, and keeps a complete link as the same object', () => {
    const bare = { id: 'l', source: 'a', target: 'b' };
    expect(normalizeLink(bare)).toEqual({ id: 'l', source: 'a', target: 'b', name: '', groups: [], delaySeconds: 0 });
    const extra = { ...createLink(bare), note: 'x' } as unknown as Link;
    expect(normalizeLink(extra)).toEqual(createLink(bare));
    const complete = createLink({ ...bare, name: 'Filter: x', delaySeconds: 5 });
    expect(normalizeLink(complete)).toBe(complete);
  });
});

describe('addLink (editor-core 4.4)', () => {
  const wf = workflow(['a', 'b'], []);

  it('adds a plain link between two steps', () => {
    const next = addLink(wf, { id: 'l1', source: 'a', target: 'b' });
    expect(next.links).toEqual([{ id: 'l1', source: 'a', target: 'b', name: '', groups: [], delaySeconds: 0 }]);
    expect(wf.links).toEqual([]);
  });

  it('is ignored when source equals target, the pair exists, or a step is missing', () => {
    expect(addLink(wf, { id: 'l1', source: 'a', target: 'a' })).toBe(wf);
    const linked = addLink(wf, { id: 'l1', source: 'a', target: 'b' });
    expect(addLink(linked, { id: 'l2', source: 'a', target: 'b' })).toBe(linked);
    expect(addLink(wf, { id: 'l3', source: 'a', target: 'nope' })).toBe(wf);
  });
});

describe('addStep', () => {
  const wf = workflow(['a', 'b'], ['a>b']);

  it('links a new step after its parent', () => {
    const next = addStep(wf, step('n'), { parentId: 'b' }, 'l1');
    expect(ids(next.steps)).toEqual(['a', 'b', 'n']);
    expect(pairsOf(next)).toEqual(['a>b', 'b>n']);
    expect(next.links.find((l) => l.target === 'n')?.id).toBe('l1');
  });

  it('links a new step before its child', () => {
    expect(pairsOf(addStep(wf, step('n'), { childId: 'a' }, 'l1'))).toEqual(['a>b', 'n>a']);
  });

  it('inserts the step on the link when parent and child are linked', () => {
    const filtered = setLinkFilter(wf, 'a-b', {
      name: 'Filter: x',
      groups: [[{ lhs: 'x', conditionType: 'isTrue', rhs: '' }]],
    });
    const next = addStep(filtered, step('n'), { parentId: 'a', childId: 'b' }, 'l1');
    expect(pairsOf(next)).toEqual(['a>n', 'n>b']);
    expect(next.links.find((l) => l.target === 'n')).toMatchObject({ id: 'a-b', name: 'Filter: x' });
  });

  it('adds an unlinked step with no placement, and refuses a taken id', () => {
    expect(addStep(wf, step('n'), {}, 'l1').links).toBe(wf.links);
    expect(addStep(wf, step('a'), { parentId: 'b' }, 'l1')).toBe(wf);
  });
});

describe('insertStepOnLink', () => {
  it('keeps the link (id, filter, delay) before the new step and adds a plain link after it', () => {
    const wf = deepFreeze({
      ...workflow(['a', 'b'], []),
      links: [link('a', 'b', { delaySeconds: 30, name: 'Filter: y' })],
    });
    const next = insertStepOnLink(wf, 'a-b', step('n'), 'l9');
    expect(next.links).toEqual([
      { id: 'a-b', source: 'a', target: 'n', name: 'Filter: y', groups: [], delaySeconds: 30 },
      { id: 'l9', source: 'n', target: 'b', name: '', groups: [], delaySeconds: 0 },
    ]);
  });

  it('returns the workflow unchanged for a missing link or a taken step id', () => {
    const wf = workflow(['a', 'b'], ['a>b']);
    expect(insertStepOnLink(wf, 'nope', step('n'), 'l9')).toBe(wf);
    expect(insertStepOnLink(wf, 'a-b', step('b'), 'l9')).toBe(wf);
  });
});

describe('moveStep (editor-core 4.4, onboarding 4 "Canvas actions")', () => {
  const wf = workflow(['a', 'b', 'c', 'd'], ['a>b', 'b>c', 'c>d']);

  it('bridges its old parent to its old child and lands on the target link', () => {
    const next = moveStep(wf, 'b', { linkId: 'c-d' }, ['n1', 'n2']);
    expect(pairsOf(next)).toEqual(['a>c', 'b>d', 'c>b']);
    expect(next.links.find((l) => l.source === 'a')?.id).toBe('n1');
    expect(next.links.find((l) => l.source === 'b')?.id).toBe('n2');
  });

  it('links it to a new parent and/or child', () => {
    expect(pairsOf(moveStep(wf, 'd', { parentId: 'a' }, 'n'))).toEqual(['a>b', 'a>d', 'b>c']);
    expect(pairsOf(moveStep(wf, 'a', { parentId: 'b', childId: 'c' }, 'n'))).toEqual(['b>a', 'a>c', 'c>d'].sort());
  });

  it('sets the dropped position', () => {
    const next = moveStep(wf, 'b', { linkId: 'c-d', position: { x: 5, y: 6 } }, 'n');
    expect(next.steps[1].position).toEqual({ x: 5, y: 6 });
  });

  it('bridges every old parent to every old child', () => {
    const diamond = workflow(['a', 'x', 'm', 'c', 'y', 'z'], ['a>m', 'x>m', 'm>c', 'm>y', 'c>z']);
    expect(pairsOf(moveStep(diamond, 'm', { parentId: 'z' }, 'n'))).toEqual(
      ['a>c', 'a>y', 'x>c', 'x>y', 'c>z', 'z>m'].sort(),
    );
  });

  it('is a no-op onto one of its own links, next to itself, to where it is, or to a missing step', () => {
    expect(moveStep(wf, 'b', { linkId: 'a-b' }, 'n')).toBe(wf);
    expect(moveStep(wf, 'b', { linkId: 'b-c' }, 'n')).toBe(wf);
    expect(moveStep(wf, 'b', { parentId: 'b' }, 'n')).toBe(wf);
    expect(moveStep(wf, 'b', { parentId: 'a', childId: 'c' }, 'n')).toBe(wf);
    expect(moveStep(wf, 'b', { parentId: 'nope' }, 'n')).toBe(wf);
    expect(moveStep(wf, 'nope', { parentId: 'a' }, 'n')).toBe(wf);
  });
});

describe('duplicateStep (onboarding 4 "Canvas actions")', () => {
  const wf = workflow(['a', 'b', 'c'], ['a>b', 'b>c']);

  it("names the copy 'Duplicated: …', places it below and links it after the original", () => {
    const next = duplicateStep(wf, 'b', ['copy', 'l1']);
    const copy = next.steps[3];
    expect(copy).toMatchObject({ id: 'copy', kind: 'action', position: { x: 220, y: 440 } });
    expect(copy.data.name).toBe('Duplicated: Step b');
    expect(next.links.at(-1)).toEqual({ id: 'l1', source: 'b', target: 'copy', name: '', groups: [], delaySeconds: 0 });
    expect(pairsOf(next)).toEqual(['a>b', 'b>c', 'b>copy']);
  });

  it('does not duplicate the trigger or a missing step', () => {
    expect(duplicateStep(wf, 'a', 'copy')).toBe(wf);
    expect(duplicateStep(wf, 'nope', 'copy')).toBe(wf);
  });
});

describe('deleteStep (editor-core 4.4)', () => {
  it('reconnects each parent to each child', () => {
    const wf = workflow(['p1', 'p2', 'x', 'c1', 'c2'], ['p1>x', 'p2>x', 'x>c1', 'x>c2']);
    const next = deleteStep(wf, 'x', createIdSupplier('b'));
    expect(ids(next.steps)).toEqual(['p1', 'p2', 'c1', 'c2']);
    expect(pairsOf(next)).toEqual(['p1>c1', 'p1>c2', 'p2>c1', 'p2>c2']);
    expect(next.links.map((l) => l.id)).toEqual(['b', 'b-1', 'b-2', 'b-3']);
  });

  it('adds no self-link and no duplicate', () => {
    const cycle = workflow(['a', 'b', 'c'], ['a>b', 'b>a', 'b>c', 'a>c']);
    expect(pairsOf(deleteStep(cycle, 'b', 'n'))).toEqual(['a>c']);
  });

  it('removes an end step with its links and leaves other objects shared', () => {
    const wf = workflow(['a', 'b', 'c'], ['a>b', 'b>c']);
    const next = deleteStep(wf, 'c', 'n');
    expect(pairsOf(next)).toEqual(['a>b']);
    expect(next.steps[0]).toBe(wf.steps[0]);
    expect(next.links[0]).toBe(wf.links[0]);
    expect(deleteStep(wf, 'nope', 'n')).toBe(wf);
  });

  it('deletes 100 steps of a 1,000-step chain, bridging each (its speed: core bench)', () => {
    const stepIds = Array.from({ length: 1000 }, (_, i) => `s${i}`);
    const wf = workflow(
      stepIds,
      stepIds.slice(1).map((id, i) => `s${i}>${id}`),
    );
    let current = wf;
    for (let i = 0; i < 100; i++) current = deleteStep(current, `s${100 + i * 5}`, `n${i}`);
    expect(current.steps).toHaveLength(900);
    expect(current.links).toHaveLength(899);
  });
});

describe('data edits', () => {
  const wf = workflow(['a', 'b'], ['a>b']);

  it('renames a step and merges data patches', () => {
    expect(renameStep(wf, 'b', 'Send e-mail').steps[1].data.name).toBe('Send e-mail');
    const next = updateStepData(wf, 'b', { type: 'http', credential: 'c1' });
    expect(next.steps[1].data).toMatchObject({ type: 'http', credential: 'c1', name: 'Step b' });
  });

  it('returns the workflow unchanged when nothing changes', () => {
    expect(renameStep(wf, 'b', 'Step b')).toBe(wf);
    expect(updateStepData(wf, 'nope', { name: 'x' })).toBe(wf);
    expect(setStepPosition(wf, 'a', { x: 220, y: 40 })).toBe(wf);
  });

  it('moves a step on the canvas', () => {
    expect(setStepPosition(wf, 'a', { x: 1, y: 2 }).steps[0].position).toEqual({ x: 1, y: 2 });
  });

  it('sets a link filter and a delay in seconds', () => {
    const groups = [[{ lhs: '${a.email}', conditionType: 'valueExists' as const, rhs: '' }]];
    expect(setLinkFilter(wf, 'a-b', { name: 'Filter: email', groups }).links[0]).toMatchObject({
      name: 'Filter: email',
      groups,
    });
    expect(setLinkDelay(wf, 'a-b', 90).links[0].delaySeconds).toBe(90);
  });

  it('refuses a negative or non-finite delay and a missing link', () => {
    expect(setLinkDelay(wf, 'a-b', -1)).toBe(wf);
    expect(setLinkDelay(wf, 'a-b', Number.NaN)).toBe(wf);
    // The delay rule (./delay.ts): whole seconds up to one year.
    expect(setLinkDelay(wf, 'a-b', 1.5)).toBe(wf);
    expect(setLinkDelay(wf, 'a-b', 31_536_001)).toBe(wf);
    expect(setLinkDelay(wf, 'nope', 5)).toBe(wf);
    expect(setLinkFilter(wf, 'nope', { name: '', groups: [] })).toBe(wf);
  });
});

describe('createIdSupplier', () => {
  it('reads ids from a string, a list, a function or an environment', () => {
    const one = createIdSupplier('x');
    expect([one(), one(), one()]).toEqual(['x', 'x-1', 'x-2']);
    const list = createIdSupplier(['p', 'q']);
    expect([list(), list(), list()]).toEqual(['p', 'q', 'q-1']);
    let n = 0;
    const env = createIdSupplier({ newId: () => `e${n++}` });
    expect([env(), env()]).toEqual(['e0', 'e1']);
  });
});
