import { createNewWorkflow, createWorkflowModel, type IWorkflow } from '@junction/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertActionOnLink, loadLayout, moveStepOntoLink } from './canvas-actions.js';

// Core's layout is a chunk the editor loads on first use; the edits need it loaded.
beforeAll(() => loadLayout());

function chain(): IWorkflow {
  let n = 0;
  const env = { newId: () => `id-${++n}`, now: () => 0 };
  const doc = createNewWorkflow(env, { id: 'wf' });
  const wf = createWorkflowModel(doc, env);
  // trigger -> action -> x -> y
  const action = wf.steps[1];
  const x = wf.addStep({ kind: 'action', position: { x: 0, y: 400 }, data: { name: 'x' } }, { parentId: action.id });
  wf.addStep({ kind: 'action', position: { x: 0, y: 600 }, data: { name: 'y' } }, { parentId: x?.id });
  return wf;
}

const order = (wf: IWorkflow) => {
  // Walks the chain from the trigger.
  const names: string[] = [];
  let at = wf.steps.find((s) => s.kind === 'trigger');
  while (at && names.length < 20) {
    names.push(at.data.name);
    const next = wf.links.find((l) => l.source === at?.id);
    at = next ? wf.stepById(next.target) : undefined;
  }
  return names;
};

describe('moveStepOntoLink', () => {
  it('moves a step onto a link in one undoable "move step" entry and lays the chain out top to bottom', () => {
    const wf = chain();
    const y = wf.steps.find((s) => s.data.name === 'y')!;
    const firstLink = wf.links.find((l) => l.source === wf.steps[0].id)!;
    expect(moveStepOntoLink(wf, y.id, firstLink.id)).toBe(true);
    expect(order(wf)).toEqual(['Click to Add Trigger', 'y', 'Click to Add Action', 'x']);
    const ys = wf.steps.map((s) => s.position.y);
    expect(new Set(ys).size).toBe(4);
    expect(ys.every((value) => value % 20 === 0)).toBe(true);
    expect(wf.history.undoDescriptions(1)).toEqual(['move step']);
    wf.undo();
    expect(order(wf)).toEqual(['Click to Add Trigger', 'Click to Add Action', 'x', 'y']);
  });

  it('refuses the trigger and a step’s own link', () => {
    const wf = chain();
    const trigger = wf.steps[0];
    const link = wf.links[1];
    expect(moveStepOntoLink(wf, trigger.id, link.id)).toBe(false);
    expect(moveStepOntoLink(wf, link.source, link.id)).toBe(false);
    expect(order(wf)).toEqual(['Click to Add Trigger', 'Click to Add Action', 'x', 'y']);
  });
});

describe('insertActionOnLink', () => {
  it('inserts an empty action on the link as "inserted step"', () => {
    const wf = chain();
    const link = wf.links.find((l) => l.source === wf.steps[0].id)!;
    const step = insertActionOnLink(wf, link.id);
    expect(step?.data.name).toBe('Click to Add Action');
    expect(order(wf)).toEqual(['Click to Add Trigger', 'Click to Add Action', 'Click to Add Action', 'x', 'y']);
    expect(wf.history.undoDescriptions(1)).toEqual(['inserted step']);
    expect(insertActionOnLink(wf, 'missing')).toBeUndefined();
  });
});
