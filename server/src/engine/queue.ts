/**
 * The execution queue (issue 4 item 8). The queue only carries execution ids: the database
 * row is the record, and `claim` decides who runs it, so enqueueing an id twice is harmless.
 * In-process (the embedded default) it is a FIFO with a concurrency limit and timers for
 * delays; with REDIS_URL it is BullMQ (./bullmq-queue.ts).
 */

/** Runs one execution; the queue calls it. */
export type ExecutionHandler = (executionId: string) => Promise<unknown>;

/** A queue of execution ids. */
export interface ExecutionQueue {
  /** Runs these executions as soon as a slot is free. */
  enqueue(executionIds: string[]): void;
  /** Runs this execution at `atMs` (a delay's end). */
  enqueueAt(executionId: string, atMs: number): void;
  /** Starts consuming with `handler`; without a call this process only produces. */
  consume(handler: ExecutionHandler): Promise<void>;
  /** Executions waiting for a slot (metrics). */
  depth(): Promise<number>;
  /** Stops consuming, waits for the runs in progress (up to `graceMs`), releases connections. */
  close(graceMs?: number): Promise<void>;
}

/** The longest a timer is set for; later wake-ups are left to the reconciler. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Builds the in-process queue. */
export function createMemoryQueue(options: { concurrency: number; onError: (error: unknown) => void }): ExecutionQueue {
  const waiting: string[] = [];
  const inQueue = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const active = new Set<Promise<unknown>>();
  let handler: ExecutionHandler | undefined;
  let closed = false;

  function pump(): void {
    while (handler && !closed && active.size < options.concurrency && waiting.length > 0) {
      const id = waiting.shift() as string;
      inQueue.delete(id);
      const run = handler(id)
        .catch(options.onError)
        .finally(() => {
          active.delete(run);
          pump();
        });
      active.add(run);
    }
  }

  return {
    enqueue(ids) {
      if (closed) return;
      for (const id of ids) {
        if (inQueue.has(id)) continue;
        inQueue.add(id);
        waiting.push(id);
      }
      pump();
    },
    enqueueAt(id, atMs) {
      if (closed) return;
      const delay = atMs - Date.now();
      if (delay <= 0) return this.enqueue([id]);
      if (delay > MAX_TIMER_MS) return;
      clearTimeout(timers.get(id));
      const timer = setTimeout(() => {
        timers.delete(id);
        this.enqueue([id]);
      }, delay);
      timer.unref();
      timers.set(id, timer);
    },
    async depth() {
      return waiting.length + timers.size;
    },
    async consume(h) {
      handler = h;
      pump();
    },
    async close(graceMs = 10_000) {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      inQueue.clear();
      if (active.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...active]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
    },
  };
}
