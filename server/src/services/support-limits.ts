/**
 * The bounds of the two writes support takes from anyone: browser crash reports (anonymous,
 * editor-core 7.6) and support tickets (one per account action, onboarding 3). Each has a
 * rate, a size and a retention, with defaults (kernel/support-limits.ts; engine/retention.ts
 * prunes them); RELIABILITY.md "Attacks on one process" lists them. The per-address limit of crash reports follows RATE_LIMITS; the cap over all visitors,
 * the per-workspace ticket quota, the sizes and the retention always apply.
 */
import { PROBLEM_CODES } from '@junction/core';
import { createRateLimiter } from '../security/rate-limiter.js';
import { Problem } from '../kernel/errors.js';
import type { SupportLimits } from '../kernel/support-limits.js';

/**
 * Cuts a crash report's error text to `max` characters, saying so at the end.
 *
 * @example
 * cutReport('x'.repeat(10), 4) // 'xxxx… (cut: 10 characters)'
 */
export function cutReport(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (cut: ${text.length} characters)`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The cap on crash reports over all visitors: `perMinute` through the shared limiter (every
 * API process together when REDIS_URL is set; this process alone otherwise, also with
 * RATE_LIMITS off) and ten times that an hour in this process.
 */
export function createReportCap(
  take: (key: string, limit: number) => Promise<number>,
  now: () => number,
): (limits: SupportLimits) => Promise<void> {
  const hourly = createRateLimiter(HOUR_MS, now);
  return async (limits) => {
    const minuteWait = await take('error-reports:all', limits.errorReportsPerMinute);
    if (minuteWait > 0) throw reportsFull(minuteWait, `${limits.errorReportsPerMinute} a minute`);
    const hourWait = hourly.take('error-reports:all', limits.errorReportsPerMinute * 10);
    if (hourWait > 0) throw reportsFull(hourWait, `${limits.errorReportsPerMinute * 10} an hour`);
  };
}

function reportsFull(wait: number, what: string): Problem {
  return new Problem(429, 'Too Many Requests', {
    detail: `This server takes at most ${what} crash reports from all visitors together (ERROR_REPORTS_PER_MINUTE); this one was not recorded.`,
    retryAfter: wait,
    code: PROBLEM_CODES.quotaExceeded,
  });
}
