/** The engine's settings and the lease rule of a checkpoint between steps. */
import { describe, expect, it } from 'vitest';
import { createTestConfig } from '../store/test-db.js';
import { engineSettings, heartbeatEveryMs, LEASE_MS, leaseNeedsRenewal, RECONCILE_INTERVAL_MS } from './settings.js';

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

  it('keeps the lease short whatever the step timeout, with three heartbeats to miss before it lapses', () => {
    for (const stepTimeoutMs of [1_000, 30_000, 120_000]) {
      const lease = engineSettings(createTestConfig({ stepTimeoutMs })).leaseMs;
      expect(lease).toBe(LEASE_MS);
      expect(lease / heartbeatEveryMs(lease)).toBeGreaterThanOrEqual(4);
    }
    // A dead worker's run is due again within 15 s: the lease, then a reconciler scan.
    expect(LEASE_MS + RECONCILE_INTERVAL_MS).toBeLessThanOrEqual(15_000);
  });
});
