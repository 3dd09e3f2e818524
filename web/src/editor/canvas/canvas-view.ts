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
