/**
 * What the failure-alert screens say (docs/failure-alerts.md): the intervals a workspace picks
 * from, each in words, and the sentence after "Send a test alert" built from the server's answer
 * (how many people, and whether the mail left over SMTP or only reached the server's log).
 */
import { ALERT_INTERVAL_LIMITS, DEFAULT_ALERT_INTERVAL_MINUTES } from './failure-alerts.js';

/** The intervals offered, in minutes, from the shortest to the longest the server takes. */
export const ALERT_INTERVAL_CHOICES = [
  ALERT_INTERVAL_LIMITS.min,
  15,
  30,
  DEFAULT_ALERT_INTERVAL_MINUTES,
  4 * 60,
  24 * 60,
  ALERT_INTERVAL_LIMITS.max,
] as const;

/**
 * An interval in words.
 *
 * @example
 * alertIntervalText(60); // '1 hour'
 * alertIntervalText(10080); // '7 days'
 */
export function alertIntervalText(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** The choices as a select lists them; a stored interval that is not a preset is kept as a choice. */
export function alertIntervalOptions(current?: number): { value: number; label: string }[] {
  const values: number[] = [...ALERT_INTERVAL_CHOICES];
  if (current !== undefined && !values.includes(current)) values.push(current);
  return values.sort((a, b) => a - b).map((value) => ({ value, label: alertIntervalText(value) }));
}

/** The server's answer to POST /api/workflows/{id}/alerts/test. */
export interface TestAlertAnswer {
  recipients: number;
  delivery: 'smtp' | 'log';
}

/**
 * What the screen says once a test alert went out: where it went, or that nobody received it.
 *
 * @example
 * testAlertSentText({ recipients: 2, delivery: 'smtp' }); // 'A test alert was mailed to 2 people (the owners and admins).'
 */
export function testAlertSentText(answer: TestAlertAnswer): string {
  if (answer.recipients === 0)
    return 'No test alert was sent: this workspace has no owner or admin with an e-mail address.';
  const people = answer.recipients === 1 ? '1 person' : `${answer.recipients} people`;
  if (answer.delivery === 'log') {
    return `Mail is not set up on this server (no SMTP_URL): the test alert for ${people} was only written to the server's log, not sent.`;
  }
  return `A test alert was mailed to ${people} (the owners and admins).`;
}
