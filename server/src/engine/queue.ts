/**
 * The execution queue. The queue only carries execution ids: the database
 * row is the record, and `claim` decides who runs it, so enqueueing an id twice is harmless.
 * In-process (the embedded default) it is a FIFO with a concurrency limit and timers for
 * delays; with REDIS_URL it is BullMQ (./bullmq-queue.ts).
 */

import { nextTenant, tenantCap } from './fair-slots.js';

/** Runs one execution; the queue calls it. */
export type ExecutionHandler = (executionId: string) => Promise<unknown>;

/** A queue of execution ids. */
export interface ExecutionQueue {
  /**
   * Runs these executions as soon as a slot is free. `tenantId` (the workspace they belong to)
   * lets the queue share its slots fairly between workspaces (fair-slots.ts).
   */
  enqueue(executionIds: string[], tenantId?: string): void;
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

/** The default share of the slots one workspace may hold (WORKER_TENANT_SHARE). */
export const DEFAULT_TENANT_SHARE = 0.5;

/**
 * Builds the in-process queue. Waiting executions are kept per workspace and shared out as
 * fair-slots.ts says: one workspace holds at most `tenantShare` of the slots (at least one), so
 * a workspace with thousands of runs queued does not delay another's first run. Executions
 * enqueued without a workspace (delays waking up) share one bucket that is not capped.
 */
export function createMemoryQueue(options: {
  concurrency: number;
  tenantShare?: number;
  onError: (error: unknown) => void;
}): ExecutionQueue & {
  /** How many of this workspace's executions enqueued now would start at once (none while any wait). */
  free(tenantId: string): number;
} {
  const perTenant = tenantCap(options.concurrency, options.tenantShare ?? DEFAULT_TENANT_SHARE);
  /** Waiting ids by workspace; the map's order is the round-robin order. */
  const waiting = new Map<string, string[]>();
  const inQueue = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const active = new Set<Promise<unknown>>();
  const activeBy = new Map<string, number>();
  let handler: ExecutionHandler | undefined;
  let closed = false;

  function start(id: string, tenant: string): void {
    inQueue.delete(id);
    activeBy.set(tenant, (activeBy.get(tenant) ?? 0) + 1);
    const run = (handler as ExecutionHandler)(id)
      .catch(options.onError)
      .finally(() => {
        active.delete(run);
        const left = (activeBy.get(tenant) ?? 1) - 1;
        if (left > 0) activeBy.set(tenant, left);
        else activeBy.delete(tenant);
        if (!waiting.has(tenant) && !activeBy.has(tenant)) servedAt.delete(tenant);
        pump();
      });
    active.add(run);
  }

  /** When each workspace was last served (a counter), for the tie-break. */
  const servedAt = new Map<string, number>();
  let serves = 0;

  function pump(): void {
    while (handler && !closed && active.size < options.concurrency) {
      const tenant = nextTenant(waiting.keys(), activeBy, servedAt, perTenant);
      if (tenant === undefined) return;
      const ids = waiting.get(tenant) as string[];
      const id = ids.shift() as string;
      if (ids.length === 0) waiting.delete(tenant);
      servedAt.set(tenant, serves++);
      start(id, tenant);
    }
  }

  return {
    free(tenantId) {
      if (!handler || closed || waiting.size > 0) return 0;
      return Math.max(0, Math.min(options.concurrency - active.size, perTenant - (activeBy.get(tenantId) ?? 0)));
    },
    enqueue(ids, tenantId = '') {
      if (closed) return;
      for (const id of ids) {
        if (inQueue.has(id)) continue;
        inQueue.add(id);
        const list = waiting.get(tenantId);
        if (list) list.push(id);
        else waiting.set(tenantId, [id]);
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
      let queued = 0;
      for (const ids of waiting.values()) queued += ids.length;
      return queued + timers.size;
    },
    async consume(h) {
      handler = h;
      pump();
    },
    async close(graceMs = 10_000) {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.clear();
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
