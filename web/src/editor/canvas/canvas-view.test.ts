import { describe, expect, it } from 'vitest';
import { DRAWER_WIDTH, firstViewport, stepsAroundView, viewportShowing } from './canvas-view.js';

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

describe('firstViewport (the opening view)', () => {
  const chain = (count: number) => Array.from({ length: count }, (_, i) => ({ position: { x: 220, y: 40 + i * 180 } }));

  it('fits the first cards that show at 100 % from the origin, at most 100 %', () => {
    // A 744 px high pane shows the cards at 40, 220, 400 and 580 (620 px with their height).
    expect(firstViewport(chain(1000), { width: 1032, height: 744 })).toEqual({ x: 71, y: 22, zoom: 1 });
    expect(firstViewport(chain(2), { width: 1000, height: 744 })).toEqual({ x: 55, y: 202, zoom: 1 });
  });

  it('zooms out to at most 50 % when the cards in view need it', () => {
    const wide = [0, 500, 1000].map((x) => ({ position: { x, y: 0 } }));
    expect(firstViewport(wide, { width: 1200, height: 700 }).zoom).toBeCloseTo(0.69, 2);
    const spread = [0, 390].map((x) => ({ position: { x, y: 0 } }));
    expect(firstViewport(spread, { width: 400, height: 700 }).zoom).toBe(0.5);
  });

  it('fits the first step when none of the first cards shows, and the origin when there is none', () => {
    const far = [{ position: { x: 5000, y: 5000 } }, { position: { x: 6000, y: 5000 } }];
    expect(firstViewport(far, { width: 1000, height: 700 })).toEqual({ x: -4725, y: -4690, zoom: 1 });
    expect(firstViewport([], { width: 1000, height: 700 })).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});

describe('stepsAroundView (the steps React Flow gets for the first frame of a large workflow)', () => {
  const chain = Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, position: { x: 220, y: 40 + i * 180 } }));
  const links = chain.slice(1).map((step, i) => ({ source: `s${i}`, target: step.id }));

  it('keeps the cards within one pane around the view, and the ends of the links that reach it', () => {
    const view = { x: 0, y: 0, zoom: 1 };
    const ids = stepsAroundView(chain, links, { width: 1000, height: 700 }, view);
    // Cards from y −700 to 1,400 (s0 … s7), and s8, the far end of the link leaving s7.
    expect([...ids].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
    ]);
  });

  it('follows the zoom and pan of the view', () => {
    // At 50 %, panned down to s100: the area is 2,000 × 1,400 flow px around y 18,040.
    const ids = stepsAroundView(chain, links, { width: 1000, height: 700 }, { x: 0, y: -9020, zoom: 0.5 });
    expect(ids.has('s100')).toBe(true);
    expect(ids.has('s92')).toBe(true);
    expect(ids.has('s90')).toBe(false);
    expect(ids.has('s0')).toBe(false);
    expect(ids.size).toBeLessThan(40);
  });

  it('keeps both ends of a long link that crosses the view', () => {
    const far = [
      { id: 'a', position: { x: 0, y: -5000 } },
      { id: 'b', position: { x: 0, y: 5000 } },
    ];
    const ids = stepsAroundView(
      far,
      [{ source: 'a', target: 'b' }],
      { width: 1000, height: 700 },
      { x: 0, y: 0, zoom: 1 },
    );
    expect([...ids]).toEqual(['a', 'b']);
  });
});
