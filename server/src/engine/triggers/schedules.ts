/**
 * Schedule ticks: when a schedule is due, which tick fired, and the
 * event it ingests. Each tick's dedupe key is `schedule:{tick ISO}`, so several processes
 * ticking the same schedule still make exactly one execution.
 */
import { runScheduleTick } from '../../integrations/builtin/run-builtin.js';
import { nextRuns, type ScheduleSpec } from '../../integrations/builtin/schedule.js';
import type { IngestEvent } from '../../kernel/contracts/engine.js';

/** Ticks skipped at most while catching up (a schedule every minute, down for a week). */
const MAX_CATCH_UP_STEPS = 20_000;

/** The dedupe key of one tick. */
export function scheduleDedupeKey(tick: Date): string {
  return `schedule:${tick.toISOString()}`;
}

/** The first tick strictly after `from`. */
export function nextTick(spec: ScheduleSpec, from: Date): Date | undefined {
  return nextRuns(spec, 1, from)[0];
}

/** Whether `at` is one of the schedule's ticks (a job scheduler may fire on a coarser pattern). */
export function isScheduledTick(spec: ScheduleSpec, at: Date): boolean {
  return nextTick(spec, new Date(at.getTime() - 1))?.getTime() === at.getTime();
}

/**
 * The tick to fire when a schedule is found due: the latest tick at or before `now`, starting
 * from the stored `due` tick. Ticks missed while no process ran are not replayed one by one:
 * one run catches up for the latest of them.
 */
export function latestDueTick(spec: ScheduleSpec, due: Date, now: Date): Date {
  let tick = due;
  for (let i = 0; i < MAX_CATCH_UP_STEPS; i++) {
    const next = nextTick(spec, tick);
    if (!next || next.getTime() > now.getTime()) return tick;
    tick = next;
  }
  // Very long outage on a short schedule: the latest tick is the one before the next.
  const after = nextTick(spec, now);
  return after ? new Date(Math.min(now.getTime(), after.getTime() - 1)) : tick;
}

/**
 * The event one tick ingests: the Schedule trigger's output item (`scheduledAt`, `timezone`,
 * `nextRunAt`) as trigger data, keyed by the tick. Undefined when the values no longer make a
 * schedule (the caller records the problem).
 */
export function scheduleTickEvent(
  target: { tenantId: string; workflowId: string },
  values: Record<string, unknown>,
  tick: Date,
): IngestEvent | { error: string } {
  const outcome = runScheduleTick(values, tick);
  if (!outcome.ok) return { error: outcome.errors.map((e) => e.message).join(' ') };
  const [item] = outcome.output as unknown[];
  return {
    tenantId: target.tenantId,
    workflowId: target.workflowId,
    trigger: 'schedule',
    triggerData: item,
    dedupeKey: scheduleDedupeKey(tick),
  };
}

/**
 * How a BullMQ job scheduler repeats a schedule: a fixed period for minutes and hours (BullMQ
 * aligns `every` to the epoch, as `nextRuns` does), a cron pattern in the zone otherwise.
 * Every-N-days schedules fire daily and the worker keeps only real ticks (`isScheduledTick`).
 */
export function repeatOptionsFor(spec: ScheduleSpec): { every: number } | { pattern: string; tz: string } {
  switch (spec.frequency) {
    case 'minutes':
      return { every: spec.every * 60_000 };
    case 'hours':
      return { every: spec.every * 3_600_000 };
    case 'days': {
      const [hour, minute] = spec.at.split(':').map(Number);
      return { pattern: `${minute} ${hour} * * *`, tz: spec.timezone };
    }
    case 'cron':
      return { pattern: spec.cron, tz: spec.timezone };
  }
}
