import { autorun } from 'mobx';
import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { deleteStep, renameStep, setStepPosition, updateStepData } from './graph.js';
import {
  applyWorkflowChange,
  diffWorkflow,
  type HistoryTarget,
  invertChange,
  isRecordedDescription,
  WorkflowHistory,
} from './history.js';
import { createWorkflowModel } from './model.js';
import { createStepData, type WorkflowData } from './types.js';

function chain(size: number): WorkflowData {
  const steps = Array.from({ length: size }, (_, i) => ({
    id: `s${i}`,
    kind: i === 0 ? ('trigger' as const) : ('action' as const),
    position: { x: 220, y: 40 + 200 * i },
    data: createStepData({ name: `Step ${i}` }),
  }));
  const links = steps
    .slice(1)
    .map((s, i) => ({ id: `l${i}`, source: `s${i}`, target: s.id, name: '', groups: [], delaySeconds: 0 }));
  return { id: 'w1', name: 'Untitled Workflow', active: false, steps, links };
}

/** A history over a plain variable, to test the stack without MST. */
function plainHistory(initial: WorkflowData) {
  const state = { wf: initial };
  const target: HistoryTarget = {
    read: () => state.wf,
    apply: (change) => {
      state.wf = applyWorkflowChange(state.wf, change);
    },
    now: () => 42,
  };
  const history = new WorkflowHistory(target);
  const edit = (description: string | undefined, fn: (wf: WorkflowData) => WorkflowData) =>
    history.group(description, () => {
      state.wf = fn(state.wf);
    });
  return { state, history, edit };
}

let ids = 0;
const newId = () => `n${++ids}`;

describe('recording rules (editor-core 4.3)', () => {
  it('pushes a described change and clears the redo list', () => {
    const { history, edit } = plainHistory(chain(4));
    edit('delete step', (wf) => deleteStep(wf, 's1', newId));
    edit('delete step', (wf) => deleteStep(wf, 's2', newId));
    history.undo();
    expect(history.canRedo).toBe(true);
    edit('updated name', (wf) => renameStep(wf, 's3', 'Last'));
    expect(history.canRedo).toBe(false);
    expect(history.undoDescriptions()).toEqual(['updated name', 'delete step']);
    expect(history.past[0].at).toBe(42);
  });

  it("adds no entry for 'step updated' or no description, and keeps the redo list", () => {
    const { history, edit, state } = plainHistory(chain(3));
    edit('delete step', (wf) => deleteStep(wf, 's2', newId));
    history.undo();
    edit('step updated', (wf) => updateStepData(wf, 's1', { type: 'http' }));
    edit(undefined, (wf) => setStepPosition(wf, 's1', { x: 0, y: 0 }));
    edit('', (wf) => renameStep(wf, 's0', 'Start'));
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(true);
    expect(state.wf.steps[1].data.type).toBe('http');
    expect(isRecordedDescription('step updated')).toBe(false);
    expect(isRecordedDescription('add step')).toBe(true);
  });

  it('adds no entry for a described change that changed nothing', () => {
    const { history, edit } = plainHistory(chain(3));
    edit('delete step', (wf) => deleteStep(wf, 'missing', newId));
    expect(history.canUndo).toBe(false);
  });
});

describe('undo and redo', () => {
  it('restore exactly (deep-equal snapshots), and report the description', () => {
    const { history, edit, state } = plainHistory(chain(5));
    const s0 = state.wf;
    edit('delete step', (wf) => deleteStep(wf, 's2', newId));
    const s1 = state.wf;
    edit('updated name', (wf) => ({ ...wf, name: 'Renamed' }));
    const s2 = state.wf;
    expect(history.undo()).toBe('updated name');
    expect(state.wf).toEqual(s1);
    expect(history.undo()).toBe('delete step');
    expect(state.wf).toEqual(s0);
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toBe('delete step');
    expect(history.redo()).toBe('updated name');
    expect(state.wf).toEqual(s2);
    expect(history.redo()).toBeUndefined();
  });

  it('keeps an unrecorded change to another field when an earlier edit is undone', () => {
    const { history, edit, state } = plainHistory(chain(4));
    edit('updated name', (wf) => renameStep(wf, 's1', 'Renamed'));
    edit('step updated', (wf) => updateStepData(wf, 's1', { testData: { id: 7 } }));
    edit('step updated', (wf) => deleteStep(wf, 's0', newId)); // shifts every index
    history.undo();
    const s1 = state.wf.steps.find((s) => s.id === 's1');
    expect(s1?.data.name).toBe('Step 1');
    expect(s1?.data.testData).toEqual({ id: 7 });
  });

  it('lists the last 10 descriptions, most recent first (undo hover list)', () => {
    const { history, edit } = plainHistory(chain(3));
    for (let i = 0; i < 12; i++) edit(i % 2 === 0 ? 'updated name' : 'move step', (wf) => ({ ...wf, name: `n${i}` }));
    const list = history.undoDescriptions();
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('move step');
    expect(list[1]).toBe('updated name');
    expect(history.undoDescriptions(3)).toEqual(['move step', 'updated name', 'move step']);
    history.undo();
    history.undo();
    expect(history.redoDescriptions()).toEqual(['updated name', 'move step']);
  });

  it('drops the oldest entries past a limit', () => {
    const state = { wf: chain(2) };
    const history = new WorkflowHistory(
      { read: () => state.wf, apply: (c) => (state.wf = applyWorkflowChange(state.wf, c)), now: () => 0 },
      { limit: 3 },
    );
    for (let i = 0; i < 5; i++) history.group(`e${i}`, () => (state.wf = { ...state.wf, name: `n${i}` }));
    expect(history.undoDescriptions()).toEqual(['e4', 'e3', 'e2']);
  });
});

describe('groups', () => {
  it('make a drag one entry that undoes to where it started', () => {
    const { history, state } = plainHistory(chain(3));
    const start = state.wf;
    history.group('move step', () => {
      for (let y = 0; y < 20; y++) state.wf = setStepPosition(state.wf, 's1', { x: 0, y });
      // A nested group merges into the outer one.
      history.group('updated name', () => (state.wf = renameStep(state.wf, 's1', 'Dropped')));
    });
    expect(history.undoDescriptions()).toEqual(['move step']);
    history.undo();
    expect(state.wf).toEqual(start);
  });

  it('revert their changes when they throw', () => {
    const { history, state } = plainHistory(chain(3));
    const start = state.wf;
    expect(() =>
      history.group('delete step', () => {
        state.wf = deleteStep(state.wf, 's1', newId);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(state.wf).toEqual(start);
    expect(history.canUndo).toBe(false);
    expect(history.isGrouping).toBe(false);
  });

  it('cannot undo from inside a group', () => {
    const { history, edit } = plainHistory(chain(3));
    edit('updated name', (wf) => ({ ...wf, name: 'x' }));
    expect(history.group('move step', () => history.undo())).toBeUndefined();
    expect(history.undoDescriptions()).toEqual(['updated name']);
  });
});

describe('observability', () => {
  it('notifies observers of canUndo and canRedo', () => {
    const wf = createWorkflowModel(chain(3), { newId, now: () => 0 });
    const seen: string[] = [];
    const stop = autorun(() => seen.push(`${wf.canUndo}/${wf.canRedo}`));
    wf.deleteStep('s1');
    wf.undo();
    wf.redo();
    stop();
    expect(seen).toEqual(['false/false', 'true/false', 'false/true', 'true/false']);
  });
});

describe('changes (pure)', () => {
  it('are null for equal snapshots and invert exactly', () => {
    const before = chain(6);
    expect(diffWorkflow(before, before)).toBeNull();
    expect(diffWorkflow(before, structuredClone(before))).toBeNull();
    const after = renameStep(deleteStep(before, 's3', newId), 's4', 'Four');
    const change = diffWorkflow(before, after);
    if (!change) throw new Error('expected a change');
    expect(applyWorkflowChange(before, change)).toEqual(after);
    expect(applyWorkflowChange(after, invertChange(change))).toEqual(before);
  });

  it('restore the order of reordered items', () => {
    const before = chain(4);
    const after = { ...before, steps: [before.steps[2], before.steps[0], before.steps[3], before.steps[1]] };
    const change = diffWorkflow(before, after);
    if (!change) throw new Error('expected a change');
    expect(applyWorkflowChange(before, change)).toEqual(after);
    expect(applyWorkflowChange(after, invertChange(change))).toEqual(before);
  });

  it('hold only what changed: deleting one of 500 steps stores one step and three links', () => {
    const wf = createWorkflowModel(chain(500), { newId, now: () => 0 });
    wf.deleteStep('s250');
    const { change } = wf.history.past[0];
    expect(change.steps.removed.map((r) => r.item.id)).toEqual(['s250']);
    expect(change.steps.added).toEqual([]);
    expect(change.links.removed).toHaveLength(2);
    expect(change.links.added).toHaveLength(1);
    // The removed step is the snapshot object the tree had, shared rather than copied.
    expect(change.steps.removed[0].item).toEqual(chain(500).steps[250]);
    expect(getSnapshot(wf).steps).toHaveLength(499);
  });
});
