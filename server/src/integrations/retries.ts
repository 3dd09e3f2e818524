/**
 * Retries with exponential backoff and full jitter: on network errors, on
 * 429 (honouring Retry-After, in seconds or as an HTTP date) and on 5xx; never on other 4xx,
 * on a blocked address, on a timeout or on an oversized answer.
 */
import { isHttpClientError } from '../security/http-client.js';

/** The part of a response the retry decision reads. */
export interface RetryableResponse {
  status: number;
  headers: Record<string, string>;
}

/** Settings of {@link withRetries}. */
export interface RetryOptions {
  /** Retries after the first attempt (0 = one attempt only). */
  max: number;
  /** Base delay: attempt n waits a random time in [0, baseMs × 2^n). */
  baseMs: number;
  /** Longest wait between attempts (default 30 s); a longer Retry-After ends the retries. */
  maxDelayMs?: number;
  /** Waits; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1); tests pass a constant. */
  random?: () => number;
  /** The clock Retry-After dates are measured against. */
  now?: () => number;
  /** Called before each wait, with the attempt that failed (1-based) and the delay. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

/** Default cap of one wait: 30 s. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs `fn` and runs it again while it answers 429 or 5xx or throws a retryable error, up to
 * `max` more times. Returns the last response (a 5xx after the last retry is returned, not
 * thrown) or throws the last error. A 429's Retry-After sets the wait; one longer than
 * `maxDelayMs` ends the retries, so the caller can schedule the step later instead of
 * holding a worker.
 *
 * @example
 * const res = await withRetries(() => http.send(request), { max: 3, baseMs: 500 });
 */
export async function withRetries<T extends RetryableResponse>(
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const isLast = attempt > options.max;
    const backoff = () => Math.floor(random() * Math.min(maxDelay, options.baseMs * 2 ** (attempt - 1)));
    let delayMs: number;
    let reason: string;
    try {
      const result = await fn(attempt);
      if (!isRetryableStatus(result.status) || isLast) return result;
      const asked = result.status === 429 ? retryAfterMs(result.headers['retry-after'], now()) : undefined;
      if (asked !== undefined && asked > maxDelay) return result;
      delayMs = asked ?? backoff();
      reason = `HTTP ${result.status}`;
    } catch (error) {
      if (isLast || !isHttpClientError(error) || !error.isRetryable) throw error;
      delayMs = backoff();
      reason = error.message;
    }
    options.onRetry?.({ attempt, delayMs, reason });
    await sleep(delayMs);
  }
}

/** Tells whether a status is worth another attempt: 429 and 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Reads a Retry-After header: delay-seconds or an HTTP date, as milliseconds from `now`
 * (never negative); undefined when absent or unreadable.
 *
 * @example retryAfterMs('2', Date.now()) // 2000
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
