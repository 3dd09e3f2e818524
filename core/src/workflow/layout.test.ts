import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, layoutWorkflow } from './layout.js';
import { createStepData, type Link, type Step, type WorkflowData } from './types.js';

const step = (id: string): Step => ({
  id,
  kind: 'action',
  position: { x: 999, y: 999 },
  data: createStepData({ name: id }),
});
const link = (source: string, target: string): Link => ({
  id: `${source}-${target}`,
  source,
  target,
  name: '',
  groups: [],
  delaySeconds: 0,
});
const wf = (ids: string[], links: Link[]): WorkflowData => ({
  id: 'w',
  name: 'W',
  active: false,
  steps: ids.map(step),
  links,
});

describe('layoutWorkflow', () => {
  it('lays a chain top to bottom, ranks 80 + 100 apart, aligned in x', () => {
    const positions = layoutWorkflow(wf(['a', 'b', 'c'], [link('a', 'b'), link('b', 'c')]), { mode: 'viewer' });
    const [a, b, c] = ['a', 'b', 'c'].map((id) => positions.get(id)!);
    expect(b.y - a.y).toBe(CARD_HEIGHT + 100);
    expect(c.y - b.y).toBe(CARD_HEIGHT + 100);
    expect(new Set([a.x, b.x, c.x]).size).toBe(1);
  });

  it('spaces siblings by the card width plus 20 in the editor and 50 in the viewer', () => {
    const branch = wf(['t', 'x', 'y'], [link('t', 'x'), link('t', 'y')]);
    const gap = (mode: 'editor' | 'viewer') => {
      const p = layoutWorkflow(branch, { mode });
      return Math.abs(p.get('y')!.x - p.get('x')!.x);
    };
    expect(gap('viewer')).toBe(CARD_WIDTH + 50);
    // Snapping moves each corner by at most 10, so the editor gap is 470 ± 20, never 500.
    expect(Math.abs(gap('editor') - (CARD_WIDTH + 20))).toBeLessThanOrEqual(20);
    expect(gap('editor')).toBeLessThan(CARD_WIDTH + 50);
  });

  it('returns top-left corners: the root of a chain starts at the origin', () => {
    const p = layoutWorkflow(wf(['a', 'b'], [link('a', 'b')]), { mode: 'viewer' });
    expect(p.get('a')).toEqual({ x: 0, y: 0 });
  });

  it('snaps every editor position to the 20 grid', () => {
    const ids = ['t', 'a', 'b', 'c', 'd', 'e'];
    const links = [link('t', 'a'), link('t', 'b'), link('t', 'c'), link('a', 'd'), link('c', 'e'), link('b', 'e')];
    for (const pos of layoutWorkflow(wf(ids, links), { mode: 'editor' }).values()) {
      expect(pos.x % 20).toBe(0);
      expect(pos.y % 20).toBe(0);
    }
  });

  it('ignores self-links and links to unknown steps, and leaves the workflow unchanged', () => {
    const w = wf(['a', 'b'], [link('a', 'a'), link('a', 'ghost'), link('a', 'b')]);
    const p = layoutWorkflow(w, { mode: 'editor' });
    expect([...p.keys()]).toEqual(['a', 'b']);
    expect(p.get('b')!.y).toBeGreaterThan(p.get('a')!.y);
    expect(w.steps[0].position).toEqual({ x: 999, y: 999 });
  });
});
