/**
 * The BullMQ execution queue (REDIS_URL): any number of processes (`junction worker`, or
 * servers with RUN_WORKERS on) consume it. Jobs carry only execution ids. The executions one
 * ingest round recorded travel together, up to {@link BATCH_SIZE} per job (a burst of webhooks
 * costs a few Redis round trips, not three per execution); a single execution's job id is the
 * execution id (a delay's wake-up adds its time), so a second enqueue of it is a no-op. The
 * database claim makes any duplicate delivery harmless anyway.
 *
 * Workspace share (WORKER_TENANT_SHARE, per process): a job carries its workspace; one whose
 * workspace already holds its share of this process's slots is not run now but moved back to
 * delayed with its lock token (see {@link createDeferrals}), so the free slots and job places
 * go to other workspaces. Nothing is claimed before a job is accepted: a deferred execution
 * stays `queued` in the database, its job in Redis, and the claim still runs it once.
 */
import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, Worker } from 'bullmq';
import { createFairSlots, tenantCap } from './fair-slots.js';
import { DEFAULT_TENANT_SHARE, type ExecutionHandler, type ExecutionQueue } from './queue.js';
import { LEASE_MS, RECONCILE_INTERVAL_MS } from './settings.js';

/** The queue's name inside the prefix. */
export const QUEUE_NAME = 'executions';

/** Executions per job at most. */
export const BATCH_SIZE = 20;

/** Settings of the BullMQ queue. */
export interface BullQueueOptions {
  redisUrl: string;
  /** Key prefix: several installations (or test runs) can share one Redis. */
  prefix: string;
  /** Executions this process runs at once. */
  concurrency: number;
  /** Share of `concurrency` one workspace's executions may hold in this process (0–1). */
  tenantShare?: number;
  onError: (error: unknown) => void;
}

/** A job's data: one execution (older jobs, wake-ups) or several. */
interface JobData {
  executionId?: string;
  executionIds?: string[];
  /** The workspace (absent: reconciler re-enqueues of older versions, delays waking up). */
  tenantId?: string;
}

/** The shortest and longest a deferred job waits in delayed before it is offered again. */
export const DEFER_MIN_MS = 20;
export const DEFER_MAX_MS = 5_000;

/** Builds the BullMQ queue (the producer connects at once; the consumer on `consume`). */
export function createBullQueue(options: BullQueueOptions): ExecutionQueue {
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix });
  queue.on('error', options.onError);
  let worker: Worker | undefined;
  const jobOptions = { removeOnComplete: true, removeOnFail: true };
  const report = (promise: Promise<unknown>) => {
    promise.catch(options.onError);
  };
  const perTenant = tenantCap(options.concurrency, options.tenantShare ?? DEFAULT_TENANT_SHARE);
  const slots = createFairSlots(options.concurrency, perTenant);
  const deferrals = createDeferrals(perTenant);

  return {
    enqueue(ids, tenantId) {
      if (ids.length === 0) return;
      const jobs = [];
      for (let i = 0; i < ids.length; i += BATCH_SIZE) {
        const batch = ids.slice(i, i + BATCH_SIZE);
        jobs.push(
          batch.length === 1
            ? { name: 'run', data: { executionId: batch[0], tenantId }, opts: { ...jobOptions, jobId: batch[0] } }
            : {
                name: 'run',
                data: { executionIds: batch, tenantId },
                opts: { ...jobOptions, jobId: `${batch[0]}+${batch.length}-${randomBytes(4).toString('hex')}` },
              },
        );
      }
      report(queue.addBulk(jobs));
    },
    enqueueAt(executionId, atMs) {
      const delay = Math.max(0, atMs - Date.now());
      report(queue.add('run', { executionId }, { ...jobOptions, jobId: `${executionId}-at-${atMs}`, delay }));
    },
    async depth() {
      // Waiting and delayed jobs; a job may carry several execution ids, so this counts jobs.
      return queue.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    },
    async consume(handler: ExecutionHandler) {
      worker = new Worker(
        QUEUE_NAME,
        async (job, token) => {
          const data = job.data as JobData;
          const ids = data.executionIds ?? (data.executionId ? [data.executionId] : []);
          const tenant = data.tenantId ?? '';
          // The workspace holds its share here already: back to delayed, nothing claimed. The
          // check and the slots' count change in one turn, so concurrent jobs cannot both pass.
          if (tenant !== '' && slots.held(tenant) >= perTenant) {
            let moved = false;
            try {
              await job.moveToDelayed(deferrals.next(tenant), token);
              moved = true;
            } catch (error) {
              // Not moved (lock lost, Redis error): run it here rather than drop it; the
              // claim keeps it to one run wherever else it is delivered.
              options.onError(error);
            }
            if (moved) throw new DelayedError();
          }
          // Each execution takes a slot first: at most `concurrency` run in this process, at
          // most the workspace's share of them, and none is claimed (its lease started)
          // before it can run.
          const runs = await Promise.allSettled(
            ids.map((id) =>
              slots.run(tenant, async () => {
                const started = Date.now();
                try {
                  return await handler(id);
                } finally {
                  deferrals.ran(Date.now() - started);
                }
              }),
            ),
          );
          // A failed claim leaves its execution queued: the reconciler picks it up again.
          for (const run of runs) if (run.status === 'rejected') options.onError(run.reason);
        },
        // Jobs fetched at once; the slots bound the executions. A dead worker's jobs go back to
        // the queue once their lock (renewed by BullMQ every half of it) lapses and the next
        // stalled check runs: within LEASE_MS + RECONCILE_INTERVAL_MS, as the reconciler does.
        {
          connection,
          prefix: options.prefix,
          concurrency: options.concurrency,
          lockDuration: LEASE_MS,
          stalledInterval: RECONCILE_INTERVAL_MS,
        },
      );
      worker.on('error', options.onError);
      await worker.waitUntilReady();
    },
    async close(graceMs = 10_000) {
      // worker.close() waits for the active jobs without a bound; past graceMs they are left
      // to their lease (another worker, or this one after a restart, runs them).
      if (worker) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([worker.close(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      await queue.close();
    },
  };
}

/**
 * When a deferred job is offered again. A workspace at its share frees about `perTenant` slots
 * per run time, so its deferred jobs come back spaced by (average run time / perTenant), in
 * the order they were deferred, between {@link DEFER_MIN_MS} and {@link DEFER_MAX_MS} from now:
 * a backlog of thousands costs a few Redis moves per run, not a busy loop.
 */
function createDeferrals(perTenant: number) {
  /** Average run time of this process's executions (moving average, ms). */
  let averageMs = 100;
  /** The latest time a deferred job of each workspace comes back. */
  const lastAt = new Map<string, number>();
  return {
    ran(ms: number) {
      averageMs += (ms - averageMs) / 20;
    },
    next(tenant: string): number {
      const now = Date.now();
      if (lastAt.size > 1000) for (const [key, at] of lastAt) if (at < now) lastAt.delete(key);
      const spacing = Math.max(1, averageMs / perTenant);
      const at = Math.min(now + DEFER_MAX_MS, Math.max(now + DEFER_MIN_MS, (lastAt.get(tenant) ?? 0) + spacing));
      lastAt.set(tenant, at);
      return Math.round(at);
    },
  };
}
