import { createLink, createNewWorkflow, createStepData, type Step, type WorkflowData } from '@junction/core';
import { describe, expect, it } from 'vitest';
import {
  findLinkAt,
  HEALTH_HEX,
  LINK_STYLE,
  linkLabel,
  movedMessage,
  shouldShowMinimap,
  toEdges,
  toNodes,
} from './canvas-model.js';

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 0 };

function step(id: string, patch: Partial<Step> = {}): Step {
  return { id, kind: 'action', position: { x: 0, y: 0 }, data: createStepData({ name: id }), ...patch };
}

describe('linkLabel (editor-core 3)', () => {
  it('shows the filter name and the delay, else nothing', () => {
    expect(linkLabel({ name: 'Filter: amount', delaySeconds: 30 })).toBe('Filter: amount · Delay: 30s');
    expect(linkLabel({ name: 'Filter: amount', delaySeconds: 0 })).toBe('Filter: amount');
    expect(linkLabel({ name: '', delaySeconds: 30 })).toBe('Delay: 30s');
    expect(linkLabel({ name: '', delaySeconds: 0 })).toBeUndefined();
  });
});

describe('toNodes', () => {
  it('maps the new workflow to two 450 x 80 placeholder cards at their stored places', () => {
    const wf = createNewWorkflow(env, { id: 'wf' });
    const nodes = toNodes(wf, wf.steps[1].id);
    expect(nodes.map((node) => node.data.name)).toEqual(['Click to Add Trigger', 'Click to Add Action']);
    expect(nodes[0].position).toEqual({ x: 220, y: 40 });
    expect(nodes.every((node) => node.width === 450 && node.height === 80)).toBe(true);
    // The trigger stays put; an action card can be picked up only to drop it on a link.
    expect(nodes.map((node) => node.draggable)).toEqual([false, true]);
    expect(nodes.map((node) => node.selected)).toEqual([false, true]);
    expect(nodes.every((node) => node.data.isPlaceholder)).toBe(true);
  });

  it('colours the badge from core health: red untested trigger, orange untested action, green tested', () => {
    const nodes = toNodes(
      {
        steps: [
          step('t', { kind: 'trigger' }),
          step('a'),
          step('b', {
            data: createStepData({ name: 'b', type: 'http', action: 'customRequest', testData: { ok: true } }),
          }),
        ],
      },
      null,
    );
    expect(nodes.map((node) => node.data.healthColor)).toEqual([HEALTH_HEX.red, HEALTH_HEX.orange, HEALTH_HEX.green]);
  });
});

describe('toEdges', () => {
  it('draws every link blue, width 2, with its label', () => {
    const edges = toEdges({ links: [{ ...createLink({ id: 'l', source: 'a', target: 'b' }), delaySeconds: 5 }] });
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ id: 'l', source: 'a', target: 'b', type: 'link', style: LINK_STYLE });
    expect(edges[0].data).toEqual({ label: 'Delay: 5s', hasFilter: false, delaySeconds: 5, isDropTarget: false });
    expect(LINK_STYLE).toEqual({ stroke: '#0069ea', strokeWidth: 2 });
  });

  it('marks a filtered link and the link a dragged card would land on', () => {
    const filtered = {
      ...createLink({ id: 'f', source: 'a', target: 'b' }),
      name: 'Filter: amount',
      groups: [[{ lhs: '${a.amount}', conditionType: 'greaterThan' as const, rhs: '10' }]],
    };
    const edges = toEdges({ links: [filtered, createLink({ id: 'p', source: 'b', target: 'c' })] }, 'p');
    expect(edges.map((edge) => [edge.data?.label, edge.data?.hasFilter, edge.data?.isDropTarget])).toEqual([
      ['Filter: amount', true, false],
      [undefined, false, true],
    ]);
  });
});

describe('findLinkAt (drag a step onto a link)', () => {
  // a (0,0) -> b (0,200) -> c (0,400); d sits to the side.
  const wf = {
    steps: [
      step('a', { position: { x: 0, y: 0 } }),
      step('b', { position: { x: 0, y: 200 } }),
      step('c', { position: { x: 0, y: 400 } }),
      step('d', { position: { x: 600, y: 200 } }),
    ],
    links: [createLink({ id: 'ab', source: 'a', target: 'b' }), createLink({ id: 'bc', source: 'b', target: 'c' })],
  };

  it('finds the link under a point between two cards (their centre line is x = 225)', () => {
    expect(findLinkAt(wf, { x: 230, y: 140 }, 'd')).toBe('ab');
    expect(findLinkAt(wf, { x: 215, y: 330 }, 'd')).toBe('bc');
  });

  it('ignores points far from every link and the dragged step’s own links', () => {
    expect(findLinkAt(wf, { x: 800, y: 140 }, 'd')).toBeUndefined();
    expect(findLinkAt(wf, { x: 230, y: 140 }, 'b')).toBeUndefined();
  });

  it('words the message as the spec does', () => {
    expect(movedMessage('Send e-mail')).toBe('Step Send e-mail was moved');
  });
});

describe('shouldShowMinimap (onboarding 2)', () => {
  it('shows the minimap only above 8 elements', () => {
    const make = (steps: number, links: number): Pick<WorkflowData, 'steps' | 'links'> => ({
      steps: Array.from({ length: steps }, (_, i) => step(`s${i}`)),
      links: Array.from({ length: links }, (_, i) => createLink({ id: `l${i}`, source: 's0', target: 's1' })),
    });
    expect(shouldShowMinimap(make(5, 3))).toBe(false);
    expect(shouldShowMinimap(make(5, 4))).toBe(true);
  });
});
