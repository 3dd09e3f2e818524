/**
 * A workflow's life (DESIGN "A workflow's life"): OFF → edited in place; ON → the published
 * version runs and edits go to a draft; Publish makes the draft the published version (a new
 * version); Discard drops the draft; switching OFF keeps the draft as the document edited in
 * place. One rule, asked by the server (where a save goes, what a publish writes) and the
 * editor (what the top bar says, which buttons it offers).
 */
import type { WorkflowData } from './types.js';

/** Where a workflow is in its life: OFF, ON and live, or ON with unpublished changes. */
export type LifecycleState = 'off' | 'live' | 'draft';

/** What a user can do to a workflow's life. */
export type LifecycleAction = 'edit' | 'publish' | 'discard' | 'switchOn' | 'switchOff' | 'restore';

/** The state of a stored workflow: its `active` column and whether it holds a draft. */
export function lifecycleStateOf(workflow: { active: boolean; hasDraft: boolean }): LifecycleState {
  if (!workflow.active) return 'off';
  return workflow.hasDraft ? 'draft' : 'live';
}

/** A transition's outcome: the next state, or why the action does not apply. */
export type LifecycleOutcome = { ok: true; next: LifecycleState } | { ok: false; reason: string };

/**
 * The lifecycle's transitions. `changed` says whether an edit (or restore) leaves the edited
 * document different from the published one (an ON workflow whose edits are undone back to the
 * published version has no draft). Refusals are worded for users.
 *
 * @example
 * lifecycleTransition('live', 'edit', true) // { ok: true, next: 'draft' }
 * lifecycleTransition('off', 'publish')     // { ok: false, reason: 'Only a workflow that is ON is published…' }
 */
export function lifecycleTransition(state: LifecycleState, action: LifecycleAction, changed = true): LifecycleOutcome {
  switch (action) {
    case 'edit':
    case 'restore':
      if (state === 'off') return { ok: true, next: 'off' };
      return { ok: true, next: changed ? 'draft' : 'live' };
    case 'publish':
      if (state === 'off') {
        return { ok: false, reason: 'Only a workflow that is ON is published: switch it ON instead.' };
      }
      if (state === 'live') return { ok: false, reason: 'There are no unpublished changes to publish.' };
      return { ok: true, next: 'live' };
    case 'discard':
      if (state !== 'draft') return { ok: false, reason: 'There is no draft to discard.' };
      return { ok: true, next: 'live' };
    case 'switchOn':
      return state === 'off' ? { ok: true, next: 'live' } : { ok: false, reason: 'The workflow is already ON.' };
    case 'switchOff':
      // The draft stays: OFF edits in place, so the editor keeps showing what was edited.
      return state === 'off' ? { ok: false, reason: 'The workflow is already OFF.' } : { ok: true, next: 'off' };
  }
}

/** Where an editor save writes: the stored document itself (OFF) or the draft beside the published one (ON). */
export function saveTarget(state: LifecycleState): 'document' | 'draft' {
  return state === 'off' ? 'document' : 'draft';
}

/**
 * Whether two documents differ in what a run or the editor shows, ignoring `active` (the
 * switch's copy, which a draft does not own) and the trigger's set-up message (written by the
 * server at activation).
 */
export function documentsDiffer(a: WorkflowData, b: WorkflowData): boolean {
  return comparable(a) !== comparable(b);
}

function comparable(doc: WorkflowData): string {
  const steps = doc.steps.map((step) =>
    step.kind === 'trigger' ? { ...step, data: { ...step.data, triggerMessage: '' } } : step,
  );
  return canonical({ ...doc, active: false, steps });
}

/** JSON with object keys sorted: stored documents may come back with their keys reordered (jsonb). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The draft an ON workflow keeps after a save of `edited`: null when it equals the published
 * document (nothing to publish), else the edited document with the published `active`.
 */
export function draftAfterSave<T extends WorkflowData>(published: T, edited: T): T | null {
  return documentsDiffer(published, edited) ? { ...edited, active: published.active } : null;
}
