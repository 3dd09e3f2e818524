import { describe, expect, it } from 'vitest';
import { isTimeZone, nextRuns, type ScheduleSpec, validateSchedule } from './schedule.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('validateSchedule', () => {
  it('accepts intervals and cron expressions, defaulting the zone to UTC and days to 00:00', () => {
    expect(validateSchedule({ frequency: 'minutes', every: '15' })).toEqual({
      ok: true,
      spec: { frequency: 'minutes', every: 15, timezone: 'UTC' },
    });
    expect(validateSchedule({ frequency: 'days', every: 2, timezone: 'Europe/Paris' })).toEqual({
      ok: true,
      spec: { frequency: 'days', every: 2, at: '00:00', timezone: 'Europe/Paris' },
    });
    expect(validateSchedule({ frequency: 'cron', cron: ' 0 9 * * 1-5 ', timezone: 'America/New_York' })).toEqual({
      ok: true,
      spec: { frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'America/New_York' },
    });
  });

  it('names the field at fault', () => {
    const fields = (values: Record<string, unknown>) => {
      const result = validateSchedule(values);
      return result.ok ? [] : result.errors.map((e) => e.field);
    };
    expect(fields({ frequency: 'weekly' })).toEqual(['frequency']);
    expect(fields({ frequency: 'minutes', every: 0 })).toEqual(['every']);
    expect(fields({ frequency: 'hours', every: 1.5 })).toEqual(['every']);
    expect(fields({ frequency: 'days', every: 1, at: '25:00' })).toEqual(['at']);
    expect(fields({ frequency: 'cron', cron: '' })).toEqual(['cron']);
    expect(fields({ frequency: 'cron', cron: '61 * * * *' })).toEqual(['cron']);
    // Six fields would fire every second: minute precision only.
    expect(fields({ frequency: 'cron', cron: '* * * * * *' })).toEqual(['cron']);
    expect(fields({ frequency: 'minutes', every: 5, timezone: 'Mars/Olympus' })).toEqual(['timezone']);
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses other names, the same when asked again', () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone('Europe/Paris')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('Mars/Olympus')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
  });
});

describe('nextRuns', () => {
  const from = new Date('2025-03-08T10:07:30Z');

  it('aligns minute and hour intervals to the epoch, strictly after from', () => {
    expect(iso(nextRuns({ frequency: 'minutes', every: 15, timezone: 'UTC' }, 3, from))).toEqual([
      '2025-03-08T10:15:00.000Z',
      '2025-03-08T10:30:00.000Z',
      '2025-03-08T10:45:00.000Z',
    ]);
    expect(iso(nextRuns({ frequency: 'hours', every: 6, timezone: 'UTC' }, 2, from))).toEqual([
      '2025-03-08T12:00:00.000Z',
      '2025-03-08T18:00:00.000Z',
    ]);
    expect(
      iso(nextRuns({ frequency: 'minutes', every: 15, timezone: 'UTC' }, 1, new Date('2025-03-08T10:15:00Z'))),
    ).toEqual(['2025-03-08T10:30:00.000Z']);
  });

  it('fires daily schedules at the local time, across a DST change', () => {
    const spec: ScheduleSpec = { frequency: 'days', every: 1, at: '09:00', timezone: 'America/New_York' };
    // US clocks moved forward on 2025-03-09: 09:00 is 14:00Z before and 13:00Z after.
    expect(iso(nextRuns(spec, 3, from))).toEqual([
      '2025-03-08T14:00:00.000Z',
      '2025-03-09T13:00:00.000Z',
      '2025-03-10T13:00:00.000Z',
    ]);
  });

  it('keeps every N-th local day', () => {
    const runs = nextRuns({ frequency: 'days', every: 3, at: '00:00', timezone: 'UTC' }, 3, from);
    const days = runs.map((d) => d.getTime() / 86_400_000);
    expect(days.every((day) => day % 3 === 0)).toBe(true);
    expect(days[1] - days[0]).toBe(3);
    expect(days[2] - days[1]).toBe(3);
  });

  it('follows a cron expression in its zone', () => {
    const spec: ScheduleSpec = { frequency: 'cron', cron: '30 8 * * 1', timezone: 'Europe/Paris' };
    expect(iso(nextRuns(spec, 2, from))).toEqual(['2025-03-10T07:30:00.000Z', '2025-03-17T07:30:00.000Z']);
  });

  it('returns nothing for n = 0', () => {
    expect(nextRuns({ frequency: 'minutes', every: 1, timezone: 'UTC' }, 0, from)).toEqual([]);
  });
});
