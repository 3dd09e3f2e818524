import { createLink, createNewWorkflow, createStepData, type Step, type WorkflowData } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { HEALTH_HEX, LINK_STYLE, linkLabel, shouldShowMinimap, toEdges, toNodes } from './canvas-model.js';

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 0 };

function step(id: string, patch: Partial<Step> = {}): Step {
  return { id, kind: 'action', position: { x: 0, y: 0 }, data: createStepData({ name: id }), ...patch };
}

describe('linkLabel (editor-core 3)', () => {
  it('shows the filter name, else the delay, else nothing', () => {
    expect(linkLabel({ name: 'Filter: amount greater than 10', delaySeconds: 30 })).toBe(
      'Filter: amount greater than 10',
    );
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
    expect(nodes.every((node) => node.width === 450 && node.height === 80 && node.draggable === false)).toBe(true);
    expect(nodes.map((node) => node.selected)).toEqual([false, true]);
    expect(nodes.every((node) => node.data.isPlaceholder)).toBe(true);
  });

  it('colours the badge from core health: red trigger without event, orange untested action, green tested', () => {
    const nodes = toNodes(
      {
        steps: [
          step('t', { kind: 'trigger' }),
          step('a'),
          step('b', { data: createStepData({ name: 'b', type: 'http', testData: { ok: true } }) }),
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
    expect(edges[0]).toMatchObject({ id: 'l', source: 'a', target: 'b', label: 'Delay: 5s', style: LINK_STYLE });
    expect(LINK_STYLE).toEqual({ stroke: '#0069ea', strokeWidth: 2 });
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
