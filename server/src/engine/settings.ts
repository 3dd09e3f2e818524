/** The engine's settings, read from Config with their defaults. */
import type { Config } from '../config.js';

/** Resolved engine settings. */
export interface EngineSettings {
  stepTimeoutMs: number;
  stepRetries: number;
  stepRetryBaseMs: number;
  concurrency: number;
  /** Share of a process's runner slots one workspace may hold (fair-slots.ts). */
  tenantShare: number;
  webhookQueueLimit: number;
  /** Webhooks of one workspace being recorded at once in this process. */
  webhookWorkspaceConcurrency: number;
  /** Pick-off items one webhook request may start. */
  webhookItemLimit: number;
  /** Largest resolved input of one step, in bytes. */
  stepInputLimit: number;
  reconcileIntervalMs: number;
  /** How long a claimed execution stays its worker's without a renewal. */
  leaseMs: number;
  queuePrefix: string;
  runWorkers: boolean;
}

/**
 * Whether a checkpoint between two steps extends the execution's lease: once a quarter of it
 * has passed. Until then at least three quarters remain, and the heartbeat renews it while the
 * next step runs, so a chain of quick steps writes the execution row once for its claim instead
 * of once per step.
 */
export function leaseNeedsRenewal(leaseUntilMs: number, nowMs: number, leaseMs: number): boolean {
  return !(leaseUntilMs - nowMs > leaseMs * 0.75);
}

/**
 * How long a claimed execution stays its worker's without a renewal. Short, so a killed
 * worker's runs start again elsewhere within about 15 s (the lease, then the next reconciler
 * scan or BullMQ's stalled-job check); a live worker renews it with a heartbeat while a step
 * runs ({@link heartbeatEveryMs}), whatever the step's timeout.
 */
export const LEASE_MS = 10_000;

/** Default of RECONCILE_INTERVAL_MS: how often expired leases and stuck queued runs are re-enqueued. */
export const RECONCILE_INTERVAL_MS = 3_000;

/**
 * How often a worker renews the lease of an execution whose step is still running: a quarter of
 * the lease, so three beats in a row can be missed (a busy database, a pause of the event loop)
 * before the run is taken for dead.
 */
export function heartbeatEveryMs(leaseMs: number): number {
  return Math.max(100, Math.floor(leaseMs / 4));
}

/** Seconds a webhook caller is asked to wait when a workflow's queue is full. */
export const WEBHOOK_RETRY_AFTER_SECONDS = 5;

/** Seconds a webhook caller is asked to wait when its workspace has too many webhooks being recorded. */
export const WORKSPACE_RETRY_AFTER_SECONDS = 1;

/** Reads the settings from the configuration. */
export function engineSettings(config: Config): EngineSettings {
  const stepTimeoutMs = config.stepTimeoutMs ?? 30_000;
  return {
    stepTimeoutMs,
    stepRetries: config.stepRetries ?? 3,
    stepRetryBaseMs: config.stepRetryBaseMs ?? 500,
    concurrency: Math.max(1, config.workerConcurrency ?? 50),
    tenantShare: Math.min(1, positive(config.workerTenantShare, 0.5)),
    webhookQueueLimit: config.webhookQueueLimit ?? 1000,
    webhookItemLimit: positive(config.webhookItemLimit, 1000),
    webhookWorkspaceConcurrency: positive(config.webhookWorkspaceConcurrency, 64),
    stepInputLimit: positive(config.stepInputLimit, 4 * 1024 * 1024),
    reconcileIntervalMs: config.reconcileIntervalMs ?? RECONCILE_INTERVAL_MS,
    // Renewed between steps and by a heartbeat during one, so it need not outlive a step.
    leaseMs: LEASE_MS,
    queuePrefix: config.queuePrefix ?? 'junction',
    runWorkers: config.runWorkers ?? true,
  };
}

/** A configured limit when it is a positive number, else the default. */
function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A byte count in words: '4 MiB', '512 KiB', '900 bytes'. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const n = bytes / size;
      return `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}
