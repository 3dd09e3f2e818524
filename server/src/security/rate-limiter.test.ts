import { describe, expect, it } from 'vitest';
import { createByteQuota, createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('allows `limit` requests per window and key, then says how long to wait', () => {
    let now = 0;
    const limiter = createRateLimiter(60_000, () => now);
    expect([1, 2, 3].map(() => limiter.take('a', 2))).toEqual([0, 0, 60]);
    expect(limiter.take('b', 2)).toBe(0);
    now = 30_000;
    expect(limiter.take('a', 2)).toBe(30);
    now = 60_000;
    expect(limiter.take('a', 2)).toBe(0);
  });

  it('answers at least one second in the window’s last moment', () => {
    let now = 0;
    const limiter = createRateLimiter(60_000, () => now);
    limiter.take('a', 1);
    now = 59_999;
    expect(limiter.take('a', 1)).toBe(1);
  });
});

describe('createByteQuota', () => {
  it('adds bytes that fit, refuses what would pass the limit without counting it, and resets with the window', () => {
    let now = 0;
    const quota = createByteQuota(3_600_000, () => now);
    expect(quota.take('203.0.113.9', 600, 1000)).toBe(0);
    now = 600_000;
    expect(quota.take('203.0.113.9', 500, 1000)).toBe(3000);
    // The refused 500 bytes were not counted: 400 still fit.
    expect(quota.take('203.0.113.9', 400, 1000)).toBe(0);
    expect(quota.take('198.51.100.1', 1000, 1000)).toBe(0);
    now = 3_600_000;
    expect(quota.take('203.0.113.9', 1000, 1000)).toBe(0);
  });
});
