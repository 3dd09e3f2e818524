import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  draftAfterSave,
  type LifecycleAction,
  type LifecycleState,
  lifecycleStateOf,
  saveTarget,
  lifecycleTransition,
} from './lifecycle.js';
import { createStepData, type WorkflowData } from './types.js';

const published: WorkflowData = {
  id: 'w',
  name: 'W',
  active: true,
  steps: [
    {
      id: 't',
      kind: 'trigger',
      position: { x: 0, y: 0 },
      data: createStepData({ name: 'T', triggerMessage: 'Listening' }),
    },
  ],
  links: [],
};

describe('workflow lifecycle', () => {
  it('OFF is edited in place; ON edits a draft; publish and discard return to live', () => {
    expect(lifecycleStateOf({ active: false, hasDraft: false })).toBe('off');
    expect(lifecycleStateOf({ active: true, hasDraft: false })).toBe('live');
    expect(lifecycleStateOf({ active: true, hasDraft: true })).toBe('draft');
    expect(saveTarget('off')).toBe('document');
    expect(saveTarget('live')).toBe('draft');
    expect(lifecycleTransition('live', 'edit')).toEqual({ ok: true, next: 'draft' });
    expect(lifecycleTransition('draft', 'edit', false)).toEqual({ ok: true, next: 'live' });
    expect(lifecycleTransition('draft', 'publish')).toEqual({ ok: true, next: 'live' });
    expect(lifecycleTransition('draft', 'discard')).toEqual({ ok: true, next: 'live' });
    expect(lifecycleTransition('off', 'edit')).toEqual({ ok: true, next: 'off' });
    expect(lifecycleTransition('draft', 'switchOff')).toEqual({ ok: true, next: 'off' });
    expect(lifecycleTransition('off', 'publish')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('switch it ON'),
    });
    expect(lifecycleTransition('live', 'publish')).toMatchObject({
      ok: false,
      reason: 'There are no unpublished changes to publish.',
    });
    expect(lifecycleTransition('live', 'discard')).toMatchObject({ ok: false });
  });

  it('for any sequence of actions: OFF never has a draft, and publish applies only to a draft', () => {
    const actions: LifecycleAction[] = ['edit', 'publish', 'discard', 'switchOn', 'switchOff', 'restore'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...actions), fc.boolean()), { maxLength: 30 }), (steps) => {
        let state: LifecycleState = 'off';
        for (const [action, changed] of steps) {
          const out = lifecycleTransition(state, action, changed);
          if (action === 'publish') expect(out.ok).toBe(state === 'draft');
          if (out.ok) {
            if (action === 'switchOn' || action === 'publish' || action === 'discard') expect(out.next).toBe('live');
            if (action === 'switchOff') expect(out.next).toBe('off');
            if (state === 'off' && action !== 'switchOn') expect(out.next).toBe('off');
            state = out.next;
          }
          expect(['off', 'live', 'draft']).toContain(state);
        }
      }),
    );
  });

  it('a save equal to the published document leaves no draft (the trigger message and active aside)', () => {
    const same = {
      ...published,
      active: false,
      steps: [{ ...published.steps[0], data: { ...published.steps[0].data, triggerMessage: '' } }],
    };
    expect(draftAfterSave(published, same)).toBeNull();
    // The same document with its keys in another order (as jsonb answers it) is the same.
    const reordered = JSON.parse(
      JSON.stringify({ links: [], steps: published.steps, name: 'W', id: 'w', active: true }),
    );
    expect(draftAfterSave(published, reordered)).toBeNull();
    const renamed = { ...published, name: 'W2', active: false };
    expect(draftAfterSave(published, renamed)).toEqual({ ...renamed, active: true });
  });
});
