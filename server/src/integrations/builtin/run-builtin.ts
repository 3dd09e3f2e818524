/**
 * Runs the actions built-in apps mark with an in-process executor key (`builtin` on the
 * action): schedule ticks, Formatter, Filter and Delay. The `http` key is not in-process: the
 * executor builds its request with core's `buildCustomRequest` and sends it.
 */
import { type BuiltinOutcome, runDelay, runFilter } from './flow.js';
import { runFormatter } from './formatter.js';
import { nextRuns, validateSchedule } from './schedule.js';
import type { BuiltinExecutorKey } from './types.js';

/**
 * Runs one in-process built-in action on already-resolved values; `now` is the run's clock.
 *
 * @example runBuiltinAction('formatter', 'text', { transform: 'upper', input: 'ada' }, new Date())
 * // { ok: true, output: { output: 'ADA' } }
 */
export function runBuiltinAction(
  key: Exclude<BuiltinExecutorKey, 'http'>,
  actionKey: string,
  values: Record<string, unknown>,
  now: Date,
): BuiltinOutcome {
  switch (key) {
    case 'formatter':
      return runFormatter(actionKey, values);
    case 'filter':
      return runFilter(values);
    case 'delay':
      return runDelay(values, now);
    case 'schedule':
      return runScheduleTick(values, now);
  }
}

/**
 * The Schedule trigger's sample and tick: a one-item list (data_head '0') with the time it
 * fired and the next fire time, after checking the schedule's fields.
 *
 * @example runScheduleTick({ frequency: 'hours', every: 1 }, new Date('2025-01-01T10:00:00Z')).output
 * // [{ scheduledAt: '2025-01-01T10:00:00.000Z', timezone: 'UTC', nextRunAt: '2025-01-01T11:00:00.000Z' }]
 */
export function runScheduleTick(values: Record<string, unknown>, now: Date): BuiltinOutcome {
  const checked = validateSchedule(values);
  if (!checked.ok) return checked;
  const [next] = nextRuns(checked.spec, 1, now);
  return {
    ok: true,
    output: [
      { scheduledAt: now.toISOString(), timezone: checked.spec.timezone, nextRunAt: next?.toISOString() ?? null },
    ],
  };
}
