/**
 * `junction worker`: a process that only consumes the BullMQ execution queue
 * (and runs the reconciler and the triggers' background work), with no HTTP server. Any number
 * of them may run against one PostgreSQL database and one Redis.
 */
import { loadConfig } from './config.js';
import { createReadinessProbe, startHealthServer } from './health.js';
import { enableMetrics } from './metrics.js';
import { createServices } from './compose.js';

/**
 * Starts a worker from the environment; resolves once it consumes, with a function that
 * stops it (finishing the runs in progress). Needs REDIS_URL; DATABASE_URL should be set
 * (several processes cannot share the embedded queue).
 *
 * @example
 * const stop = await startWorker({ ...process.env, REDIS_URL: 'redis://127.0.0.1:6379' });
 * process.on('SIGTERM', () => stop().then(() => process.exit(0)));
 */
export async function startWorker(
  env: Record<string, string | undefined> = process.env,
  io: { stdout: (text: string) => void } = { stdout: (text) => process.stdout.write(text) },
): Promise<() => Promise<void>> {
  const config = { ...loadConfig(env), runWorkers: true };
  if (!config.redisUrl) {
    throw new Error(
      'junction worker needs REDIS_URL (a shared queue); without it `junction start` runs executions in its own process.',
    );
  }
  if (config.metrics) await enableMetrics();
  const services = createServices(config);
  try {
    await services.ready;
  } catch (error) {
    await services.close();
    throw error;
  }
  io.stdout(`Junction worker is consuming the execution queue (pid ${process.pid}).\n`);
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
  io.stdout(`Junction worker health at http://${healthHost}:${health.port}/health/ready\n`);
  return async () => {
    await health.close();
    await probe.close();
    await services.close();
  };
}
