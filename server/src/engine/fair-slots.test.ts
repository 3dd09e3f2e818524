import { describe, expect, it } from 'vitest';
import { createFairSlots } from './fair-slots.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Work that stays open until released; records the order it started in. */
function heldWork() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  return {
    started,
    work: (name: string) => () => {
      started.push(name);
      return new Promise<void>((resolve) => releases.push(resolve));
    },
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

describe('fair slots (WORKER_TENANT_SHARE)', () => {
  it("caps one workspace at its share and gives another's work the free slots", async () => {
    const slots = createFairSlots(4, 2);
    const held = heldWork();
    const runs = Array.from({ length: 6 }, (_, i) => slots.run('a', held.work(`a-${i}`)));
    runs.push(slots.run('b', held.work('b-0')));
    await flush();
    expect(held.started).toEqual(['a-0', 'a-1', 'b-0']);
    expect(slots.held('a')).toBe(6);
    expect(slots.held('b')).toBe(1);
    held.releaseAll();
    await flush();
    await flush();
    expect(held.started).toEqual(['a-0', 'a-1', 'b-0', 'a-2', 'a-3']);
    for (let i = 0; i < 4 && held.started.length < 7; i++) {
      held.releaseAll();
      await flush();
      await flush();
    }
    held.releaseAll();
    await Promise.all(runs);
    expect(held.started).toHaveLength(7);
    expect(slots.held('a')).toBe(0);
  });

  it('does not cap work without a workspace', async () => {
    const slots = createFairSlots(3, 1);
    const held = heldWork();
    const runs = ['x', 'y', 'z'].map((name) => slots.run('', held.work(name)));
    await flush();
    expect(held.started).toEqual(['x', 'y', 'z']);
    held.releaseAll();
    await Promise.all(runs);
  });
});
