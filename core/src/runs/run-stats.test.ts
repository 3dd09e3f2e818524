import { describe, expect, it } from 'vitest';
import { failureRate, firstDayOf, formatFailureRate, runDays } from './run-stats.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('runDays', () => {
  it('answers every day of the period, oldest first, zeros included', () => {
    const days = runDays([], 7, NOW);
    expect(days.map((d) => d.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(days.every((d) => d.succeeded + d.failed + d.other === 0)).toBe(true);
    expect(runDays([], 30, NOW)).toHaveLength(30);
    expect(firstDayOf(30, NOW)).toBe('2026-02-09');
  });

  it('sorts the counts into succeeded, failed and other, and drops days outside the period', () => {
    const days = runDays(
      [
        { day: '2026-03-10', status: 'succeeded', count: 4 },
        { day: '2026-03-10', status: 'failed', count: 1 },
        { day: '2026-03-10', status: 'cancelled', count: 2 },
        { day: '2026-03-10', status: 'filtered', count: 1 },
        { day: '2026-03-01', status: 'failed', count: 9 },
      ],
      7,
      NOW,
    );
    expect(days.at(-1)).toEqual({ day: '2026-03-10', succeeded: 4, failed: 1, other: 3 });
    expect(days.reduce((n, d) => n + d.failed, 0)).toBe(1);
  });
});

describe('failureRate', () => {
  it('is failed over finished runs, and null without any', () => {
    expect(failureRate([{ day: 'a', succeeded: 3, failed: 1, other: 10 }])).toBe(0.25);
    expect(failureRate([{ day: 'a', succeeded: 0, failed: 0, other: 10 }])).toBeNull();
    expect(formatFailureRate(0.125)).toBe('12.5%');
    expect(formatFailureRate(1 / 3)).toBe('33.3%');
    expect(formatFailureRate(null)).toBe('No finished runs');
  });
});
