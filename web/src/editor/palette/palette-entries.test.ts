import { createNewWorkflow, createWorkflowModel } from '@junction/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLayout } from '../canvas/canvas-actions.js';
import { applyStepEntry, linkForTool, PALETTE_ENTRIES, PALETTE_TABS } from './palette-entries.js';

// Adding a step lays the canvas out with core's layout, a chunk the editor loads on first use.
beforeAll(() => loadLayout());

function newWorkflow() {
  let n = 0;
  const env = { newId: () => `id-${++n}`, now: () => 0 };
  return createWorkflowModel(createNewWorkflow(env, { id: 'wf' }), env);
}

describe('palette entries (editor-core 1)', () => {
  it('has the tabs TRIGGERS, ACTIONS and TOOLS with a CRM trigger and an IF branch', () => {
    expect(PALETTE_TABS).toEqual(['TRIGGERS', 'ACTIONS', 'TOOLS']);
    expect(PALETTE_ENTRIES.TRIGGERS.some((e) => e.effect.kind === 'trigger' && e.effect.app === 'demo-crm')).toBe(true);
    expect(PALETTE_ENTRIES.ACTIONS.length).toBeGreaterThan(0);
    expect(PALETTE_ENTRIES.TOOLS.some((e) => e.effect.kind === 'link' && e.effect.panel === 'filter')).toBe(true);
  });

  it('a trigger entry sets the trigger app and starts its event over, without an undo entry', () => {
    const wf = newWorkflow();
    const entry = PALETTE_ENTRIES.TRIGGERS.find((e) => e.id === 'webhook-trigger')!;
    const step = applyStepEntry(wf, entry, null);
    expect(step?.kind).toBe('trigger');
    expect(step?.data).toMatchObject({
      type: 'webhook',
      label: 'Webhook',
      name: 'Webhook',
      action: '',
      hasauth: false,
    });
    expect(wf.steps).toHaveLength(2);
  });

  it('an action entry adds a step after the last one ("add step")', () => {
    const wf = newWorkflow();
    const entry = PALETTE_ENTRIES.ACTIONS.find((e) => e.id === 'http-action')!;
    const step = applyStepEntry(wf, entry, null);
    expect(wf.steps).toHaveLength(3);
    expect(step?.data.type).toBe('http');
    expect(wf.links.some((l) => l.source === wf.steps[1].id && l.target === step?.id)).toBe(true);
    expect(wf.history.undoDescriptions(1)).toEqual(['add step']);
  });

  it('a tool entry opens the link into the selected step, else the last link', () => {
    const wf = newWorkflow();
    expect(linkForTool(wf, wf.steps[1].id)).toBe(wf.links[0].id);
    expect(linkForTool(wf, null)).toBe(wf.links[0].id);
  });
});
