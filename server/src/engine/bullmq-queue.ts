/**
 * The BullMQ execution queue (REDIS_URL): any number of processes (`junction worker`, or
 * servers with RUN_WORKERS on) consume it. Jobs carry only execution ids. The executions one
 * ingest round recorded travel together, up to {@link BATCH_SIZE} per job (a burst of webhooks
 * costs a few Redis round trips, not three per execution); a single execution's job id is the
 * execution id (a delay's wake-up adds its time), so a second enqueue of it is a no-op. The
 * database claim makes any duplicate delivery harmless anyway.
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { ExecutionHandler, ExecutionQueue } from './queue.js';

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
  onError: (error: unknown) => void;
}

/** A job's data: one execution (older jobs, wake-ups) or several. */
interface JobData {
  executionId?: string;
  executionIds?: string[];
}

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
  const slots = createSlots(options.concurrency);

  return {
    enqueue(ids) {
      if (ids.length === 0) return;
      const jobs = [];
      for (let i = 0; i < ids.length; i += BATCH_SIZE) {
        const batch = ids.slice(i, i + BATCH_SIZE);
        jobs.push(
          batch.length === 1
            ? { name: 'run', data: { executionId: batch[0] }, opts: { ...jobOptions, jobId: batch[0] } }
            : {
                name: 'run',
                data: { executionIds: batch },
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
        async (job) => {
          const data = job.data as JobData;
          const ids = data.executionIds ?? (data.executionId ? [data.executionId] : []);
          // Each execution takes a slot first: at most `concurrency` run in this process, and
          // none is claimed (its lease started) before it can run.
          const runs = await Promise.allSettled(ids.map((id) => slots.run(() => handler(id))));
          // A failed claim leaves its execution queued: the reconciler picks it up again.
          for (const run of runs) if (run.status === 'rejected') options.onError(run.reason);
        },
        // Jobs fetched at once; the slots bound the executions.
        { connection, prefix: options.prefix, concurrency: options.concurrency },
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

/** A counting semaphore: `run` waits for a free slot. */
function createSlots(size: number) {
  let free = Math.max(1, size);
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
