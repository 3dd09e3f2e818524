/**
 * The delay rule (editor-core 2.10 'Delay Time (seconds)', 9 "Delay unit: seconds (default
 * 0)"): a link's delay is a whole number of seconds from 0 to one year. The delay panel, the
 * graph edit and the document reader the server validates with all ask this module.
 */
import { DOCUMENT_LIMITS } from './document-limits.js';

/** The longest delay a link may hold: one year, in seconds. */
export const MAX_DELAY_SECONDS = DOCUMENT_LIMITS.maxDelaySeconds;

/**
 * Says why `seconds` is not a delay, or undefined when it is one.
 *
 * @example
 * delayProblem(30) // undefined
 * delayProblem(1.5) // 'Enter a whole number of seconds, 0 or more.'
 */
export function delayProblem(seconds: number): string | undefined {
  if (!Number.isInteger(seconds) || seconds < 0) return 'Enter a whole number of seconds, 0 or more.';
  if (seconds > MAX_DELAY_SECONDS) return `A delay can be at most ${MAX_DELAY_SECONDS} seconds (one year).`;
  return undefined;
}

/**
 * Reads the delay a person typed: empty means the default 0; else the number, or the message
 * to show.
 *
 * @example
 * parseDelay('30') // { ok: true, seconds: 30 }
 * parseDelay('-1').ok // false
 */
export function parseDelay(text: string): { ok: true; seconds: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, seconds: 0 };
  const seconds = Number(trimmed);
  const message = delayProblem(seconds);
  return message === undefined ? { ok: true, seconds } : { ok: false, message };
}
