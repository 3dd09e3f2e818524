/**
 * Maps a workflow (steps and links) to React Flow's nodes and edges: the canvas adapter, the
 * one place where "node" and "edge" are the words (STYLE "One vocabulary").
 */
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  HEALTH_COLORS,
  ISSUE_TEXTS,
  type Link,
  type Step,
  type StepHealth,
  type StepData,
  stepHealth,
  testStateOf,
  type WorkflowData,
} from '@junction/core';

import { type Edge, type Node, Position } from '@xyflow/react';

/** The minimap appears only above this many canvas elements (onboarding 2 "Editor canvas"). */
export const MINIMAP_MIN_ELEMENTS = 8;

/** Link colour and width (editor-core 3 "Filter connection"). */
export const LINK_STYLE = { stroke: '#0069ea', strokeWidth: 2 } as const;

/** Badge colours per health, from core's colour names (onboarding 4 "Node health badges"). */
export const HEALTH_HEX: Readonly<Record<'red' | 'orange' | 'green', string>> = {
  red: '#d32f2f',
  orange: '#ed6c02',
  green: '#2e7d32',
};

/** What a step card shows; the node's `data`. */
export interface StepCardData extends Record<string, unknown> {
  stepId: string;
  name: string;
  /** App display name, '' while a placeholder. */
  appLabel: string;
  /** App icon URL, '' when none. */
  icon: string;
  kind: Step['kind'];
  health: StepHealth;
  /** The badge colour for `health`. */
  healthColor: string;
  isPlaceholder: boolean;
  /** A failed or out-of-date test (core's `testStateOf`), shown on the card with Retest; null otherwise. */
  testProblem: TestProblem | null;
}

/** What a card says about a test that keeps the workflow from being switched ON (editor-core 4.8). */
export interface TestProblem {
  status: 'failed' | 'stale';
  /** 'Test data error.' or the out-of-date text (core's issue texts). */
  title: string;
  /** The failed test's error; '' for an out-of-date sample. */
  detail: string;
}

/**
 * Returns the test problem of a step from core's test state: a failed test with its error, or
 * a sample that no longer matches the step; null when untested or tested.
 */
export function testProblemOf(data: StepData): TestProblem | null {
  const state = testStateOf(data);
  if (state.status === 'failed') return { status: 'failed', title: ISSUE_TEXTS.testDataError, detail: state.error };
  if (state.status === 'stale') return { status: 'stale', title: ISSUE_TEXTS.staleTestData, detail: '' };
  return null;
}

/** A React Flow node that renders a step card. */
export type StepNode = Node<StepCardData, 'step'>;

/**
 * Returns a link's label (editor-core 3): its filter name and 'Delay: Ns' when it delays,
 * joined by ' · '; undefined on a plain link.
 *
 * @example
 * linkLabel({ ...link, name: '', delaySeconds: 30 }); // 'Delay: 30s'
 * linkLabel({ ...link, name: 'Filter: amount', delaySeconds: 30 }); // 'Filter: amount · Delay: 30s'
 */
export function linkLabel(link: Pick<Link, 'name' | 'delaySeconds'>): string | undefined {
  const parts = [link.name, link.delaySeconds > 0 ? `Delay: ${link.delaySeconds}s` : ''].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

// Card data per step object: the model keeps unchanged steps' objects, so selecting a step
// or editing one recomputes only what changed (a 1,000-step canvas stays quick).
const cardDataCache = new WeakMap<Step, StepCardData>();

/**
 * Returns the card data of one step (name, app, icon, health badge colour). `health` is the
 * step's badge from the workflow's issues (core's `workflowHealth`); without it the step's own
 * issues decide.
 */
export function toStepCardData(step: Step, health: StepHealth = stepHealth(step)): StepCardData {
  const cached = cardDataCache.get(step);
  if (cached && cached.health === health) return cached;
  const data = buildStepCardData(step, health);
  cardDataCache.set(step, data);
  return data;
}

function buildStepCardData(step: Step, health: StepHealth): StepCardData {
  return {
    stepId: step.id,
    name: step.data.name,
    appLabel: step.data.label,
    icon: step.data.icon,
    kind: step.kind,
    health,
    healthColor: HEALTH_HEX[HEALTH_COLORS[health]],
    isPlaceholder: step.data.type === '',
    testProblem: testProblemOf(step.data as StepData),
  };
}

/**
 * Returns the React Flow nodes of a workflow's steps at their stored positions; the selected
 * step is marked selected. Cards are 450 × 80. They are never freely draggable: an action
 * card can be picked up only to drop it onto a link (the canvas puts it back otherwise);
 * the trigger stays where it is.
 */
export function toNodes(
  wf: Pick<WorkflowData, 'steps'>,
  selectedStepId: string | null,
  /** Each step's badge, from core's `workflowHealth` (so badges agree with the issues list). */
  health?: ReadonlyMap<string, StepHealth>,
): StepNode[] {
  return wf.steps.map((step) => toNode(step, step.id === selectedStepId, health?.get(step.id)));
}

/** React Flow's handle box (px). */
const HANDLE_SIZE = 6;

/**
 * Where each card's two handles sit (top and bottom centre). Known up front, React Flow need
 * not mount every card once to measure them, so a 1,000-step workflow renders only the cards
 * in view.
 */
export const CARD_HANDLES: NonNullable<StepNode['handles']> = [
  {
    type: 'target',
    position: Position.Top,
    x: CARD_WIDTH / 2 - HANDLE_SIZE / 2,
    y: -HANDLE_SIZE / 2,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  },
  {
    type: 'source',
    position: Position.Bottom,
    x: CARD_WIDTH / 2 - HANDLE_SIZE / 2,
    y: CARD_HEIGHT - HANDLE_SIZE / 2,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  },
];

/**
 * A card's size as React Flow measures it (its node box is sized by `width`/`height`). Given
 * up front with the handles, React Flow's first measuring of the cards in view finds nothing
 * changed, and skips the store update and re-render it would otherwise make.
 */
const CARD_SIZE: NonNullable<StepNode['measured']> = { width: CARD_WIDTH, height: CARD_HEIGHT };

// Node objects per step object and selection: React Flow (and its minimap) skip nodes whose
// object is unchanged, so selecting one of 1,000 steps updates two nodes, not all of them.
const nodeCache = new WeakMap<Step, { selected?: StepNode; plain?: StepNode }>();

function toNode(step: Step, selected: boolean, health?: StepHealth): StepNode {
  let entry = nodeCache.get(step);
  if (!entry) {
    entry = {};
    nodeCache.set(step, entry);
  }
  const key = selected ? 'selected' : 'plain';
  const data = toStepCardData(step, health);
  const cached = entry[key];
  if (cached && cached.data === data) return cached;
  const node: StepNode = {
    id: step.id,
    type: 'step',
    position: step.position,
    data,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    draggable: step.kind !== 'trigger',
    selected,
    handles: CARD_HANDLES,
    measured: CARD_SIZE,
  };
  entry[key] = node;
  return node;
}

/** What a link edge carries to its label. */
export interface LinkEdgeData extends Record<string, unknown> {
  /** The label text (filter name or delay); undefined on a plain link. */
  label: string | undefined;
  hasFilter: boolean;
  delaySeconds: number;
  /** True while a dragged card hovers over this link. */
  isDropTarget: boolean;
}

/** A React Flow edge that draws a link. */
export type LinkEdgeType = Edge<LinkEdgeData, 'link'>;

/**
 * Returns the React Flow edges of a workflow's links: blue, width 2, labelled with their filter
 * or delay (editor-core 3); `dropLinkId` marks the link a dragged card would land on.
 */
export function toEdges(wf: Pick<WorkflowData, 'links'>, dropLinkId?: string): LinkEdgeType[] {
  return wf.links.map((link) => toEdge(link, link.id === dropLinkId));
}

// Edge objects per link object, as for nodes.
const edgeCache = new WeakMap<Link, { target?: LinkEdgeType; plain?: LinkEdgeType }>();

function toEdge(link: Link, isDropTarget: boolean): LinkEdgeType {
  let entry = edgeCache.get(link);
  if (!entry) {
    entry = {};
    edgeCache.set(link, entry);
  }
  const key = isDropTarget ? 'target' : 'plain';
  const cached = entry[key];
  if (cached) return cached;
  const edge = buildEdge(link, isDropTarget);
  entry[key] = edge;
  return edge;
}

function buildEdge(link: Link, isDropTarget: boolean): LinkEdgeType {
  return {
    id: link.id,
    source: link.source,
    target: link.target,
    type: 'link',
    animated: false,
    style: LINK_STYLE,
    data: {
      label: linkLabel(link),
      hasFilter: link.groups.some((group) => group.length > 0) || link.name !== '',
      delaySeconds: link.delaySeconds,
      isDropTarget,
    },
  };
}

/** Returns true when the minimap shows: more than 8 canvas elements (steps plus links). */
export function shouldShowMinimap(wf: Pick<WorkflowData, 'steps' | 'links'>): boolean {
  return wf.steps.length + wf.links.length > MINIMAP_MIN_ELEMENTS;
}

/** A point on the canvas, in flow coordinates. */
export interface CanvasPoint {
  x: number;
  y: number;
}

/** How close (flow pixels) a drop must be to a link to land on it. */
export const LINK_DROP_TOLERANCE = 30;

function distanceToSegment(p: CanvasPoint, a: CanvasPoint, b: CanvasPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * Returns the corner points of a link as the canvas draws it (a smooth-step path): from the
 * bottom centre of its source card down to half-way, across, and down to the top centre of
 * its target card.
 */
export function linkPolyline(source: CanvasPoint, target: CanvasPoint): CanvasPoint[] {
  const start = { x: source.x + CARD_WIDTH / 2, y: source.y + CARD_HEIGHT };
  const end = { x: target.x + CARD_WIDTH / 2, y: target.y };
  const midY = (start.y + end.y) / 2;
  return [start, { x: start.x, y: midY }, { x: end.x, y: midY }, end];
}

/**
 * Returns the id of the link nearest to `point` within {@link LINK_DROP_TOLERANCE}, ignoring
 * links that start or end at `stepId` (a step cannot be moved onto its own link); undefined
 * when none is near. Used when a card is dropped ('Step ... was moved').
 *
 * @example
 * findLinkAt(wf, { x: 445, y: 150 }, 'dragged'); // 'link-1'
 */
export function findLinkAt(
  wf: Pick<WorkflowData, 'steps' | 'links'>,
  point: CanvasPoint,
  stepId?: string,
  tolerance = LINK_DROP_TOLERANCE,
): string | undefined {
  const positions = new Map(wf.steps.map((step) => [step.id, step.position]));
  let best: { id: string; distance: number } | undefined;
  for (const link of wf.links) {
    if (link.source === stepId || link.target === stepId) continue;
    const source = positions.get(link.source);
    const target = positions.get(link.target);
    if (!source || !target) continue;
    const line = linkPolyline(source, target);
    for (let i = 1; i < line.length; i += 1) {
      const distance = distanceToSegment(point, line[i - 1], line[i]);
      if (distance <= tolerance && (!best || distance < best.distance)) best = { id: link.id, distance };
    }
  }
  return best?.id;
}

/** The message shown after a card is dropped on a link (onboarding 4 "Canvas actions"). */
export function movedMessage(stepName: string): string {
  return `Step ${stepName} was moved`;
}
