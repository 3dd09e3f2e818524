/**
 * Legacy schedule triggers (editor-core 2.9): the old product named one event per period
 * ('everyHour' with a `minute` field, 'everyDay', 'every15Minutes'…); Junction's Schedule app
 * has one event, `schedule`, with frequency / every / at / cron / timezone fields
 * (apps/schedule.ts). Migration converts the old events so a migrated schedule can be
 * switched ON instead of being refused with 'Frequency must be minutes, hours, days or cron.'.
 */
import type { FieldDef } from '../apps/types.js';
import type { StepData } from './types.js';

/** The Schedule app's one trigger event. */
export const SCHEDULE_EVENT = 'schedule';

const LEGACY_EVENT = /^every(\d*)(minute|hour|day)s?$/i;
const UNITS = { minute: 'minutes', hour: 'hours', day: 'days' } as const;

function fieldValue(fields: readonly FieldDef[], name: string): unknown {
  return fields.find((f) => f.name === name)?.value;
}

// A whole number in [min, max] from a number or numeric text; undefined otherwise.
function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Converts a legacy schedule trigger's event and fields to the current Schedule fields, or
 * answers null when the step is not a legacy schedule (already current, or another app).
 * `warning` says what could not be carried over.
 *
 * @example convertLegacySchedule(data) // everyHour + minute 15 → { frequency: 'cron', cron: '15 * * * *' }
 */
export function convertLegacySchedule(data: StepData): { patch: Partial<StepData>; warning?: string } | null {
  if (data.type !== 'schedule' || data.action === SCHEDULE_EVENT) return null;
  const timezone = fieldValue(data.fields, 'timezone');
  const zone = typeof timezone === 'string' && timezone.trim() !== '' ? timezone.trim() : 'UTC';
  const match = LEGACY_EVENT.exec(data.action);
  let values: Record<string, unknown> | null = null;
  let warning: string | undefined;
  if (match) {
    const every = match[1] === '' ? 1 : Number(match[1]);
    const unit = UNITS[match[2].toLowerCase() as keyof typeof UNITS];
    const minute = wholeNumber(fieldValue(data.fields, 'minute'), 0, 59);
    const hour = wholeNumber(fieldValue(data.fields, 'hour'), 0, 23);
    if (unit === 'hours' && every === 1 && minute !== undefined && minute !== 0) {
      // Every hour at minute M: the interval form only fires on the hour.
      values = { frequency: 'cron', cron: `${minute} * * * *` };
    } else if (unit === 'days') {
      values = { frequency: 'days', every, at: `${two(hour ?? 0)}:${two(minute ?? 0)}` };
    } else {
      values = { frequency: unit, every };
    }
  } else {
    warning = `schedule event "${data.action}" has no equivalent; choose the schedule again`;
  }
  const fields: FieldDef[] = values
    ? [
        { name: 'frequency', title: 'Frequency', required: true, value: values.frequency },
        ...Object.entries(values)
          .filter(([name]) => name !== 'frequency')
          .map(([name, value]) => ({ name, value })),
        { name: 'timezone', title: 'Time zone', value: zone },
      ]
    : [];
  return {
    patch: { action: SCHEDULE_EVENT, actionlabel: 'Schedule', triggerlabel: 'Schedule', fields },
    warning,
  };
}
