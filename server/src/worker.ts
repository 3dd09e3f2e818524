/**
 * `junction worker`: a process that only consumes the BullMQ execution queue
 * (and runs the reconciler and the triggers' background work), with no HTTP server. Any number
 * of them may run against one PostgreSQL database and one Redis.
 */
import { loadConfig } from './config.js';
import { createReadinessProbe, startHealthServer } from './health.js';
import { enableMetrics } from './metrics.js';
import { createServices } from './compose.js';
import { createLogger } from './log.js';
import { assertWorkerConfig, checkReachable } from './startup-checks.js';

/**
 * Starts a worker from the environment; resolves once it consumes, with a function that
 * stops it (finishing the runs in progress). Needs REDIS_URL and DATABASE_URL (a ConfigError
 * otherwise), and both answering within START_TIMEOUT_MS.
 *
 * @example
 * const stop = await startWorker({ ...process.env, DATABASE_URL: 'postgres://db/junction', REDIS_URL: 'redis://127.0.0.1:6379' });
 * process.on('SIGTERM', () => stop().then(() => process.exit(0)));
 */
export async function startWorker(
  env: Record<string, string | undefined> = process.env,
  io: { stdout: (line: string) => void } = { stdout: bannerLine },
): Promise<() => Promise<void>> {
  const config = { ...loadConfig(env), runWorkers: true };
  // One line and exit 2 (ConfigError) rather than a worker on a SQLite file of its own, or one
  // that waits for ever on an unreachable database or Redis.
  assertWorkerConfig(config);
  await checkReachable(config, config.startTimeoutMs ?? 10_000);
  if (config.metrics) await enableMetrics();
  const services = createServices(config);
  try {
    await services.ready;
  } catch (error) {
    await services.close();
    throw error;
  }
  io.stdout(`Junction worker is consuming the execution queue (pid ${process.pid}).`);
  if (config.workerHealthPort === undefined) return () => services.close();
  // Health (and metrics) over HTTP for orchestrators: the worker has no API of its own.
  const probe = createReadinessProbe(services, config);
  // Loopback unless WORKER_HEALTH_HOST says otherwise: it serves metrics and needs no public reach.
  const healthHost = config.workerHealthHost ?? '127.0.0.1';
  const health = await startHealthServer(probe, {
    port: config.workerHealthPort,
    host: healthHost,
    metrics: config.metrics ?? false,
  });
  io.stdout(`Junction worker health at http://${healthHost}:${health.port}/health/ready`);
  return async () => {
    await health.close();
    await probe.close();
    await services.close();
  };
}

/** The start banner: a pino line like the rest (name `worker`), shown whatever LOG_LEVEL says. */
function bannerLine(line: string): void {
  banner ??= createLogger('info', 'worker');
  banner.info({ pid: process.pid }, line);
}
let banner: ReturnType<typeof createLogger> | undefined;
