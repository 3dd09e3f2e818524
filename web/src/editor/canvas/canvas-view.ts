/**
 * Viewport arithmetic for the canvas: which pan keeps the selected card in sight beside the
 * step drawer, which lies over the right of the canvas instead of resizing it.
 */

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
