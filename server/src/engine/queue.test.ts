import { describe, expect, it } from 'vitest';
import { createMemoryQueue } from './queue.js';

/** A handler whose runs stay open until released; records the order runs started in. */
function heldRuns() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const handler = (id: string) => {
    started.push(id);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return {
    started,
    handler,
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('in-process queue: workspaces share the runner fairly', () => {
  it("starts another workspace's run while one workspace has a thousand queued", async () => {
    const queue = createMemoryQueue({ concurrency: 4, onError: () => undefined });
    const runs = heldRuns();
    await queue.consume(runs.handler);
    queue.enqueue(
      Array.from({ length: 1000 }, (_, i) => `a-${i}`),
      'tenant-a',
    );
    queue.enqueue(['b-1'], 'tenant-b');
    await flush();
    // A holds its share (half of 4 slots); B's run starts at once in a free slot.
    expect(runs.started).toEqual(['a-0', 'a-1', 'b-1']);
    runs.releaseAll();
    await flush();
    await flush();
    expect(runs.started.filter((id) => id.startsWith('a-'))).toHaveLength(4);
    runs.releaseAll();
    await queue.close(0);
  });

  it('serves waiting workspaces round-robin once slots free up', async () => {
    const queue = createMemoryQueue({ concurrency: 2, tenantShare: 1, onError: () => undefined });
    const runs = heldRuns();
    await queue.consume(runs.handler);
    queue.enqueue(['a-1', 'a-2', 'a-3', 'a-4'], 'tenant-a');
    queue.enqueue(['b-1', 'b-2'], 'tenant-b');
    queue.enqueue(['c-1'], 'tenant-c');
    await flush();
    expect(runs.started).toEqual(['a-1', 'a-2']);
    runs.releaseAll();
    await flush();
    await flush();
    expect(runs.started.slice(2)).toEqual(['b-1', 'c-1']);
    runs.releaseAll();
    await queue.close(0);
  });
});
