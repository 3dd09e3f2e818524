/** The sandbox pool's slots, shared fairly between workspaces. */
/** One taken slot of the pool. */
export interface Slot {
  release(): void;
}

/**
 * The pool's slots, shared fairly: at most `total` runs at once and at most `share` of one
 * workspace; waiting runs are served round-robin by workspace (a workspace with ten runs
 * waiting does not delay another's one), and a waiter whose deadline passes leaves the queue
 * with no slot.
 */
export function createFairSlots(total: number, share: number) {
  const active = new Map<string, number>();
  /** Waiters by workspace, in arrival order; the map's order is the round-robin order. */
  const queues = new Map<string, { grant: (slot: Slot | undefined) => void }[]>();
  let running = 0;
  let closed = false;

  const take = (workspace: string): Slot => {
    running++;
    active.set(workspace, (active.get(workspace) ?? 0) + 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running--;
        const left = (active.get(workspace) ?? 1) - 1;
        if (left > 0) active.set(workspace, left);
        else active.delete(workspace);
        dispatch();
      },
    };
  };

  function dispatch(): void {
    for (const [workspace, waiters] of queues) {
      if (running >= total) return;
      if ((active.get(workspace) ?? 0) >= share) continue;
      const next = waiters.shift();
      // Served workspaces go to the back of the round.
      queues.delete(workspace);
      if (waiters.length > 0) queues.set(workspace, waiters);
      next?.grant(take(workspace));
    }
  }

  return {
    /** A slot, or undefined when `deadline` passed (or the pool closed) before one was free. */
    acquire(workspace: string, deadline?: number): Promise<Slot | undefined> {
      if (closed) return Promise.resolve(undefined);
      if (running < total && (active.get(workspace) ?? 0) < share && !queues.has(workspace)) {
        return Promise.resolve(take(workspace));
      }
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter = {
          grant(slot: Slot | undefined) {
            clearTimeout(timer);
            resolve(slot);
          },
        };
        const list = queues.get(workspace) ?? [];
        list.push(waiter);
        queues.set(workspace, list);
        if (deadline !== undefined) {
          timer = setTimeout(
            () => {
              const waiters = queues.get(workspace);
              const at = waiters?.indexOf(waiter) ?? -1;
              if (waiters && at >= 0) {
                waiters.splice(at, 1);
                if (waiters.length === 0) queues.delete(workspace);
              }
              resolve(undefined);
            },
            Math.max(0, deadline - Date.now()),
          );
        }
        dispatch();
      });
    },
    close(): void {
      closed = true;
      for (const waiters of queues.values()) for (const waiter of waiters) waiter.grant(undefined);
      queues.clear();
    },
  };
}
