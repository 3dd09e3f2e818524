/**
 * A workspace's share of webhook ingest: how many of its webhooks this process records at
 * once (WEBHOOK_WORKSPACE_CONCURRENCY). One workspace flooding `/hooks` fills only its own
 * share; past it its webhooks answer 429 with Retry-After while every other workspace's are
 * recorded as before. The runner's share of execution slots is WORKER_TENANT_SHARE (queue.ts).
 */
import { PROBLEM_CODES, Problem } from '../kernel/errors.js';
import { WORKSPACE_RETRY_AFTER_SECONDS } from './settings.js';

/** Counts webhooks being recorded, per workspace. */
export interface IngestShare {
  /**
   * Runs `work` inside the workspace's share; throws a 429 Problem (code
   * `limit.workspace_share`, Retry-After) without running it when the share is full.
   */
  run<T>(tenantId: string, work: () => Promise<T>): Promise<T>;
  /** Webhooks of the workspace being recorded now. */
  inFlight(tenantId: string): number;
}

/**
 * Builds the share with `limit` webhooks per workspace at once.
 *
 * @example
 * const share = createIngestShare(64);
 * await share.run(workflow.tenantId, () => ingest(events));
 */
export function createIngestShare(limit: number): IngestShare {
  const counts = new Map<string, number>();
  return {
    async run(tenantId, work) {
      const current = counts.get(tenantId) ?? 0;
      if (current >= limit) {
        throw new Problem(429, 'Too Many Requests', {
          detail: `This workspace has ${limit} webhooks being recorded already (WEBHOOK_WORKSPACE_CONCURRENCY). Try again in a second.`,
          retryAfter: WORKSPACE_RETRY_AFTER_SECONDS,
          code: PROBLEM_CODES.workspaceIngestBusy,
        });
      }
      counts.set(tenantId, current + 1);
      try {
        return await work();
      } finally {
        const left = (counts.get(tenantId) ?? 1) - 1;
        if (left > 0) counts.set(tenantId, left);
        else counts.delete(tenantId);
      }
    },
    inFlight(tenantId) {
      return counts.get(tenantId) ?? 0;
    },
  };
}
