/** The engine's settings and the lease rule of a checkpoint between steps. */
import { describe, expect, it } from 'vitest';
import { createTestConfig } from '../store/test-db.js';
import { engineSettings, leaseNeedsRenewal } from './settings.js';

describe('leaseNeedsRenewal', () => {
  const leaseMs = 60_000;
  const claimedAt = 1_000_000;
  const leaseEnd = claimedAt + leaseMs;

  it('leaves a lease alone while more than three quarters of it remain', () => {
    expect(leaseNeedsRenewal(leaseEnd, claimedAt, leaseMs)).toBe(false);
    expect(leaseNeedsRenewal(leaseEnd, claimedAt + 14_999, leaseMs)).toBe(false);
  });

  it('extends it once a quarter has passed, and when its end is unknown or past', () => {
    expect(leaseNeedsRenewal(leaseEnd, claimedAt + 15_000, leaseMs)).toBe(true);
    expect(leaseNeedsRenewal(leaseEnd, leaseEnd + 1, leaseMs)).toBe(true);
    expect(leaseNeedsRenewal(Number.NaN, claimedAt, leaseMs)).toBe(true);
  });

  it('keeps at least one and a half step timeouts of lease at the start of every step', () => {
    for (const stepTimeoutMs of [1_000, 30_000, 45_000, 120_000]) {
      const lease = engineSettings(createTestConfig({ stepTimeoutMs })).leaseMs;
      const end = claimedAt + lease;
      // The last moment a checkpoint leaves the lease as it is, and what remains of it then.
      let last = claimedAt;
      while (!leaseNeedsRenewal(end, last + 1, lease)) last += 1;
      expect(end - last).toBeGreaterThanOrEqual(1.5 * stepTimeoutMs);
    }
  });
});
