/**
 * A defect the schedule scenario found (full/schedule-leader.test.ts): BullMQ 6's job schedulers
 * run an `every` job at the upsert and then `every` later — not on the epoch-aligned ticks the
 * Schedule app computes — and their jobs carry no `opts.prevMillis`, so every job was dropped as
 * "not a tick" and a schedule on Redis never fired. The scheduler now starts `every` schedulers
 * on the next aligned tick and reads the tick from the job id. This pins both halves against
 * the installed BullMQ (needs TEST_REDIS_URL; keys under a unique prefix, removed afterwards).
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { alignedRepeat, scheduledTickOf, tickOfJobId } from '../../../server/src/engine/triggers/scheduler.js';
import { isScheduledTick } from '../../../server/src/engine/triggers/schedules.js';
import { missingService, suiteName } from '../../setup/skip.js';

const redisUrl = process.env.TEST_REDIS_URL;
const missing = missingService('redis');

describe('Schedule ticks through BullMQ job schedulers', () => {
  it('starts minute and hour schedules on the next epoch-aligned tick', () => {
    const now = Date.parse('2026-01-01T10:07:31.250Z');
    const minutes = alignedRepeat({ frequency: 'minutes', every: 15, timezone: 'UTC' }, now);
    expect(minutes).toEqual({ every: 900_000, startDate: Date.parse('2026-01-01T10:15:00.000Z') });
    expect(alignedRepeat({ frequency: 'hours', every: 2, timezone: 'UTC' }, now)).toEqual({
      every: 7_200_000,
      startDate: Date.parse('2026-01-01T12:00:00.000Z'),
    });
    expect(alignedRepeat({ frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'UTC' }, now)).toEqual({
      pattern: '0 9 * * 1-5',
      tz: 'UTC',
    });
    expect(tickOfJobId('repeat:schedule:wf-1:1767262500000')).toBe(1767262500000);
    expect(tickOfJobId('some-other-job')).toBeUndefined();
  });

  it('reads a job that BullMQ started at the upsert (its start date already passed) as the aligned tick', () => {
    const quarterHour = { frequency: 'minutes', every: 15, timezone: 'UTC' } as const;
    // The upsert landed 65 ms after 10:15:00, so BullMQ's jobs carry that offset.
    const late = Date.parse('2026-01-01T10:15:00.065Z');
    expect(scheduledTickOf(quarterHour, late).toISOString()).toBe('2026-01-01T10:15:00.000Z');
    expect(scheduledTickOf(quarterHour, late + 900_000).toISOString()).toBe('2026-01-01T10:30:00.000Z');
    expect(isScheduledTick(quarterHour, scheduledTickOf(quarterHour, late))).toBe(true);
    // A cron schedule's jobs already sit on its ticks.
    const cron = { frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'UTC' } as const;
    const nine = Date.parse('2026-01-05T09:00:00.000Z');
    expect(scheduledTickOf(cron, nine).getTime()).toBe(nine);
  });

  it.skipIf(missing)(
    suiteName('gets jobs whose ids carry aligned ticks from the installed BullMQ', missing),
    { timeout: 60_000 },
    async () => {
      const prefix = `jrel-${randomBytes(5).toString('hex')}`;
      const connection = { url: redisUrl as string, maxRetriesPerRequest: null };
      const queue = new Queue('junction-triggers', { connection, prefix });
      const every = 1000;
      const ticks: number[] = [];
      const worker = new Worker(
        'junction-triggers',
        async (job) => {
          ticks.push(job.opts.prevMillis ?? tickOfJobId(job.id) ?? -1);
        },
        { connection, prefix },
      );
      try {
        await queue.upsertJobScheduler(
          'schedule:wf',
          // At least 1.5 s ahead, so the upsert lands before it even on a loaded machine (when it
          // does not, BullMQ starts at the upsert: the case the test above pins).
          { every, startDate: (Math.floor((Date.now() + 1500) / every) + 1) * every },
          { name: 'schedule', data: {} },
        );
        for (let i = 0; i < 300 && ticks.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        for (const tick of ticks) expect(tick % every).toBe(0);
        // A one-second schedule is not a Schedule app spec; a minute one on those ticks would be.
        const minuteTick = Math.ceil(ticks[0] / 60_000) * 60_000;
        expect(isScheduledTick({ frequency: 'minutes', every: 1, timezone: 'UTC' }, new Date(minuteTick))).toBe(true);
      } finally {
        await worker.close();
        await queue.obliterate({ force: true });
        await queue.close();
      }
    },
  );
});
