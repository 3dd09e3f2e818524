import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { normalizeLink } from './graph.js';
import { createWorkflowModel, type IWorkflow, WorkflowModel } from './model.js';
import { HISTORY_DESCRIPTIONS } from './history.js';
import { createNewWorkflow, DEFAULT_WORKFLOW_NAME } from './template.js';
import {
  type CoreEnv,
  createStepData,
  type Link,
  type Step,
  type WorkflowData,
  type WorkflowDocument,
} from './types.js';

function testEnv(): CoreEnv {
  let n = 0;
  return { newId: () => `id${++n}`, now: () => 1_700_000_000_000 };
}

function step(id: string, kind: Step['kind'], y: number, name: string): Step {
  return { id, kind, position: { x: 220, y }, data: createStepData({ name }) };
}

function link(id: string, source: string, target: string): Link {
  return { id, source, target, name: '', groups: [], delaySeconds: 0 };
}

/** The new-workflow shape of editor-core 4.6 plus `extra` steps chained after it. */
function newWorkflow(extra: string[] = []): WorkflowData {
  const steps = [
    step('t', 'trigger', 40, 'Click to Add Trigger'),
    step('a', 'action', 240, 'Click to Add Action'),
    ...extra.map((id, i) => step(id, 'action', 440 + 200 * i, `Step ${id}`)),
  ];
  const links = steps.slice(1).map((s, i) => link(`l-${s.id}`, steps[i].id, s.id));
  return { id: 'w1', name: DEFAULT_WORKFLOW_NAME, active: false, steps, links };
}

function model(data: WorkflowData = newWorkflow(['b', 'c'])): IWorkflow {
  return createWorkflowModel(data, testEnv());
}

describe('WorkflowModel shape (editor-core 3)', () => {
  it('has the same snapshot shape as the plain WorkflowData', () => {
    const data = newWorkflow(['b']);
    const wf = model(data);
    const snapshot: WorkflowData = getSnapshot(wf);
    expect(snapshot).toEqual(data);
    expect(wf.data).toBe(snapshot);
  });

  it('fills defaults: a new workflow is inactive and named Untitled Workflow (editor-core 4.6)', () => {
    const wf = WorkflowModel.create({ id: 'w9', steps: [{ id: 's', kind: 'trigger' }] }, testEnv());
    expect(wf.name).toBe('Untitled Workflow');
    expect(wf.active).toBe(false);
    expect(getSnapshot(wf).steps[0]).toEqual({
      id: 's',
      kind: 'trigger',
      position: { x: 0, y: 0 },
      data: createStepData(),
    });
    expect(wf.steps[0].isPlaceholder).toBe(true);
  });

  it('accepts a new workflow document (editor-core 4.6) and edits it', () => {
    const doc = createNewWorkflow(testEnv(), { id: 'w5' });
    const wf = createWorkflowModel(doc, testEnv());
    expect(wf.trigger?.data.name).toBe('Click to Add Trigger');
    expect(wf.childrenOf(wf.trigger?.id ?? '').map((s) => s.data.name)).toEqual(['Click to Add Action']);
    wf.deleteStep(wf.steps[1].id);
    expect(wf.links).toHaveLength(0);
    expect(wf.history.undoDescriptions()).toEqual(['delete step']);
  });

  it('fails with a helpful message when created without its environment', () => {
    const wf = WorkflowModel.create(newWorkflow());
    expect(() => wf.deleteStep('a')).toThrow('WorkflowModel.create(snapshot, { newId, now })');
  });
});

describe('WorkflowModel views', () => {
  const wf = model(newWorkflow(['b', 'c']));

  it('finds steps, links and the trigger', () => {
    expect(wf.stepById('b')?.data.name).toBe('Step b');
    expect(wf.stepById('nope')).toBeUndefined();
    expect(wf.linkById('l-b')?.source).toBe('a');
    expect(wf.trigger?.id).toBe('t');
  });

  it('lists parents, children and ancestors as step instances', () => {
    expect(wf.parentsOf('b').map((s) => s.id)).toEqual(['a']);
    expect(wf.childrenOf('b').map((s) => s.id)).toEqual(['c']);
    expect(wf.ancestorsOf('c').map((s) => s.id)).toEqual(['b', 'a', 't']);
    expect(wf.ancestorsOf('c')[0]).toBe(wf.stepById('b'));
  });
});

describe('WorkflowModel edits and their undo descriptions (editor-core 4.3, 4.4)', () => {
  it("adds a step after a parent: 'add step'", () => {
    const wf = model();
    const added = wf.addStep(
      { kind: 'action', position: { x: 220, y: 840 }, data: { name: 'New' } },
      { parentId: 'c' },
    );
    expect(added?.id).toBe('id1');
    expect(wf.childrenOf('c').map((s) => s.id)).toEqual(['id1']);
    expect(wf.history.undoDescriptions()).toEqual(['add step']);
  });

  it("inserts a step on a link: 'inserted step'", () => {
    const wf = model();
    const inserted = wf.insertStepOnLink('l-b', { id: 'n', kind: 'action', position: { x: 0, y: 0 } });
    expect(inserted?.id).toBe('n');
    expect(wf.parentsOf('b').map((s) => s.id)).toEqual(['n']);
    expect(wf.parentsOf('n').map((s) => s.id)).toEqual(['a']);
    expect(wf.history.undoDescriptions()).toEqual(['inserted step']);
  });

  it("moves a step onto a link: 'move step'", () => {
    const wf = model();
    wf.moveStep('a', { linkId: 'l-c' });
    expect(wf.childrenOf('t').map((s) => s.id)).toEqual(['b']);
    expect(wf.childrenOf('b').map((s) => s.id)).toEqual(['a']);
    expect(wf.childrenOf('a').map((s) => s.id)).toEqual(['c']);
    expect(wf.history.undoDescriptions()).toEqual(['move step']);
  });

  it("duplicates a step: 'duplicated step'", () => {
    const wf = model();
    const copy = wf.duplicateStep('b');
    expect(copy?.data.name).toBe('Duplicated: Step b');
    expect(copy?.position).toEqual({ x: 220, y: 640 });
    expect(wf.parentsOf(copy?.id ?? '').map((s) => s.id)).toEqual(['b']);
    expect(wf.history.undoDescriptions()).toEqual(['duplicated step']);
  });

  it("deletes a step with a bridge: 'delete step'", () => {
    const wf = model();
    wf.deleteStep('b');
    expect(wf.stepById('b')).toBeUndefined();
    expect(wf.childrenOf('a').map((s) => s.id)).toEqual(['c']);
    expect(wf.history.undoDescriptions()).toEqual(['delete step']);
  });

  it("renames a step and the workflow: 'updated name'", () => {
    const wf = model();
    wf.renameStep('b', 'Send e-mail');
    wf.setName('Leads to CRM');
    expect(wf.stepById('b')?.data.name).toBe('Send e-mail');
    expect(wf.name).toBe('Leads to CRM');
    expect(wf.history.undoDescriptions()).toEqual(['updated name', 'updated name']);
  });

  it("records no entry for 'step updated', positions, links, filters, delays and activation", () => {
    const wf = model();
    wf.updateStep('b', { type: 'http', testData: { ok: true } });
    wf.setStepPosition('b', { x: 1, y: 1 });
    wf.addLink({ source: 't', target: 'c' });
    wf.setLinkFilter('l-b', { name: 'Filter: x', groups: [] });
    wf.setLinkDelay('l-b', 30);
    wf.setActive(true);
    expect(wf.stepById('b')?.data.testData).toEqual({ ok: true });
    expect(wf.linkById('l-b')).toMatchObject({ name: 'Filter: x', delaySeconds: 30 });
    expect(wf.childrenOf('t').map((s) => s.id)).toEqual(['a', 'c']);
    expect(wf.active).toBe(true);
    expect(wf.canUndo).toBe(false);
  });

  it('records nothing for an edit that cannot apply', () => {
    const wf = model();
    wf.moveStep('b', { linkId: 'l-b' });
    wf.addLink({ source: 'b', target: 'b' });
    wf.renameStep('b', 'Step b');
    wf.deleteStep('nope');
    expect(wf.canUndo).toBe(false);
    expect(wf.links).toHaveLength(3);
  });

  it('applies edits with minimal changes: untouched step instances survive', () => {
    const wf = model();
    const c = wf.stepById('c');
    const cData = c?.data;
    wf.deleteStep('b');
    expect(wf.stepById('c')).toBe(c);
    expect(wf.stepById('c')?.data).toBe(cData);
  });

  it('keeps opaque blobs frozen', () => {
    const wf = model();
    wf.updateStep('b', { testData: { rows: [1, 2] } });
    expect(Object.isFrozen(wf.stepById('b')?.data.testData)).toBe(true);
  });
});

describe('WorkflowModel undo and loads', () => {
  it('undoes and redoes through the model', () => {
    const wf = model();
    const before = getSnapshot(wf);
    wf.deleteStep('b');
    const after = getSnapshot(wf);
    expect(wf.undo()).toBe('delete step');
    expect(getSnapshot(wf)).toEqual(before);
    expect(wf.canRedo).toBe(true);
    expect(wf.redo()).toBe('delete step');
    expect(getSnapshot(wf)).toEqual(after);
  });

  it('groups a drag into one move entry whose undo returns to where the drag started', () => {
    const wf = model();
    const start = getSnapshot(wf);
    wf.group(HISTORY_DESCRIPTIONS.moveStep, () => {
      for (let y = 0; y < 5; y++) wf.setStepPosition('a', { x: 220, y: 300 + y * 10 });
      wf.moveStep('a', { linkId: 'l-c', position: { x: 220, y: 500 } });
    });
    expect(wf.history.undoDescriptions()).toEqual(['move step']);
    wf.undo();
    expect(getSnapshot(wf)).toEqual(start);
  });

  it('loads a document outside the history; a save echo keeps it, another workflow clears it', () => {
    const wf = model();
    wf.deleteStep('b');
    const echo: WorkflowDocument = { ...structuredClone(getSnapshot(wf)), schemaVersion: 1 };
    wf.loadDocument(echo);
    expect(wf.history.undoDescriptions()).toEqual(['delete step']);
    expect(getSnapshot(wf)).not.toHaveProperty('schemaVersion');

    const server = { ...newWorkflow(['x']), id: 'w2', name: 'From server', schemaVersion: 1 as const };
    wf.loadDocument(server);
    expect(wf.id).toBe('w2');
    expect(wf.stepById('x')?.data.name).toBe('Step x');
    const { schemaVersion: _version, ...plain } = server;
    expect(getSnapshot(wf)).toEqual(plain);
    expect(wf.canUndo).toBe(false);
  });
});

describe("a step's data in the model", () => {
  it('is normalized to the field table: defaults for missing or undefined keys, unknown keys dropped', () => {
    const data = { name: 'Partial', credential: undefined, legacyExtra: 1 } as unknown as Step['data'];
    const wf = WorkflowModel.create(
      { id: 'w', steps: [{ id: 's', kind: 'action', position: { x: 0, y: 0 }, data }], links: [] },
      testEnv(),
    );
    expect(wf.data.steps[0].data).toEqual(createStepData({ name: 'Partial' }));
  });

  it('changes as a whole: an update gives the step a new data object and leaves the others', () => {
    const wf = model();
    const [before, other] = [wf.data.steps[1].data, wf.data.steps[2].data];
    wf.updateStep('a', { url: 'https://example.com' });
    expect(wf.data.steps[1].data).not.toBe(before);
    expect(wf.data.steps[1].data).toEqual({ ...before, url: 'https://example.com' });
    expect(wf.data.steps[2].data).toBe(other);
    expect(Object.isFrozen(wf.data.steps[1].data)).toBe(true);
  });
});

describe("a workflow's links in the model", () => {
  it('are normalized like createLink: defaults for missing keys, unknown keys dropped, complete links kept as given', () => {
    const complete = link('l-1', 't', 'a');
    const partial = { id: 'l-2', source: 'a', target: 'b', legacyExtra: 1 } as unknown as Link;
    const data = newWorkflow(['b']);
    const wf = WorkflowModel.create({ ...data, links: [complete, partial] }, testEnv());
    expect(wf.data.links[0]).toBe(complete);
    expect(wf.data.links[1]).toEqual(link('l-2', 'a', 'b'));
    expect(normalizeLink(complete)).toBe(complete);
  });

  it('change as a whole: an edit gives the link a new object and leaves the others; undo and redo too', () => {
    const wf = model();
    const [before, other] = [wf.data.links[1], wf.data.links[2]];
    wf.group(HISTORY_DESCRIPTIONS.moveStep, () => wf.setLinkDelay('l-b', 30));
    expect(wf.linkById('l-b')).toEqual({ ...before, delaySeconds: 30 });
    expect(wf.data.links[1]).not.toBe(before);
    expect(wf.data.links[2]).toBe(other);
    wf.undo();
    expect(wf.linkById('l-b')).toEqual(before);
    expect(wf.data.links[2]).toBe(other);
    wf.redo();
    expect(wf.linkById('l-b')?.delaySeconds).toBe(30);
  });
});
