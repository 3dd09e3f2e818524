/**
 * Maps a workflow (steps and links) to React Flow's nodes and edges: the canvas adapter, the
 * one place where "node" and "edge" are the words (STYLE "One vocabulary").
 */
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  HEALTH_COLORS,
  type Link,
  type Step,
  type StepHealth,
  stepHealth,
  type WorkflowData,
} from '@junction/core';
import type { Edge, Node } from '@xyflow/react';

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
}

/** A React Flow node that renders a step card. */
export type StepNode = Node<StepCardData, 'step'>;

/**
 * Returns a link's label: its filter name, else 'Delay: Ns' when it delays, else undefined
 * (editor-core 3).
 *
 * @example
 * linkLabel({ ...link, name: '', delaySeconds: 30 }); // 'Delay: 30s'
 */
export function linkLabel(link: Pick<Link, 'name' | 'delaySeconds'>): string | undefined {
  if (link.name) return link.name;
  if (link.delaySeconds > 0) return `Delay: ${link.delaySeconds}s`;
  return undefined;
}

/** Returns the card data of one step (name, app, icon, health badge colour). */
export function toStepCardData(step: Step): StepCardData {
  const health = stepHealth(step);
  return {
    stepId: step.id,
    name: step.data.name,
    appLabel: step.data.label,
    icon: step.data.icon,
    kind: step.kind,
    health,
    healthColor: HEALTH_HEX[HEALTH_COLORS[health]],
    isPlaceholder: step.data.type === '',
  };
}

/**
 * Returns the React Flow nodes of a workflow's steps at their stored positions; the selected
 * step is marked selected. Cards are 450 × 80 and never freely draggable.
 */
export function toNodes(wf: Pick<WorkflowData, 'steps'>, selectedStepId: string | null): StepNode[] {
  return wf.steps.map((step) => ({
    id: step.id,
    type: 'step',
    position: step.position,
    data: toStepCardData(step),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    draggable: false,
    selected: step.id === selectedStepId,
  }));
}

/** Returns the React Flow edges of a workflow's links: blue, width 2, labelled (editor-core 3). */
export function toEdges(wf: Pick<WorkflowData, 'links'>): Edge[] {
  return wf.links.map((link) => ({
    id: link.id,
    source: link.source,
    target: link.target,
    type: 'smoothstep',
    animated: false,
    label: linkLabel(link),
    style: LINK_STYLE,
    labelBgPadding: [6, 3] as [number, number],
    labelBgBorderRadius: 4,
  }));
}

/** Returns true when the minimap shows: more than 8 canvas elements (steps plus links). */
export function shouldShowMinimap(wf: Pick<WorkflowData, 'steps' | 'links'>): boolean {
  return wf.steps.length + wf.links.length > MINIMAP_MIN_ELEMENTS;
}
