/**
 * When triggers run. Two interchangeable schedulers:
 * - in-process (the embedded default): one timer scans `trigger_subscriptions` for rows whose
 *   `next_run_at` is due, every `triggerScanMs` (1 s). All state is in the database, so a
 *   restart re-arms by itself, a workflow switched ON by another process is picked up, and
 *   several processes on one database run each tick once (dedupe key) and each poll once
 *   (conditional claim of `next_run_at`). The clock is `deps.now`, so tests can move it.
 * - BullMQ (with `config.redisUrl`): one job scheduler per active workflow
 *   (`upsertJobScheduler`, removed on OFF), consumed by whichever process runs a worker; on
 *   start every active workflow's scheduler is upserted again and stale ones are removed.
 */
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ScheduleSpec } from '../../integrations/builtin/schedule.js';
import type { Lifecycle } from '../../kernel/lifecycle.js';
import { DEFAULT_SCAN_MS, type TriggerContext } from './context.js';
import { reasonOf, runDueSchedule, runPoll, runScheduledJob, type ScheduleClaim } from './runner.js';
import { repeatOptionsFor } from './schedules.js';
import type { SubscriptionRecord } from '../../store/repos/triggers.js';

/** Due rows read at once; a scan reads further batches while they come back full. */
const SCAN_BATCH = 500;
/** Batches one scan reads at most (10,000 due rows); the next scan goes on. */
const MAX_SCAN_BATCHES = 20;
/** How long after a whole multiple of the scan period a scan starts. */
const SCAN_OFFSET_MS = 2;

/** Arms and disarms triggers; started and closed with the services. */
export interface TriggerScheduler extends Lifecycle {
  /** Makes the subscription tick or poll (after it was stored). */
  arm(sub: SubscriptionRecord): Promise<void>;
  /** Stops it (after it was deleted). */
  disarm(workflowId: string): Promise<void>;
  /** Runs everything due now and waits for it (the in-process scan; a no-op with BullMQ). */
  runDue(): Promise<void>;
}

/** The in-process scheduler: a database scan on a timer. */
export function createInProcessScheduler(ctx: TriggerContext): TriggerScheduler {
  const scanMs = ctx.deps.config.triggerScanMs ?? DEFAULT_SCAN_MS;
  const running = new Map<string, Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let scanning: Promise<void> | undefined;
  let closed = false;

  const guard = <T>(sub: SubscriptionRecord, work: () => Promise<T>): Promise<T | undefined> => {
    if (running.has(sub.workflowId)) return Promise.resolve(undefined);
    const done = work()
      .catch((error: unknown) => {
        ctx.deps.logger.error({ workflowId: sub.workflowId, err: reasonOf(error) }, 'Trigger run failed');
        return undefined;
      })
      .finally(() => running.delete(sub.workflowId));
    running.set(sub.workflowId, done as Promise<unknown>);
    return done;
  };

  /** One batch of due rows; answers how many it read and how many it started. */
  const scanBatch = async (now: string): Promise<{ read: number; started: number }> => {
    const due = await ctx.subs.listDue(now, SCAN_BATCH);
    let started = 0;
    // Polls are not awaited: a slow app must not hold the scan (each workflow polls one at a time).
    for (const sub of due) {
      if (sub.kind !== 'polling' || running.has(sub.workflowId)) continue;
      started += 1;
      void guard(sub, () => runPoll(ctx, sub, true));
    }
    // Schedules: every due tick ingested (grouped into few commits by ingest), then every row
    // moved on in one transaction, so a thousand ticks cost a handful of commits.
    const schedules = due.filter((sub) => sub.kind === 'schedule' && !running.has(sub.workflowId));
    started += schedules.length;
    const claims = await Promise.all(schedules.map((sub) => guard(sub, () => runDueSchedule(ctx, sub))));
    await ctx.subs.claimMany(
      claims.filter((c): c is ScheduleClaim => c !== undefined),
      ctx.nowIso(),
    );
    return { read: due.length, started };
  };

  const scan = async (): Promise<void> => {
    // A thousand schedules due on one minute are more than a batch: read on while batches come
    // back full and start something (a batch of polls still in flight starts nothing), so the
    // last of them fires in this scan, not one scan period later.
    const now = ctx.nowIso();
    for (let n = 0; n < MAX_SCAN_BATCHES && !closed; n++) {
      const batch = await scanBatch(now);
      if (batch.read < SCAN_BATCH || batch.started === 0) break;
    }
  };

  const scanOnce = (): Promise<void> => {
    scanning ??= scan()
      .catch((error: unknown) => ctx.deps.logger.error({ err: reasonOf(error) }, 'Trigger scan failed'))
      .finally(() => {
        scanning = undefined;
      });
    return scanning;
  };

  return {
    async start() {
      // Scans start just after each whole multiple of the period (of the epoch): schedule ticks
      // fall on whole minutes, so a tick is found a few ms after it, not up to a period later.
      const next = () => {
        if (closed) return;
        timer = setTimeout(
          () => {
            void scanOnce();
            next();
          },
          scanMs - (Date.now() % scanMs) + SCAN_OFFSET_MS,
        );
        timer.unref();
      };
      next();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await scanning;
      await Promise.allSettled([...running.values()]);
    },
    async arm() {},
    async disarm() {},
    async runDue() {
      await scanOnce();
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** Job data of the triggers queue. */
interface TriggerJobData {
  workflowId: string;
  tenantId: string;
}

const QUEUE_NAME = 'junction-triggers';
const schedulerId = (kind: 'schedule' | 'poll', workflowId: string) => `${kind}:${workflowId}`;

/**
 * BullMQ 6's job schedulers neither align `every` to the epoch (the first job runs at the
 * upsert, the next ones `every` later) nor put the tick in `opts.prevMillis`: without a
 * `startDate` on the next aligned tick every job would miss the Schedule app's ticks and be
 * dropped, so a schedule on Redis would never fire.
 */
export function alignedRepeat(
  spec: ScheduleSpec,
  now = Date.now(),
): ReturnType<typeof repeatOptionsFor> & { startDate?: number } {
  const repeat = repeatOptionsFor(spec);
  if (!('every' in repeat)) return repeat;
  return { ...repeat, startDate: (Math.floor(now / repeat.every) + 1) * repeat.every };
}

/**
 * The tick a schedule job stands for. BullMQ starts an `every` scheduler at the upsert itself
 * when its `startDate` has passed by then (a loaded process, an upsert just before a tick), and
 * keeps that offset for every later job: the tick is the nearest aligned one, so such a
 * schedule still fires on the Schedule app's ticks.
 */
export function scheduledTickOf(spec: ScheduleSpec, millis: number): Date {
  const repeat = repeatOptionsFor(spec);
  return new Date('every' in repeat ? Math.round(millis / repeat.every) * repeat.every : millis);
}

/** The tick a scheduler's job stands for: its id is `repeat:{schedulerId}:{millis}`. */
export function tickOfJobId(id: string | undefined): number | undefined {
  const millis = Number(id?.startsWith('repeat:') ? id.slice(id.lastIndexOf(':') + 1) : Number.NaN);
  return Number.isSafeInteger(millis) && millis > 0 ? millis : undefined;
}

/** The BullMQ scheduler: job schedulers per workflow, a worker in every process that starts it. */
export function createBullScheduler(ctx: TriggerContext, redisUrl: string): TriggerScheduler {
  const prefix = ctx.deps.config.queuePrefix ?? 'junction';
  let connection: Redis | undefined;
  let queue: Promise<Queue> | undefined;
  let worker: Worker | undefined;

  // BullMQ and ioredis are imported on first use: an embedded server never loads them.
  const queueOf = (): Promise<Queue> => {
    queue ??= (async () => {
      const [{ Queue: BullQueue }, { Redis: RedisClient }] = await Promise.all([import('bullmq'), import('ioredis')]);
      connection = new RedisClient(redisUrl, { maxRetriesPerRequest: null });
      return new BullQueue(QUEUE_NAME, { connection, prefix });
    })();
    return queue;
  };

  const handleJob = async (job: Job<TriggerJobData>): Promise<void> => {
    const sub = await ctx.subs.get(job.data.tenantId, job.data.workflowId);
    if (!sub) return;
    if (job.name === 'schedule' && sub.kind === 'schedule') {
      const spec = (sub.state as { spec: ScheduleSpec }).spec;
      const tick = scheduledTickOf(spec, job.opts.prevMillis ?? tickOfJobId(job.id) ?? job.timestamp);
      await runScheduledJob(ctx, sub, tick, arm);
    } else if (job.name === 'poll' && sub.kind === 'polling') {
      await runPoll(ctx, sub, false);
    }
  };

  const arm = async (sub: SubscriptionRecord): Promise<void> => {
    const data: TriggerJobData = { workflowId: sub.workflowId, tenantId: sub.tenantId };
    const jobOpts = { removeOnComplete: 100, removeOnFail: 100 };
    if (sub.kind === 'schedule') {
      const spec = (sub.state as { spec: ScheduleSpec }).spec;
      await (await queueOf()).upsertJobScheduler(schedulerId('schedule', sub.workflowId), alignedRepeat(spec), {
        name: 'schedule',
        data,
        opts: jobOpts,
      });
    } else if (sub.kind === 'polling') {
      await (await queueOf()).upsertJobScheduler(
        schedulerId('poll', sub.workflowId),
        { every: ctx.pollIntervalMs },
        { name: 'poll', data, opts: jobOpts },
      );
    }
  };

  const disarm = async (workflowId: string): Promise<void> => {
    await (await queueOf()).removeJobScheduler(schedulerId('schedule', workflowId));
    await (await queueOf()).removeJobScheduler(schedulerId('poll', workflowId));
  };

  return {
    async start() {
      const q = await queueOf();
      // Re-arm every active workflow (idempotent upserts) and drop schedulers left by OFF
      // workflows whose removal did not happen (a crash between commit and removal).
      const subs = await ctx.subs.listAll();
      for (const sub of subs) await arm(sub);
      const armed = new Set(
        subs.flatMap((s) => [schedulerId('schedule', s.workflowId), schedulerId('poll', s.workflowId)]),
      );
      for (const scheduler of await q.getJobSchedulers()) {
        const id = scheduler.key;
        if (id && !armed.has(id)) await q.removeJobScheduler(id);
      }
      // An API-only process (RUN_WORKERS=off) arms schedulers but leaves the ticks to workers.
      if (ctx.deps.config.runWorkers === false) return;
      const { Worker: BullWorker } = await import('bullmq');
      worker = new BullWorker<TriggerJobData>(QUEUE_NAME, handleJob, {
        connection: connection as Redis,
        prefix,
        concurrency: 10,
      });
      worker.on('error', (error) => ctx.deps.logger.error({ err: reasonOf(error) }, 'Trigger worker error'));
    },
    async close() {
      await worker?.close();
      await queue?.then(
        (q) => q.close(),
        () => undefined,
      );
      connection?.disconnect();
    },
    arm,
    disarm,
    async runDue() {},
  };
}
