/**
 * Graph edits over plain workflow snapshots: add, link, insert, move, duplicate, delete with
 * bridge, rename and data updates (editor-core 4.4, onboarding-and-extras 4 "Canvas actions").
 *
 * Every function is pure: it never mutates its input and returns a new `WorkflowData` that
 * shares every untouched step and link object with the input (so callers can diff by
 * reference). An edit that cannot apply returns the input object itself (`result === wf`).
 * Each call builds its index maps once, so edits stay linear on large workflows.
 */
import { delayProblem } from './delay.js';
import { renamePatch } from './step-setup.js';
import type { CoreEnv, Link, Step, StepData, WorkflowData } from './types.js';

/** Vertical distance between a step and the step placed below it (editor-core 4.6: y 40 → y 240). */
export const STEP_SPACING_Y = 200;

/** Prefix of a duplicated step's name (onboarding-and-extras 4 "Canvas actions"). */
export const DUPLICATED_NAME_PREFIX = 'Duplicated: ';

/**
 * Where new ids come from: the core environment, a `newId` function, one id, or a list of ids.
 * A single string gives that id first and `${id}-1`, `${id}-2`… when more are needed.
 */
export type IdSource = string | readonly string[] | (() => string) | Pick<CoreEnv, 'newId'>;

/** Where a step goes: after `parentId`, before `childId`, or between both. */
export interface Placement {
  parentId?: string;
  childId?: string;
}

/** Where a moved step goes: a placement or onto a link; `position` optionally sets its canvas place. */
export type MoveTarget = (Placement | { linkId: string }) & { position?: Step['position'] };

/** The filter part of a link (editor-core 3 "Filter schema"). */
export type LinkFilter = Pick<Link, 'name' | 'groups'>;

/** Parent and child links of every step, and the set of existing source→target pairs. */
export interface LinkIndex {
  /** Step id → its position in `wf.steps`. */
  stepIndex: Map<string, number>;
  /** Step id → links whose target is that step, in `wf.links` order. */
  incoming: Map<string, Link[]>;
  /** Step id → links whose source is that step, in `wf.links` order. */
  outgoing: Map<string, Link[]>;
  /** `pairKey(source, target)` of every link. */
  pairs: Set<string>;
}

/**
 * Turns an `IdSource` into a function returning a new id on each call.
 *
 * @example
 * const next = createIdSupplier('l7');
 * next(); // 'l7'
 * next(); // 'l7-1'
 */
export function createIdSupplier(ids: IdSource): () => string {
  if (typeof ids === 'function') return ids;
  if (typeof ids === 'object' && 'newId' in ids) return () => ids.newId();
  const list: readonly string[] = typeof ids === 'string' ? [ids] : ids;
  let used = 0;
  return () => {
    const id = list[used] ?? `${list[list.length - 1] ?? 'id'}-${used - list.length + 1}`;
    used += 1;
    return id;
  };
}

/** Builds a link with no filter and no delay. */
export function createLink(link: Pick<Link, 'id' | 'source' | 'target'> & Partial<Link>): Link {
  return { name: '', groups: [], delaySeconds: 0, ...link };
}

/**
 * Returns a link with exactly its six keys, missing ones at {@link createLink}'s defaults and
 * unknown ones dropped; a link already so is returned as is (same object), so a list of
 * normalized links keeps its objects.
 *
 * @example
 * normalizeLink({ id: 'l1', source: 'a', target: 'b' }); // { id: 'l1', source: 'a', target: 'b', name: '', groups: [], delaySeconds: 0 }
 */
export function normalizeLink(link: Pick<Link, 'id' | 'source' | 'target'> & Partial<Link>): Link {
  const { id, source, target, name = '', groups = [], delaySeconds = 0 } = link;
  const isNormal =
    link.name === name &&
    link.groups === groups &&
    link.delaySeconds === delaySeconds &&
    Object.keys(link).length === 6;
  return isNormal ? (link as Link) : { id, source, target, name, groups, delaySeconds };
}

/** Key of a source→target pair in `LinkIndex.pairs`. */
export function pairKey(source: string, target: string): string {
  return `${source}\u0000${target}`;
}

/** Indexes a workflow's steps and links in one pass (O(steps + links)). */
export function indexLinks(wf: WorkflowData): LinkIndex {
  const stepIndex = new Map<string, number>();
  const incoming = new Map<string, Link[]>();
  const outgoing = new Map<string, Link[]>();
  const pairs = new Set<string>();
  for (let i = 0; i < wf.steps.length; i++) stepIndex.set(wf.steps[i].id, i);
  for (const link of wf.links) {
    pushTo(incoming, link.target, link);
    pushTo(outgoing, link.source, link);
    pairs.add(pairKey(link.source, link.target));
  }
  return { stepIndex, incoming, outgoing, pairs };
}

/** Returns the steps linked into `stepId` (its parents), without repeats. */
export function getParents(wf: WorkflowData, stepId: string): Step[] {
  const index = indexLinks(wf);
  return stepsAt(
    wf,
    index,
    (index.incoming.get(stepId) ?? []).map((l) => l.source),
  );
}

/** Returns the steps `stepId` links to (its children), without repeats. */
export function getChildren(wf: WorkflowData, stepId: string): Step[] {
  const index = indexLinks(wf);
  return stepsAt(
    wf,
    index,
    (index.outgoing.get(stepId) ?? []).map((l) => l.target),
  );
}

/** Returns the ids of every step upstream of `stepId`, nearest first; safe on cycles. */
export function getAncestorIds(index: LinkIndex, stepId: string): string[] {
  const seen = new Set<string>([stepId]);
  const order: string[] = [];
  const queue = [stepId];
  for (let head = 0; head < queue.length; head++) {
    for (const link of index.incoming.get(queue[head]) ?? []) {
      if (seen.has(link.source)) continue;
      seen.add(link.source);
      order.push(link.source);
      queue.push(link.source);
    }
  }
  return order;
}

/**
 * Returns every step upstream of `stepId`, nearest first: the steps whose output the
 * insert-data picker may offer (editor-core 2.11).
 */
export function getAncestors(wf: WorkflowData, stepId: string): Step[] {
  const index = indexLinks(wf);
  return stepsAt(wf, index, getAncestorIds(index, stepId));
}

/**
 * Adds a link. Ignored (returns `wf`) when source equals target, the pair already exists, or
 * either step is missing (editor-core 4.4).
 */
export function addLink(wf: WorkflowData, link: Pick<Link, 'id' | 'source' | 'target'> & Partial<Link>): WorkflowData {
  const index = indexLinks(wf);
  if (!canLink(index, link.source, link.target)) return wf;
  return { ...wf, links: [...wf.links, createLink(link)] };
}

/**
 * Adds a step, linked after `parentId` and/or before `childId`. When both are given and
 * linked to each other, the step is inserted on that link (see `insertStepOnLink`).
 * Returns `wf` when the step id is taken.
 */
export function addStep(wf: WorkflowData, step: Step, placement: Placement, ids: IdSource): WorkflowData {
  if (indexLinks(wf).stepIndex.has(step.id)) return wf;
  const added = { ...wf, steps: [...wf.steps, step] };
  return placeStep(added, indexLinks(added), step.id, placement, createIdSupplier(ids));
}

/**
 * Inserts a new step on a link: the link keeps its id, filter and delay and now ends at the
 * step; a new plain link `newLinkId` joins the step to the old target. Returns `wf` when
 * the link is missing or the step id is taken.
 */
export function insertStepOnLink(wf: WorkflowData, linkId: string, step: Step, newLinkId: IdSource): WorkflowData {
  if (indexLinks(wf).stepIndex.has(step.id)) return wf;
  if (!wf.links.some((l) => l.id === linkId)) return wf;
  const added = { ...wf, steps: [...wf.steps, step] };
  return splitLink(added, linkId, step.id, createIdSupplier(newLinkId));
}

/**
 * Moves a step: removes its links, bridges each old parent to each old child, then links it
 * to the new parent and/or child or onto a link (editor-core 4.4). Moving onto one of its
 * own links, next to itself, or to where it already is, is a no-op (returns `wf`).
 *
 * @example
 * moveStep(wf, 'b', { linkId: 'c-d' }, env); // a→b→c→d becomes a→c→b→d
 */
export function moveStep(wf: WorkflowData, stepId: string, to: MoveTarget, ids: IdSource): WorkflowData {
  const index = indexLinks(wf);
  const at = index.stepIndex.get(stepId);
  if (at === undefined) return wf;
  const parents = uniqueEnds(index.incoming.get(stepId), 'source');
  const children = uniqueEnds(index.outgoing.get(stepId), 'target');
  let target: Link | undefined;
  if ('linkId' in to) {
    target = wf.links.find((l) => l.id === to.linkId);
    if (!target || target.source === stepId || target.target === stepId) return wf;
  } else {
    if (to.parentId === stepId || to.childId === stepId) return wf;
    const isMissing = (id: string | undefined) => id !== undefined && !index.stepIndex.has(id);
    if (isMissing(to.parentId) || isMissing(to.childId)) return wf;
    const sameParents = sameIds(parents, to.parentId);
    const sameChildren = sameIds(children, to.childId);
    if (sameParents && sameChildren) return withPosition(wf, at, to.position);
  }
  const nextId = createIdSupplier(ids);
  const detached = detachStep(wf, stepId, nextId);
  const moved = withPosition(detached, at, to.position);
  if (target) return splitLink(moved, target.id, stepId, nextId);
  return placeStep(moved, indexLinks(moved), stepId, to as Placement, nextId);
}

/**
 * Duplicates a step: the copy is named 'Duplicated: ' + name, placed `STEP_SPACING_Y` below
 * and linked after the original (onboarding-and-extras 4). The first id from `ids` is the
 * copy's, the next the new link's. The trigger is not duplicated: a workflow has one.
 */
export function duplicateStep(wf: WorkflowData, stepId: string, ids: IdSource): WorkflowData {
  const index = indexLinks(wf);
  const at = index.stepIndex.get(stepId);
  if (at === undefined) return wf;
  const original = wf.steps[at];
  if (original.kind === 'trigger') return wf;
  const nextId = createIdSupplier(ids);
  const copyId = nextId();
  if (index.stepIndex.has(copyId)) return wf;
  const copy: Step = {
    ...original,
    id: copyId,
    position: { x: original.position.x, y: original.position.y + STEP_SPACING_Y },
    data: { ...original.data, name: DUPLICATED_NAME_PREFIX + original.data.name },
  };
  return {
    ...wf,
    steps: [...wf.steps, copy],
    links: [...wf.links, createLink({ id: nextId(), source: stepId, target: copyId })],
  };
}

/**
 * Deletes a step and its links, reconnecting each parent to each child with new plain links,
 * with no self-link and no duplicate (editor-core 4.4).
 */
export function deleteStep(wf: WorkflowData, stepId: string, newLinkId: IdSource): WorkflowData {
  const at = indexOfId(wf.steps, stepId);
  if (at < 0) return wf;
  const detached = detachStep(wf, stepId, createIdSupplier(newLinkId));
  const steps = detached.steps.slice();
  steps.splice(at, 1);
  return { ...detached, steps };
}

/**
 * Renames a step as the user does: the name is the user's from now on, so automatic naming
 * stops (editor-core 4.8); an empty name gives the automatic name back. Returns `wf` when
 * nothing changes or the step is missing.
 */
export function renameStep(wf: WorkflowData, stepId: string, name: string): WorkflowData {
  const step = wf.steps[indexOfId(wf.steps, stepId)];
  if (!step || step.data.name === name) return wf;
  return updateStepData(wf, stepId, renamePatch(step.kind, step.data, name));
}

/** Merges `patch` into a step's data; returns `wf` when nothing changes or the step is missing. */
export function updateStepData(wf: WorkflowData, stepId: string, patch: Partial<StepData>): WorkflowData {
  const at = indexOfId(wf.steps, stepId);
  if (at < 0) return wf;
  const step = wf.steps[at];
  const keys = Object.keys(patch) as (keyof StepData)[];
  if (keys.every((k) => Object.is(step.data[k], patch[k]))) return wf;
  return replaceAt(wf, 'steps', at, { ...step, data: { ...step.data, ...patch } });
}

/** Moves a step on the canvas; returns `wf` when the position is unchanged or the step is missing. */
export function setStepPosition(wf: WorkflowData, stepId: string, position: Step['position']): WorkflowData {
  const at = indexOfId(wf.steps, stepId);
  return at < 0 ? wf : withPosition(wf, at, position);
}

/** Sets a link's filter name and condition groups (editor-core 2.10); returns `wf` when the link is missing. */
export function setLinkFilter(wf: WorkflowData, linkId: string, filter: LinkFilter): WorkflowData {
  const at = indexOfId(wf.links, linkId);
  if (at < 0) return wf;
  const link = wf.links[at];
  if (link.name === filter.name && link.groups === filter.groups) return wf;
  return replaceAt(wf, 'links', at, { ...link, name: filter.name, groups: filter.groups });
}

/**
 * Sets a link's delay in seconds (editor-core 9: unit seconds, default 0). Returns `wf` when
 * the link is missing, the value unchanged, or not a delay by core's rule (./delay.ts: whole
 * seconds from 0 to one year).
 */
export function setLinkDelay(wf: WorkflowData, linkId: string, delaySeconds: number): WorkflowData {
  const at = indexOfId(wf.links, linkId);
  if (at < 0 || delayProblem(delaySeconds) !== undefined) return wf;
  const link = wf.links[at];
  if (link.delaySeconds === delaySeconds) return wf;
  return replaceAt(wf, 'links', at, { ...link, delaySeconds });
}

// --- helpers -------------------------------------------------------------------------------

function pushTo(map: Map<string, Link[]>, key: string, link: Link): void {
  const list = map.get(key);
  if (list) list.push(link);
  else map.set(key, [link]);
}

function canLink(index: LinkIndex, source: string, target: string): boolean {
  return (
    source !== target &&
    index.stepIndex.has(source) &&
    index.stepIndex.has(target) &&
    !index.pairs.has(pairKey(source, target))
  );
}

function stepsAt(wf: WorkflowData, index: LinkIndex, ids: string[]): Step[] {
  const out: Step[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const at = index.stepIndex.get(id);
    if (at === undefined || seen.has(id)) continue;
    seen.add(id);
    out.push(wf.steps[at]);
  }
  return out;
}

function uniqueEnds(links: Link[] | undefined, end: 'source' | 'target'): string[] {
  return [...new Set((links ?? []).map((l) => l[end]))];
}

function sameIds(current: string[], wanted: string | undefined): boolean {
  return wanted === undefined ? current.length === 0 : current.length === 1 && current[0] === wanted;
}

function indexOfId(list: readonly { id: string }[], id: string): number {
  return list.findIndex((item) => item.id === id);
}

function replaceAt<K extends 'steps' | 'links'>(
  wf: WorkflowData,
  key: K,
  at: number,
  item: WorkflowData[K][number],
): WorkflowData {
  const list = wf[key].slice() as WorkflowData[K][number][];
  list[at] = item;
  return { ...wf, [key]: list };
}

function withPosition(wf: WorkflowData, at: number, position: Step['position'] | undefined): WorkflowData {
  const step = wf.steps[at];
  if (!position || (step.position.x === position.x && step.position.y === position.y)) return wf;
  return replaceAt(wf, 'steps', at, { ...step, position: { x: position.x, y: position.y } });
}

/** Removes a step's links and bridges each parent to each child (editor-core 4.4). */
function detachStep(wf: WorkflowData, stepId: string, nextId: () => string): WorkflowData {
  // Two linear scans instead of a full index: this is the hot path of delete and move.
  const links: Link[] = [];
  const parents = new Set<string>();
  const children = new Set<string>();
  for (const link of wf.links) {
    if (link.target === stepId) {
      if (link.source !== stepId) parents.add(link.source);
    } else if (link.source === stepId) children.add(link.target);
    else links.push(link);
  }
  if (links.length === wf.links.length) return wf;
  if (parents.size === 0 || children.size === 0) return { ...wf, links };
  const pairs = new Set<string>();
  for (const link of links) if (parents.has(link.source)) pairs.add(pairKey(link.source, link.target));
  for (const parent of parents) {
    for (const child of children) {
      // A cycle through the step would otherwise bridge a step to itself.
      if (parent === child || pairs.has(pairKey(parent, child))) continue;
      pairs.add(pairKey(parent, child));
      links.push(createLink({ id: nextId(), source: parent, target: child }));
    }
  }
  return { ...wf, links };
}

/** Retargets link `linkId` to `stepId` and adds a plain link from the step to the old target. */
function splitLink(wf: WorkflowData, linkId: string, stepId: string, nextId: () => string): WorkflowData {
  const at = indexOfId(wf.links, linkId);
  const link = wf.links[at];
  const links = wf.links.slice();
  links[at] = { ...link, target: stepId };
  links.push(createLink({ id: nextId(), source: stepId, target: link.target }));
  return { ...wf, links };
}

/** Links a step after its new parent and/or before its new child; on their link if one exists. */
function placeStep(
  wf: WorkflowData,
  index: LinkIndex,
  stepId: string,
  placement: Placement,
  nextId: () => string,
): WorkflowData {
  const { parentId, childId } = placement;
  if (parentId !== undefined && childId !== undefined) {
    const between = (index.outgoing.get(parentId) ?? []).find((l) => l.target === childId);
    if (between) return splitLink(wf, between.id, stepId, nextId);
  }
  const added: Link[] = [];
  if (parentId !== undefined && canLink(index, parentId, stepId)) {
    added.push(createLink({ id: nextId(), source: parentId, target: stepId }));
  }
  if (childId !== undefined && canLink(index, stepId, childId)) {
    added.push(createLink({ id: nextId(), source: stepId, target: childId }));
  }
  return added.length === 0 ? wf : { ...wf, links: [...wf.links, ...added] };
}
