/**
 * The reconciler: on start and every `intervalMs`, re-enqueues executions a
 * crash or a lost message left behind: queued ones older than a few seconds, running ones
 * whose worker's lease expired, waiting ones past their resume time. At start it also sets
 * wake-ups for every waiting execution, so delays survive a restart without polling.
 */
import type { Logger } from '../kernel/logger.js';
import type { EngineRepo } from '../store/repos/engine.js';

/** Queued executions younger than this are left to the enqueue that created them. */
const QUEUED_GRACE_MS = 5_000;
/** Executions re-enqueued per scan. */
const SCAN_LIMIT = 500;

/** What the reconciler needs. */
export interface ReconcilerDeps {
  repo: EngineRepo;
  now: () => number;
  intervalMs: number;
  /** Enqueues one workspace's executions (the queue shares its slots by workspace). */
  enqueue: (ids: string[], tenantId: string) => void;
  enqueueAt: (id: string, atMs: number) => void;
  logger: Logger;
}

/** Builds the reconciler. */
export function createReconciler(deps: ReconcilerDeps) {
  let timer: NodeJS.Timeout | undefined;
  let busy = false;

  async function scan(graceMs = QUEUED_GRACE_MS): Promise<void> {
    const now = deps.now();
    const due = await deps.repo.due(new Date(now).toISOString(), new Date(now - graceMs).toISOString(), SCAN_LIMIT);
    if (due.length === 0) return;
    deps.logger.info({ count: due.length }, 'Re-enqueued executions left queued, running or waiting');
    const byTenant = new Map<string, string[]>();
    for (const { id, tenantId } of due) {
      const ids = byTenant.get(tenantId);
      if (ids) ids.push(id);
      else byTenant.set(tenantId, [id]);
    }
    for (const [tenantId, ids] of byTenant) deps.enqueue(ids, tenantId);
  }

  function tick(): void {
    if (busy) return;
    busy = true;
    scan()
      .catch((error: unknown) => deps.logger.error({ err: String(error) }, 'Reconciler scan failed'))
      .finally(() => {
        busy = false;
      });
  }

  return {
    /** Wakes waiting executions, runs one scan, then scans every interval. */
    async start(): Promise<void> {
      const now = deps.now();
      for (const { id, resumeAt } of await deps.repo.waiting(10_000)) {
        const at = Date.parse(resumeAt);
        if (at > now) deps.enqueueAt(id, at);
      }
      // At start nothing of this process is in flight yet: every queued execution is due.
      await scan(0);
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
    },
    /** Stops scanning. */
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
