import { describe, expect, it } from 'vitest';
import { runScheduleTick } from './run-builtin.js';

describe('runScheduleTick', () => {
  it('yields a one-item list with the fire time and the next one', () => {
    expect(runScheduleTick({ frequency: 'hours', every: 1 }, new Date('2025-01-01T10:00:00Z'))).toEqual({
      ok: true,
      output: [{ scheduledAt: '2025-01-01T10:00:00.000Z', timezone: 'UTC', nextRunAt: '2025-01-01T11:00:00.000Z' }],
    });
    expect(runScheduleTick({ frequency: 'cron', cron: 'nope' }, new Date()).ok).toBe(false);
  });
});
