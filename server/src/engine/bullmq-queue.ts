/**
 * The BullMQ execution queue (REDIS_URL): any number of processes (`junction worker`, or
 * servers with RUN_WORKERS on) consume it. Jobs carry only the execution id; the job id is
 * the execution id (a delay's wake-up adds its time), so a second enqueue of the same
 * execution is a no-op, and the database claim makes a duplicate delivery harmless anyway.
 */
import { Queue, Worker } from 'bullmq';
import type { ExecutionHandler, ExecutionQueue } from './queue.js';

/** The queue's name inside the prefix. */
export const QUEUE_NAME = 'executions';

/** Settings of the BullMQ queue. */
export interface BullQueueOptions {
  redisUrl: string;
  /** Key prefix: several installations (or test runs) can share one Redis. */
  prefix: string;
  concurrency: number;
  onError: (error: unknown) => void;
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

  return {
    enqueue(ids) {
      if (ids.length === 0) return;
      report(
        queue.addBulk(
          ids.map((executionId) => ({
            name: 'run',
            data: { executionId },
            opts: { ...jobOptions, jobId: executionId },
          })),
        ),
      );
    },
    enqueueAt(executionId, atMs) {
      const delay = Math.max(0, atMs - Date.now());
      report(queue.add('run', { executionId }, { ...jobOptions, jobId: `${executionId}-at-${atMs}`, delay }));
    },
    async consume(handler: ExecutionHandler) {
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          await handler((job.data as { executionId: string }).executionId);
        },
        { connection, prefix: options.prefix, concurrency: options.concurrency },
      );
      worker.on('error', options.onError);
      await worker.waitUntilReady();
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
