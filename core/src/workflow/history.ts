/**
 * Undo and redo for a workflow, in the model rather than the UI (editor-core 4.3, STYLE "Undo").
 *
 * An entry holds an id-keyed change between two structurally shared snapshots: only the
 * steps, links and top-level fields that differ, each with its before and after value. That
 * keeps entries small (no deep copies) and lets an entry apply cleanly after unrecorded
 * changes elsewhere ('step updated' edits, save echoes), because nothing is addressed by
 * array index. The pure half (`diffWorkflow`, `applyWorkflowChange`, `invertChange`) works on
 * plain data; `WorkflowHistory` holds the stacks.
 */
import { dequal } from 'dequal';
import { action, makeObservable, observable } from 'mobx';
import type { Link, Step, StepData, WorkflowData } from './types.js';

/** The description that marks a change as not undoable (editor-core 4.3). */
export const UNRECORDED_DESCRIPTION = 'step updated';

/** How many descriptions the undo hover list shows (editor-core 9). */
export const UNDO_LIST_SIZE = 10;

/** The descriptions of undoable edits (editor-core 4.3). */
export const HISTORY_DESCRIPTIONS = {
  addStep: 'add step',
  duplicateStep: 'duplicated step',
  insertStep: 'inserted step',
  moveStep: 'move step',
  deleteStep: 'delete step',
  updateName: 'updated name',
} as const;

/** A history description: one of {@link HISTORY_DESCRIPTIONS}, or {@link UNRECORDED_DESCRIPTION}. */
export type HistoryDescription =
  | (typeof HISTORY_DESCRIPTIONS)[keyof typeof HISTORY_DESCRIPTIONS]
  | typeof UNRECORDED_DESCRIPTION;

/** One undoable edit. */
export interface HistoryEntry {
  /** What the user did, e.g. 'delete step'. */
  description: string;
  /** The change, from before the edit to after it. */
  change: WorkflowChange;
  /** Epoch ms when it was recorded. */
  at: number;
}

/** What the history edits: reads a snapshot and applies a change, outside the history. */
export interface HistoryTarget {
  /** The current workflow snapshot; unchanged parts should keep their object identity. */
  read(): WorkflowData;
  /** Applies a change to the workflow (forward direction). */
  apply(change: WorkflowChange): void;
  /** Current time, epoch ms. */
  now(): number;
}

/** Options of a `WorkflowHistory`. */
export interface HistoryOptions {
  /** Oldest entries are dropped past this many (default: no limit). */
  limit?: number;
}

/** Returns true when a change with this description gets an undo entry (editor-core 4.3). */
export function isRecordedDescription(description: string | undefined): description is string {
  return description !== undefined && description !== '' && description !== UNRECORDED_DESCRIPTION;
}

/**
 * Undo/redo stacks over a `HistoryTarget`. Observable (mobx): `canUndo`, `canRedo` and the
 * description lists update observers.
 *
 * @example
 * const history = new WorkflowHistory(target);
 * history.group('move step', () => { setPosition(a); setPosition(b); moveOnDrop(); }); // one entry
 * history.undo(); // back to before the drag started
 */
export class WorkflowHistory {
  /** Entries that can be undone, oldest first. */
  readonly past = observable.array<HistoryEntry>([], { deep: false });
  /** Entries that can be redone, next redo last. */
  readonly future = observable.array<HistoryEntry>([], { deep: false });
  private depth = 0;
  private readonly limit: number;

  constructor(
    private readonly target: HistoryTarget,
    options: HistoryOptions = {},
  ) {
    this.limit = options.limit ?? Number.POSITIVE_INFINITY;
    makeObservable(this, {
      undo: action,
      redo: action,
      clear: action,
      record: action,
      commit: action,
    });
  }

  /** True when there is an edit to undo. */
  get canUndo(): boolean {
    return this.past.length > 0;
  }

  /** True when there is an undone edit to redo. */
  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** True while inside `group`. */
  get isGrouping(): boolean {
    return this.depth > 0;
  }

  /** The last `count` undo descriptions, most recent first: the undo hover list (editor-core 9). */
  undoDescriptions(count: number = UNDO_LIST_SIZE): string[] {
    return lastDescriptions(this.past, count);
  }

  /** The next `count` redo descriptions, next redo first. */
  redoDescriptions(count: number = UNDO_LIST_SIZE): string[] {
    return lastDescriptions(this.future, count);
  }

  /**
   * Runs `fn` and records everything it changed as one entry described by `description`:
   * a drag that writes many positions and then moves the step is one 'move step'. Nested
   * groups merge into the outermost one, whose description wins. With no description or
   * 'step updated' nothing is recorded (editor-core 4.3). If `fn` throws, its changes are
   * reverted and the error is rethrown.
   */
  group<T>(description: string | undefined, fn: () => T): T {
    if (this.depth > 0) return fn();
    const isRecorded = isRecordedDescription(description);
    const before = this.target.read();
    this.depth += 1;
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.depth -= 1;
      const change = diffWorkflow(this.target.read(), before);
      if (change) this.target.apply(change);
      throw error;
    }
    this.depth -= 1;
    if (isRecorded) this.record(description, diffWorkflow(before, this.target.read()));
    return result;
  }

  /** Pushes an entry for `change` and clears the redo list; ignores a null change. */
  record(description: string, change: WorkflowChange | null): void {
    if (!change || !isRecordedDescription(description)) return;
    this.past.push({ description, change, at: this.target.now() });
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit);
    this.future.clear();
  }

  /**
   * Applies a change computed by the caller and records it under `description`; inside a
   * group it only applies (the group records). Saves a second diff on every edit.
   */
  commit(description: string | undefined, change: WorkflowChange | null): void {
    if (!change) return;
    this.target.apply(change);
    if (this.depth === 0) this.record(description ?? '', change);
  }

  /** Undoes the last entry; returns its description, or undefined when there is none. */
  undo(): string | undefined {
    if (this.depth > 0) return undefined;
    const entry = this.past.pop();
    if (!entry) return undefined;
    this.target.apply(invertChange(entry.change));
    this.future.push(entry);
    return entry.description;
  }

  /** Re-applies the last undone entry; returns its description, or undefined when there is none. */
  redo(): string | undefined {
    if (this.depth > 0) return undefined;
    const entry = this.future.pop();
    if (!entry) return undefined;
    this.target.apply(entry.change);
    this.past.push(entry);
    return entry.description;
  }

  /** Forgets every entry (used when another workflow is loaded). */
  clear(): void {
    this.past.clear();
    this.future.clear();
  }
}

function lastDescriptions(entries: readonly HistoryEntry[], count: number): string[] {
  const out: string[] = [];
  for (let i = entries.length - 1; i >= 0 && out.length < count; i--) out.push(entries[i].description);
  return out;
}

// --- changes: pure, over plain snapshots ----------------------------------------------------

/** The top-level workflow fields a change may touch. */
export type WorkflowProps = Pick<WorkflowData, 'id' | 'name' | 'active'>;

/** Changed parts of a step; `data` holds only the changed data keys. */
export interface StepPatch {
  kind?: Step['kind'];
  position?: Step['position'];
  data?: Partial<StepData>;
}

/** Changed fields of a link. */
export type LinkPatch = Partial<Omit<Link, 'id'>>;

/** One item present on both sides whose fields differ. */
export interface ItemUpdate<P> {
  id: string;
  before: P;
  after: P;
}

/** Changes of one list (steps or links), addressed by id. */
export interface ListChange<T, P> {
  /** Items only before, with their index in the before list. */
  removed: { index: number; item: T }[];
  /** Items only after, with their index in the after list. */
  added: { index: number; item: T }[];
  updated: ItemUpdate<P>[];
  /** Set only when kept items changed relative order: ids in order, before and after. */
  order?: { before: string[]; after: string[] };
}

/** An id-keyed change between two workflow snapshots. */
export interface WorkflowChange {
  props: { before: Partial<WorkflowProps>; after: Partial<WorkflowProps> };
  steps: ListChange<Step, StepPatch>;
  links: ListChange<Link, LinkPatch>;
}

/**
 * Returns the change from `before` to `after`, or null when they are equal. Compares by
 * reference first, so structurally shared snapshots diff in O(steps + links).
 */
export function diffWorkflow(before: WorkflowData, after: WorkflowData): WorkflowChange | null {
  const props: WorkflowChange['props'] = { before: {}, after: {} };
  for (const key of ['id', 'name', 'active'] as const) {
    if (before[key] !== after[key]) {
      (props.before as Record<string, unknown>)[key] = before[key];
      (props.after as Record<string, unknown>)[key] = after[key];
    }
  }
  const steps = diffList(before.steps, after.steps, diffStep);
  const links = diffList(before.links, after.links, diffLink);
  const isEmpty = Object.keys(props.after).length === 0 && isListEmpty(steps) && isListEmpty(links);
  return isEmpty ? null : { props, steps, links };
}

/** Returns the change that undoes `change`. */
export function invertChange(change: WorkflowChange): WorkflowChange {
  return {
    props: { before: change.props.after, after: change.props.before },
    steps: invertList(change.steps),
    links: invertList(change.links),
  };
}

/**
 * Applies `change` to a plain snapshot and returns the result (the input is not mutated).
 * Missing ids are skipped and re-added ids replace, so a change applies after unrelated edits.
 */
export function applyWorkflowChange(wf: WorkflowData, change: WorkflowChange): WorkflowData {
  const next: WorkflowData = { ...wf, ...change.props.after };
  next.steps = applyList(wf.steps, change.steps, patchStep);
  next.links = applyList(wf.links, change.links, (link, patch) => ({ ...link, ...patch }));
  return next;
}

/** Applies a step patch to a plain step. */
export function patchStep(step: Step, patch: StepPatch): Step {
  const next: Step = { ...step };
  if (patch.kind !== undefined) next.kind = patch.kind;
  if (patch.position !== undefined) next.position = patch.position;
  if (patch.data !== undefined) next.data = { ...step.data, ...patch.data };
  return next;
}

function isListEmpty(list: ListChange<unknown, unknown>): boolean {
  return list.removed.length === 0 && list.added.length === 0 && list.updated.length === 0 && !list.order;
}

function diffList<T extends { id: string }, P>(
  before: readonly T[],
  after: readonly T[],
  diffItem: (a: T, b: T) => { before: P; after: P } | null,
): ListChange<T, P> {
  const change: ListChange<T, P> = { removed: [], added: [], updated: [] };
  if (before === after) return change;
  // Only the window between the common prefix and suffix (same references) can differ, so
  // one edit on a large workflow diffs a handful of items, not all of them.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const afterById = new Map<string, T>();
  for (let i = start; i < endAfter; i++) afterById.set(after[i].id, after[i]);
  const beforeIds = new Set<string>();
  const keptBefore: string[] = [];
  for (let index = start; index < endBefore; index++) {
    const item = before[index];
    beforeIds.add(item.id);
    const other = afterById.get(item.id);
    if (other === undefined) {
      change.removed.push({ index, item });
      continue;
    }
    keptBefore.push(item.id);
    if (other === item) continue;
    const patch = diffItem(item, other);
    if (patch) change.updated.push({ id: item.id, ...patch });
  }
  const keptAfter: string[] = [];
  for (let index = start; index < endAfter; index++) {
    const item = after[index];
    if (beforeIds.has(item.id)) keptAfter.push(item.id);
    else change.added.push({ index, item });
  }
  if (keptBefore.some((id, i) => keptAfter[i] !== id)) {
    // Order ids cover the whole list so that applying them does not depend on the window.
    const ids = (list: readonly T[]) => list.map((x) => x.id);
    change.order = {
      before: [...ids(before.slice(0, start)), ...keptBefore, ...ids(before.slice(endBefore))],
      after: [...ids(after.slice(0, start)), ...keptAfter, ...ids(after.slice(endAfter))],
    };
  }
  return change;
}

function diffStep(a: Step, b: Step): { before: StepPatch; after: StepPatch } | null {
  const before: StepPatch = {};
  const after: StepPatch = {};
  if (a.kind !== b.kind) [before.kind, after.kind] = [a.kind, b.kind];
  if (a.position !== b.position && (a.position.x !== b.position.x || a.position.y !== b.position.y)) {
    [before.position, after.position] = [a.position, b.position];
  }
  if (a.data !== b.data) {
    const dataBefore: Record<string, unknown> = {};
    const dataAfter: Record<string, unknown> = {};
    let isChanged = false;
    for (const key of unionKeys(a.data, b.data)) {
      const x = (a.data as unknown as Record<string, unknown>)[key];
      const y = (b.data as unknown as Record<string, unknown>)[key];
      if (isSame(x, y)) continue;
      dataBefore[key] = x;
      dataAfter[key] = y;
      isChanged = true;
    }
    if (isChanged) [before.data, after.data] = [dataBefore as Partial<StepData>, dataAfter as Partial<StepData>];
  }
  return Object.keys(after).length === 0 ? null : { before, after };
}

function diffLink(a: Link, b: Link): { before: LinkPatch; after: LinkPatch } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of unionKeys(a, b)) {
    if (key === 'id') continue;
    const x = (a as unknown as Record<string, unknown>)[key];
    const y = (b as unknown as Record<string, unknown>)[key];
    if (isSame(x, y)) continue;
    before[key] = x;
    after[key] = y;
  }
  return Object.keys(after).length === 0 ? null : { before: before as LinkPatch, after: after as LinkPatch };
}

/** Same reference, or deep-equal plain data (a save echo's fresh copy of an unchanged blob). */
function isSame(x: unknown, y: unknown): boolean {
  return Object.is(x, y) || (typeof x === 'object' && typeof y === 'object' && dequal(x, y));
}

function unionKeys(a: object, b: object): Set<string> {
  return new Set([...Object.keys(a), ...Object.keys(b)]);
}

function invertList<T, P>(list: ListChange<T, P>): ListChange<T, P> {
  return {
    removed: list.added,
    added: list.removed,
    updated: list.updated.map((u) => ({ id: u.id, before: u.after, after: u.before })),
    ...(list.order ? { order: { before: list.order.after, after: list.order.before } } : {}),
  };
}

/**
 * Applies an id-keyed list change to a plain list: returns the next list, in which unchanged
 * items keep their objects (the same list when nothing changed).
 */
export function applyList<T extends { id: string }, P>(
  list: readonly T[],
  change: ListChange<T, P>,
  patchItem: (item: T, patch: P) => T,
): T[] {
  if (isListEmpty(change)) return list as T[];
  const removedIds = new Set(change.removed.map((r) => r.item.id));
  const addedIds = new Set(change.added.map((a) => a.item.id));
  const updates = new Map(change.updated.map((u) => [u.id, u.after]));
  const next: T[] = [];
  for (const item of list) {
    if (removedIds.has(item.id) || addedIds.has(item.id)) continue;
    const patch = updates.get(item.id);
    next.push(patch === undefined ? item : patchItem(item, patch));
  }
  if (change.order) sortByOrder(next, change.order.after);
  // Ascending target indexes rebuild the after order exactly when nothing else changed.
  for (const { index, item } of [...change.added].sort((x, y) => x.index - y.index)) {
    next.splice(Math.min(index, next.length), 0, item);
  }
  return next;
}

/** Sorts items in place by their position in `order`; unknown ids keep their relative place at the end. */
export function sortByOrder<T extends { id: string }>(items: T[], order: readonly string[]): void {
  const rank = new Map(order.map((id, i) => [id, i]));
  const fallback = order.length;
  const ranked = items.map((item, i) => ({ item, key: rank.get(item.id) ?? fallback + i }));
  ranked.sort((x, y) => x.key - y.key);
  ranked.forEach((r, i) => {
    items[i] = r.item;
  });
}
