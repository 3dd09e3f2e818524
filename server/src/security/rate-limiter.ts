/**
 * In-memory fixed-window counters, per process: a request counter and a byte quota. The app
 * counts route and service limits through @fastify/rate-limit instead (rate-limit-store.ts,
 * shared through Redis when REDIS_URL is set); these serve services used without an app and
 * the limits no plugin counts (an hourly cap, upload bytes per address).
 */

/** A fixed-window counter per key. */
export interface RateLimiter {
  /** Counts one request for `key`; answers 0 when allowed, else the seconds until the window resets. */
  take(key: string, limit: number): number;
}

/** Counts bytes per key in fixed windows (the upload quota per visitor address). */
export interface ByteQuota {
  /** Adds `bytes` for `key` when they fit under `limit`: answers 0, else the seconds until the window resets. */
  take(key: string, bytes: number, limit: number): number;
}

/** Most keys kept before expired windows are swept (bounds memory under many addresses). */
const MAX_KEYS = 10_000;

/** One window per key holding an amount; `current` starts a new one when the last has passed. */
function fixedWindows(windowMs: number, now: () => number) {
  const windows = new Map<string, { start: number; amount: number }>();
  return {
    /** The key's window at this moment, and the seconds until it resets (at least 1). */
    current(key: string) {
      const at = now();
      if (windows.size > MAX_KEYS) {
        for (const [k, w] of windows) if (at - w.start >= windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, amount: 0 };
        windows.set(key, window);
      }
      return { window, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - at) / 1000)) };
    },
  };
}

/**
 * Creates an in-memory fixed-window limiter (one window per key). A refused request counts
 * too, so a client that keeps knocking stays refused until the window resets.
 *
 * @example
 * const limiter = createRateLimiter(60_000, Date.now);
 * limiter.take('ip:1.2.3.4', 20); // 0 while under 20 a minute
 */
export function createRateLimiter(windowMs: number, now: () => number): RateLimiter {
  const windows = fixedWindows(windowMs, now);
  return {
    take(key, limit) {
      const { window, retryAfter } = windows.current(key);
      window.amount += 1;
      return window.amount <= limit ? 0 : retryAfter;
    },
  };
}

/**
 * Creates an in-memory byte quota with one fixed window per key: bytes that do not fit are
 * not counted.
 *
 * @example
 * const quota = createByteQuota(3_600_000, Date.now);
 * quota.take('203.0.113.9', 1_000_000, 50 * 1024 * 1024); // 0 while under 50 MiB an hour
 */
export function createByteQuota(windowMs: number, now: () => number): ByteQuota {
  const windows = fixedWindows(windowMs, now);
  return {
    take(key, bytes, limit) {
      const { window, retryAfter } = windows.current(key);
      if (window.amount + bytes > limit) return retryAfter;
      window.amount += bytes;
      return 0;
    },
  };
}
