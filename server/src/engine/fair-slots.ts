/**
 * The runner's share between workspaces (WORKER_TENANT_SHARE): one workspace holds at most its
 * share of a process's execution slots (at least one), and a free slot goes to the waiting
 * workspace with the fewest runs going, then to the one served longest ago. The in-process
 * queue (queue.ts) picks its next run with {@link nextTenant}; the BullMQ consumer
 * (bullmq-queue.ts) runs its executions through {@link createFairSlots}. Work without a
 * workspace ('': delays waking up, jobs queued by an older version) is not capped.
 */

/** The slots one workspace may hold out of `concurrency` with share `share` (0–1). */
export function tenantCap(concurrency: number, share: number): number {
  return Math.max(1, Math.floor(concurrency * share));
}

/**
 * The workspace a free slot goes to, among `waiting` (in arrival order): under its cap, the
 * fewest runs going, then the smallest `servedAt` (never served counts as -1).
 */
export function nextTenant(
  waiting: Iterable<string>,
  running: ReadonlyMap<string, number>,
  servedAt: ReadonlyMap<string, number>,
  perTenant: number,
): string | undefined {
  let best: string | undefined;
  let bestActive = Number.POSITIVE_INFINITY;
  let bestServed = Number.POSITIVE_INFINITY;
  for (const tenant of waiting) {
    const active = running.get(tenant) ?? 0;
    if (tenant !== '' && active >= perTenant) continue;
    const served = servedAt.get(tenant) ?? -1;
    if (active < bestActive || (active === bestActive && served < bestServed)) {
      best = tenant;
      bestActive = active;
      bestServed = served;
    }
  }
  return best;
}

/** Counting slots shared between workspaces. */
export interface FairSlots {
  /** Runs `work` once a slot is free for `tenant` (the slot is released when it settles). */
  run<T>(tenant: string, work: () => Promise<T>): Promise<T>;
  /** Work of `tenant` taken in: running or waiting for a slot. */
  held(tenant: string): number;
}

/** Builds `concurrency` slots, at most `perTenant` of them held by one workspace. */
export function createFairSlots(concurrency: number, perTenant: number): FairSlots {
  const size = Math.max(1, concurrency);
  const running = new Map<string, number>();
  const heldBy = new Map<string, number>();
  /** Work waiting for a slot, by workspace; the map's order is arrival order. */
  const waiting = new Map<string, (() => void)[]>();
  const servedAt = new Map<string, number>();
  let serves = 0;
  let active = 0;

  const add = (map: Map<string, number>, tenant: string, by: number) => {
    const next = (map.get(tenant) ?? 0) + by;
    if (next > 0) map.set(tenant, next);
    else map.delete(tenant);
  };

  function pump(): void {
    while (active < size) {
      const tenant = nextTenant(waiting.keys(), running, servedAt, perTenant);
      if (tenant === undefined) return;
      const queue = waiting.get(tenant) as (() => void)[];
      const start = queue.shift() as () => void;
      if (queue.length === 0) waiting.delete(tenant);
      servedAt.set(tenant, serves++);
      active += 1;
      add(running, tenant, 1);
      start();
    }
  }

  return {
    async run(tenant, work) {
      add(heldBy, tenant, 1);
      await new Promise<void>((resolve) => {
        const queue = waiting.get(tenant);
        if (queue) queue.push(resolve);
        else waiting.set(tenant, [resolve]);
        pump();
      });
      try {
        return await work();
      } finally {
        active -= 1;
        add(running, tenant, -1);
        add(heldBy, tenant, -1);
        if (!heldBy.has(tenant)) servedAt.delete(tenant);
        pump();
      }
    },
    held(tenant) {
      return heldBy.get(tenant) ?? 0;
    },
  };
}
