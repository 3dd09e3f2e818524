/**
 * Viewport arithmetic for the canvas: the opening view, and which pan keeps the selected card
 * in sight beside the step drawer, which lies over the right of the canvas instead of resizing it.
 */
import { CARD_HEIGHT, CARD_WIDTH } from '@junction/core';
import { getViewportForBounds } from '@xyflow/react';

/** Width of the step and link drawers (px) when the canvas is wider than that. */
export const DRAWER_WIDTH = 440;

/** Space kept between a card brought into view and the canvas or drawer edge (px). */
export const VIEW_MARGIN = 24;

/** React Flow's viewport: screen = flow × zoom + (x, y). */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** A rectangle in flow coordinates. */
export interface FlowRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The size of the canvas pane (px). */
export interface PaneSize {
  width: number;
  height: number;
}

/**
 * Returns the viewport that shows `card` whole in the part of the pane left of a drawer
 * `drawerWidth` px wide, panning as little as possible and keeping the zoom; `null` when the
 * card is already fully visible there (no pan). A card larger than the visible part is
 * aligned on its left/top edge (its name, health dot and menu come first).
 *
 * @example
 * // A card at x 900 (width 300) on a 1280 px canvas, behind a 440 px drawer:
 * viewportShowing({ x: 900, y: 40, width: 300, height: 80 }, { x: 0, y: 0, zoom: 1 },
 *   { width: 1280, height: 700 }, 440); // → { x: -384, y: 0, zoom: 1 }
 */
export function viewportShowing(
  card: FlowRect,
  viewport: Viewport,
  pane: PaneSize,
  drawerWidth: number,
  margin = VIEW_MARGIN,
): Viewport | null {
  const { zoom } = viewport;
  const visibleRight = Math.max(0, pane.width - Math.min(drawerWidth, pane.width));
  const shiftX = axisShift(card.x * zoom + viewport.x, card.width * zoom, 0, visibleRight, margin);
  const shiftY = axisShift(card.y * zoom + viewport.y, card.height * zoom, 0, pane.height, margin);
  if (shiftX === 0 && shiftY === 0) return null;
  return { x: viewport.x + shiftX, y: viewport.y + shiftY, zoom };
}

/** How far (px) to move a span [start, start + size] on screen so it lies within [low, high] less the margin. */
function axisShift(start: number, size: number, low: number, high: number, margin: number): number {
  const end = start + size;
  const inner = high - low - 2 * margin;
  // Not enough room: put the start of the span at the margin.
  if (size > inner) return start === low + margin ? 0 : low + margin - start;
  if (start < low) return low + margin - start;
  if (end > high) return high - margin - end;
  return 0;
}

/** How many of the first steps the opening view may fit. */
export const FIRST_VIEW_STEPS = 6;

/**
 * Returns the opening view of a workflow (onboarding 2 "Editor canvas"): the start of the
 * workflow readable at up to 100 % — those of its first {@link FIRST_VIEW_STEPS} steps whose
 * card shows in the pane at 100 % from the origin (else the first step), fitted with 20 %
 * padding at a zoom between 50 % and 100 %. This is the view React Flow's `fitView` gave with
 * those options on a canvas that renders only the cards in view (it fits the cards it has
 * drawn); known before the canvas renders, the first render draws the cards of that view
 * instead of rendering the origin, fitting and rendering again (BENCHMARKS.md "Editor"). An
 * empty workflow opens at 100 % with the origin at the top left.
 *
 * @example
 * // Two cards 180 px apart on a 1,000 × 744 pane: both show, and fit at 100 %.
 * firstViewport([{ position: { x: 220, y: 40 } }, { position: { x: 220, y: 220 } }], { width: 1000, height: 744 });
 * // → { x: 55, y: 202, zoom: 1 }
 */
export function firstViewport(steps: readonly { position: { x: number; y: number } }[], pane: PaneSize): Viewport {
  const first = steps.slice(0, FIRST_VIEW_STEPS);
  if (first.length === 0) return { x: 0, y: 0, zoom: 1 };
  const inView = first.filter(
    ({ position: { x, y } }) => x < pane.width && x + CARD_WIDTH > 0 && y < pane.height && y + CARD_HEIGHT > 0,
  );
  const shown = inView.length > 0 ? inView : first.slice(0, 1);
  const left = Math.min(...shown.map((s) => s.position.x));
  const top = Math.min(...shown.map((s) => s.position.y));
  const right = Math.max(...shown.map((s) => s.position.x + CARD_WIDTH));
  const bottom = Math.max(...shown.map((s) => s.position.y + CARD_HEIGHT));
  const bounds = { x: left, y: top, width: right - left, height: bottom - top };
  return getViewportForBounds(bounds, pane.width, pane.height, 0.5, 1, 0.2);
}

/** Above this many steps the canvas opens with only the steps around its first view (see {@link stepsAroundView}). */
export const FIRST_VIEW_ALL_STEPS_UP_TO = 100;

/**
 * Returns the ids of the steps React Flow needs for a first frame at `view` on `pane`: every
 * step whose card lies within the view grown by one pane size on each side, and both ends of
 * every link whose cards' bounding box meets that area (a link crossing the view is drawn
 * only when React Flow knows both its steps). The canvas of a large workflow hands React Flow
 * these first and every step once the browser is idle after the first paint: React Flow's
 * adopting, indexing and culling of 1,000 nodes and edges is then not on the path of the
 * first frame (BENCHMARKS.md "Editor"), and the frame draws the same cards and links.
 *
 * @example
 * // A chain 180 px apart on a 1,000 × 700 pane at 100 %: the cards from y −700 to 1,400.
 * stepsAroundView(steps, links, { width: 1000, height: 700 }, { x: 0, y: 0, zoom: 1 });
 */
export function stepsAroundView(
  steps: readonly { id: string; position: { x: number; y: number } }[],
  links: readonly { source: string; target: string }[],
  pane: PaneSize,
  view: Viewport,
): Set<string> {
  const width = pane.width / view.zoom;
  const height = pane.height / view.zoom;
  const left = -view.x / view.zoom - width;
  const top = -view.y / view.zoom - height;
  const right = left + 3 * width;
  const bottom = top + 3 * height;
  const meets = (x1: number, y1: number, x2: number, y2: number) => x1 < right && x2 > left && y1 < bottom && y2 > top;
  const ids = new Set<string>();
  const at = new Map<string, { x: number; y: number }>();
  for (const { id, position } of steps) {
    at.set(id, position);
    if (meets(position.x, position.y, position.x + CARD_WIDTH, position.y + CARD_HEIGHT)) ids.add(id);
  }
  for (const { source, target } of links) {
    const from = at.get(source);
    const to = at.get(target);
    if (!from || !to) continue;
    const x1 = Math.min(from.x, to.x);
    const y1 = Math.min(from.y, to.y);
    const x2 = Math.max(from.x, to.x) + CARD_WIDTH;
    const y2 = Math.max(from.y, to.y) + CARD_HEIGHT;
    if (meets(x1, y1, x2, y2)) {
      ids.add(source);
      ids.add(target);
    }
  }
  return ids;
}
