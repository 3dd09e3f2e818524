/**
 * Automatic canvas layout (onboarding 9): top to bottom with dagre.
 */
import dagre from '@dagrejs/dagre';
import type { WorkflowData } from './types.js';

/** Step card width and layout height (onboarding 9). */
export const CARD_WIDTH = 450;
export const CARD_HEIGHT = 80;
/** Horizontal spacing between cards of one rank: editor 20, replay viewer 50 (onboarding 9). */
export const NODE_SPACING = { editor: 20, viewer: 50 } as const;
/** Vertical spacing between ranks (onboarding 9). */
export const RANK_SPACING = 100;
/** The editor's snap grid (onboarding 2 "Snap grid is 20 by 20"). */
export const SNAP_GRID = 20;

/** Where the layout is shown: the editor snaps to its grid, the replay viewer does not. */
export type LayoutMode = 'editor' | 'viewer';

/** A step's top-left corner on the canvas. */
export interface Position {
  x: number;
  y: number;
}

function snap(value: number): number {
  // `+ 0` turns -0 into 0, so snapped positions compare equal to literal zeros.
  return Math.round(value / SNAP_GRID) * SNAP_GRID + 0;
}

/**
 * Lays a workflow out top to bottom and returns each step's new top-left position by id
 * (onboarding 9). Cards are 450 × 80, ranks 100 apart, cards in a rank 20 (editor) or 50
 * (viewer) apart; editor positions are snapped to the 20-pixel grid. Links to unknown steps
 * and self-links are ignored. The workflow itself is not changed.
 *
 * @example
 * const positions = layoutWorkflow(wf, { mode: 'editor' });
 * positions.get(wf.steps[0].id); // { x: 0, y: 0 }
 */
export function layoutWorkflow(wf: WorkflowData, options: { mode: LayoutMode }): Map<string, Position> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: NODE_SPACING[options.mode], ranksep: RANK_SPACING });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set<string>();
  for (const step of wf.steps) {
    ids.add(step.id);
    graph.setNode(step.id, { width: CARD_WIDTH, height: CARD_HEIGHT });
  }
  for (const link of wf.links) {
    if (link.source === link.target || !ids.has(link.source) || !ids.has(link.target)) continue;
    graph.setEdge(link.source, link.target);
  }
  dagre.layout(graph);
  const positions = new Map<string, Position>();
  for (const step of wf.steps) {
    const node = graph.node(step.id);
    // dagre gives centres; the canvas places cards by their top-left corner.
    const x = node.x - CARD_WIDTH / 2;
    const y = node.y - CARD_HEIGHT / 2;
    positions.set(step.id, options.mode === 'editor' ? { x: snap(x), y: snap(y) } : { x, y });
  }
  return positions;
}
