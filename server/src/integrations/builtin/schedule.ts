/**
 * The Schedule app (editor-core 2.9): its definition. The rules (`validateSchedule`,
 * `nextRuns`) live in core's apps/schedule.ts; the engine turns a schedule into a job scheduler.
 */
import { type BuiltinAppDefinition, describedField, iconUrl } from './types.js';

export type { ScheduleFrequency, ScheduleProblem, ScheduleResult, ScheduleSpec } from '@junction/core';
export { isTimeZone, nextRuns, validateSchedule } from '@junction/core';

/** The Schedule app: one trigger whose hidden action yields the tick that fired. */
export const scheduleApp: BuiltinAppDefinition = {
  appSlug: 'schedule',
  appName: 'Schedule',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('schedule'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {
    tick: {
      title: 'Scheduled time',
      description: 'The time a schedule fired, as an ISO date in UTC.',
      hidden: true,
      method: 'get',
      url: '',
      fields: [],
      builtin: 'schedule',
    },
  },
  triggers: {
    schedule: {
      label: 'Schedule',
      description: 'Triggers every N minutes, hours or days, or on a cron expression, in a time zone.',
      type: 'polling',
      action: 'tick',
      pollingParams: { dedupe_key: 'scheduledAt', data_head: '0' },
      fields: [
        {
          name: 'frequency',
          title: 'Frequency',
          required: true,
          schema: {
            type: 'string',
            enum: ['minutes', 'hours', 'days', 'cron'],
            enumNames: ['Every N minutes', 'Every N hours', 'Every N days', 'Cron expression'],
          },
        },
        describedField('every', 'Every', 'How many minutes, hours or days between runs.', { type: 'integer' }),
        describedField('at', 'Time of day', 'HH:MM, for every N days (default 00:00).'),
        describedField('cron', 'Cron expression', 'Five fields: minute hour day month weekday.'),
        describedField('timezone', 'Time zone', "An IANA zone such as 'Europe/Paris' (default UTC)."),
      ],
    },
  },
};
