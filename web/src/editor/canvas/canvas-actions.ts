/**
 * Canvas edits that combine a core graph edit with core's layout in one undo entry: moving a
 * card onto a link and inserting a step on a link (onboarding 4 "Canvas actions").
 */
import { ACTION_PLACEHOLDER_NAME, HISTORY_DESCRIPTIONS, type IStep, type IWorkflow } from '@junction/core';

type LayoutWorkflow = typeof import('@junction/core').layoutWorkflow;

// Core's layout brings dagre (about 15 KB gzip), which opening a workflow never needs: it is a
// chunk of its own (web/vite.config.ts, group 'layout'), loaded when the canvas is idle or by
// the first edit that lays out. The edits below stay synchronous (one undo entry each); their
// callers wait for `loadLayout()` first.
let layoutWorkflow: LayoutWorkflow | null = null;
let layoutLoad: Promise<void> | null = null;

/**
 * Loads core's layout once (a resolved promise once loaded). Call it before
 * {@link applyLayout}, {@link moveStepOntoLink} or {@link insertActionOnLink}.
 *
 * @example
 * void loadLayout().then(() => insertActionOnLink(editor.wf, linkId));
 */
export function loadLayout(): Promise<void> {
  layoutLoad ??= import('./layout-chunk.js').then(
    (module) => {
      layoutWorkflow = module.layoutWorkflow;
    },
    (error: unknown) => {
      // A failed fetch is tried again on the next call.
      layoutLoad = null;
      throw error;
    },
  );
  return layoutLoad;
}

/**
 * Lays the workflow out with core's editor layout (snapped to the grid), shifted so the first
 * step stays where it is (the view does not jump); no undo entry of its own. Needs
 * {@link loadLayout} to have resolved.
 */
export function applyLayout(wf: IWorkflow): void {
  if (!layoutWorkflow) throw new Error('applyLayout needs the layout chunk: await loadLayout() before editing.');
  const positions = layoutWorkflow(wf.data, { mode: 'editor' });
  const anchor = wf.steps[0];
  const laidOut = anchor ? positions.get(anchor.id) : undefined;
  // Both positions sit on the 20 grid, so the shifted ones do too.
  const dx = anchor && laidOut ? anchor.position.x - laidOut.x : 0;
  const dy = anchor && laidOut ? anchor.position.y - laidOut.y : 0;
  for (const [id, position] of positions) wf.setStepPosition(id, { x: position.x + dx, y: position.y + dy });
}

/**
 * Moves a step onto a link (its old parent and child are bridged) and lays the canvas out, as
 * one 'move step' undo entry. Returns true when the workflow changed; a trigger, a step's own
 * link or a missing link change nothing.
 *
 * @example
 * if (moveStepOntoLink(wf, stepId, linkId)) showToast({ status: 'success', message: movedMessage(name) });
 */
export function moveStepOntoLink(wf: IWorkflow, stepId: string, linkId: string): boolean {
  const step = wf.stepById(stepId);
  if (!step || step.kind === 'trigger') return false;
  const before = wf.data;
  wf.group(HISTORY_DESCRIPTIONS.moveStep, () => {
    wf.moveStep(stepId, { linkId });
    if (wf.data !== before) applyLayout(wf);
  });
  return wf.data !== before;
}

/**
 * Inserts an empty action step ('Click to Add Action') on a link and lays the canvas out, as
 * one 'inserted step' undo entry; returns the new step, or undefined when the link is gone.
 */
export function insertActionOnLink(wf: IWorkflow, linkId: string): IStep | undefined {
  const link = wf.links.find((l) => l.id === linkId);
  if (!link) return undefined;
  const source = wf.stepById(link.source);
  return wf.group(HISTORY_DESCRIPTIONS.insertStep, () => {
    const step = wf.insertStepOnLink(linkId, {
      kind: 'action',
      position: source ? { x: source.position.x, y: source.position.y + 100 } : { x: 0, y: 0 },
      data: { name: ACTION_PLACEHOLDER_NAME },
    });
    if (step) applyLayout(wf);
    return step;
  });
}
