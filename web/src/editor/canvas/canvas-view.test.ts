import { describe, expect, it } from 'vitest';
import { DRAWER_WIDTH, viewportShowing } from './canvas-view.js';

const pane = { width: 1280, height: 700 };
const card = { x: 900, y: 40, width: 300, height: 80 };

describe('viewportShowing (the step drawer keeps the selected card in view)', () => {
  it('pans left so a card under the drawer ends 24 px left of it', () => {
    const next = viewportShowing(card, { x: 0, y: 0, zoom: 1 }, pane, DRAWER_WIDTH);
    expect(next).toEqual({ x: -384, y: 0, zoom: 1 });
    // The card's right edge is now left of the drawer.
    expect(card.x + card.width + (next?.x ?? 0)).toBe(pane.width - DRAWER_WIDTH - 24);
  });

  it('does not pan when the card is already fully visible beside the drawer', () => {
    expect(viewportShowing({ ...card, x: 100 }, { x: 0, y: 0, zoom: 1 }, pane, DRAWER_WIDTH)).toBeNull();
  });

  it('keeps the zoom and works in screen pixels at other zooms', () => {
    const next = viewportShowing(card, { x: 10, y: 0, zoom: 0.5 }, pane, DRAWER_WIDTH);
    // At 50 % the card spans 460..610 on screen: visible (right edge 840 − 24).
    expect(next).toBeNull();
    const zoomed = viewportShowing(card, { x: 0, y: 0, zoom: 2 }, pane, DRAWER_WIDTH);
    expect(zoomed?.zoom).toBe(2);
    expect((card.x + card.width) * 2 + (zoomed?.x ?? 0)).toBe(pane.width - DRAWER_WIDTH - 24);
  });

  it('brings a card above or left of the pane back in', () => {
    expect(viewportShowing({ ...card, x: -50, y: -100 }, { x: 0, y: 0, zoom: 1 }, pane, DRAWER_WIDTH)).toEqual({
      x: 74,
      y: 124,
      zoom: 1,
    });
  });

  it('aligns a card wider than the room left on its left edge', () => {
    const next = viewportShowing(card, { x: 0, y: 0, zoom: 1 }, { width: 500, height: 700 }, DRAWER_WIDTH);
    expect(card.x + (next?.x ?? 0)).toBe(24);
  });
});
