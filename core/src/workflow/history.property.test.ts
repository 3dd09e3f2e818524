import fc from 'fast-check';
import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { applyWorkflowChange, diffWorkflow, HISTORY_DESCRIPTIONS, invertChange } from './history.js';
import { createWorkflowModel, type IWorkflow } from './model.js';
import { createStepData, type WorkflowData } from './types.js';

/** A user action on the model; indexes pick among the current steps and links. */
type Command =
  | { type: 'add'; parent: number }
  | { type: 'insert'; link: number }
  | { type: 'move'; step: number; link: number }
  | { type: 'moveNextTo'; step: number; parent: number }
  | { type: 'duplicate'; step: number }
  | { type: 'delete'; step: number }
  | { type: 'rename'; step: number; name: string }
  | { type: 'setName'; name: string }
  | { type: 'drag'; step: number; link: number }
  | { type: 'undo' }
  | { type: 'redo' };

const pick = fc.nat(40);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), parent: pick }),
  fc.record({ type: fc.constant('insert' as const), link: pick }),
  fc.record({ type: fc.constant('move' as const), step: pick, link: pick }),
  fc.record({ type: fc.constant('moveNextTo' as const), step: pick, parent: pick }),
  fc.record({ type: fc.constant('duplicate' as const), step: pick }),
  fc.record({ type: fc.constant('delete' as const), step: pick }),
  fc.record({ type: fc.constant('rename' as const), step: pick, name: fc.constantFrom('A', 'B', 'Send e-mail') }),
  fc.record({ type: fc.constant('setName' as const), name: fc.constantFrom('Untitled Workflow', 'Leads', 'CRM') }),
  fc.record({ type: fc.constant('drag' as const), step: pick, link: pick }),
  fc.constant({ type: 'undo' as const }),
  fc.constant({ type: 'redo' as const }),
);

function chain(size: number): WorkflowData {
  const steps = Array.from({ length: size }, (_, i) => ({
    id: `s${i}`,
    kind: i === 0 ? ('trigger' as const) : ('action' as const),
    position: { x: 220, y: 40 + 200 * i },
    data: createStepData({ name: `Step ${i}`, fields: [{ name: 'email', value: `${i}@example.com` }] }),
  }));
  const links = steps
    .slice(1)
    .map((s, i) => ({ id: `l${i}`, source: `s${i}`, target: s.id, name: '', groups: [], delaySeconds: 0 }));
  return { id: 'w', name: 'Untitled Workflow', active: false, steps, links };
}

function run(wf: IWorkflow, command: Command): void {
  const stepAt = (i: number) => wf.steps[i % Math.max(wf.steps.length, 1)]?.id ?? 'none';
  const linkAt = (i: number) => wf.links[i % Math.max(wf.links.length, 1)]?.id ?? 'none';
  switch (command.type) {
    case 'add':
      wf.addStep({ kind: 'action', position: { x: 0, y: 0 } }, { parentId: stepAt(command.parent) });
      return;
    case 'insert':
      wf.insertStepOnLink(linkAt(command.link), { kind: 'action', position: { x: 0, y: 0 } });
      return;
    case 'move':
      wf.moveStep(stepAt(command.step), { linkId: linkAt(command.link) });
      return;
    case 'moveNextTo':
      wf.moveStep(stepAt(command.step), { parentId: stepAt(command.parent) });
      return;
    case 'duplicate':
      wf.duplicateStep(stepAt(command.step));
      return;
    case 'delete':
      wf.deleteStep(stepAt(command.step));
      return;
    case 'rename':
      wf.renameStep(stepAt(command.step), command.name);
      return;
    case 'setName':
      wf.setName(command.name);
      return;
    case 'drag': {
      const id = stepAt(command.step);
      wf.group(HISTORY_DESCRIPTIONS.moveStep, () => {
        wf.setStepPosition(id, { x: 1, y: 2 });
        wf.setStepPosition(id, { x: 3, y: 4 });
        wf.moveStep(id, { linkId: linkAt(command.link), position: { x: 5, y: 6 } });
      });
      return;
    }
    case 'undo':
      wf.undo();
      return;
    case 'redo':
      wf.redo();
  }
}

/** Plain deep copy of the model's snapshot, so later edits cannot share structure with it. */
const snap = (wf: IWorkflow): WorkflowData => structuredClone(getSnapshot(wf)) as WorkflowData;

describe('undo history (editor-core 4.3)', () => {
  it('behaves like a stack of exact snapshots under any mix of edits, undos and redos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(commandArb, { maxLength: 40 }), (size, commands) => {
        let n = 0;
        const wf = createWorkflowModel(chain(size), { newId: () => `n${n++}`, now: () => 0 });
        const past: WorkflowData[] = [];
        const future: WorkflowData[] = [];
        for (const command of commands) {
          const before = snap(wf);
          run(wf, command);
          const after = snap(wf);
          if (command.type === 'undo') {
            if (past.length > 0) {
              expect(after).toEqual(past.pop());
              future.push(before);
            } else expect(after).toEqual(before);
          } else if (command.type === 'redo') {
            if (future.length > 0) {
              expect(after).toEqual(future.pop());
              past.push(before);
            } else expect(after).toEqual(before);
          } else if (JSON.stringify(after) !== JSON.stringify(before)) {
            // Every command here is a described edit: a change pushes and clears redo.
            past.push(before);
            future.length = 0;
          }
          expect(wf.history.past.length).toBe(past.length);
          expect(wf.history.future.length).toBe(future.length);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('undoing everything restores the first snapshot and redoing everything the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(commandArb, { maxLength: 30 }), (size, commands) => {
        let n = 0;
        const wf = createWorkflowModel(chain(size), { newId: () => `n${n++}`, now: () => 0 });
        const edits = commands.filter((c) => c.type !== 'undo' && c.type !== 'redo');
        const first = snap(wf);
        for (const command of edits) run(wf, command);
        const last = snap(wf);
        while (wf.canUndo) wf.undo();
        expect(snap(wf)).toEqual(first);
        while (wf.canRedo) wf.redo();
        expect(snap(wf)).toEqual(last);
      }),
      { numRuns: 150 },
    );
  });

  it('a change applied to its before snapshot gives the after snapshot, and its inverse goes back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(commandArb, { maxLength: 20 }), (size, commands) => {
        let n = 0;
        const wf = createWorkflowModel(chain(size), { newId: () => `n${n++}`, now: () => 0 });
        const before = snap(wf);
        for (const command of commands) run(wf, command);
        const after = snap(wf);
        const change = diffWorkflow(before, after);
        expect(change === null).toBe(JSON.stringify(before) === JSON.stringify(after));
        if (!change) return;
        expect(applyWorkflowChange(before, change)).toEqual(after);
        expect(applyWorkflowChange(after, invertChange(change))).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
