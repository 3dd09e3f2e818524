/**
 * Prometheus metrics of one process (METRICS=on): executions finished by status, execution
 * queue depth, step duration and webhook acknowledgement histograms, plus Node's defaults,
 * served by {@link startMetricsServer} on their own port (never the API's).
 * The engine and the HTTP layer report through {@link metrics}, a no-op until
 * {@link enableMetrics} loads prom-client, so a process without METRICS pays nothing.
 */
import { listenProbeServer, type ProbeServer } from './probe-server.js';

/** The part of prom-client's Registry that /metrics uses. */
export interface MetricsRegistry {
  contentType: string;
  metrics(): Promise<string>;
}

// Named through a variable: prom-client loads only with METRICS=on, and the type check does not
// need it installed (a checkout whose node_modules predates it still type-checks).
const PROM_CLIENT = 'prom-client';

/** What the engine and the HTTP layer report. */
export interface MetricsSink {
  /** An execution ended with this status (succeeded, failed, filtered, cancelled…). */
  executionFinished(status: string): void;
  /** One action step ran for `seconds` (retries included). */
  stepDuration(seconds: number, outcome: 'ok' | 'error' | 'timeout'): void;
  /** A webhook was answered with `status` after `seconds`. */
  webhookAcknowledged(seconds: number, status: number): void;
}

const NOOP: MetricsSink = {
  executionFinished: () => undefined,
  stepDuration: () => undefined,
  webhookAcknowledged: () => undefined,
};

let sink: MetricsSink = NOOP;
let queueDepth: (() => Promise<number>) | undefined;
let enabled: Promise<MetricsRegistry> | undefined;

/** The process's metrics sink (a no-op unless METRICS=on). */
export const metrics: MetricsSink = {
  executionFinished: (status) => sink.executionFinished(status),
  stepDuration: (seconds, outcome) => sink.stepDuration(seconds, outcome),
  webhookAcknowledged: (seconds, status) => sink.webhookAcknowledged(seconds, status),
};

/** Tells the metrics how to read this process's execution queue depth (the engine calls it on start). */
export function setQueueDepthSource(source: (() => Promise<number>) | undefined): void {
  queueDepth = source;
}

/**
 * Loads prom-client and starts recording (once per process); answers the registry to expose.
 *
 * @example
 * const registry = await enableMetrics();
 * reply.type(registry.contentType).send(await registry.metrics());
 */
export function enableMetrics(): Promise<MetricsRegistry> {
  enabled ??= (async () => {
    // biome-ignore lint/suspicious/noExplicitAny: loaded by name, see PROM_CLIENT.
    const client: any = await import(PROM_CLIENT);
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: 'junction_' });
    const executions = new client.Counter({
      name: 'junction_executions_total',
      help: 'Executions this process finished, by final status.',
      labelNames: ['status'],
      registers: [registry],
    });
    const steps = new client.Histogram({
      name: 'junction_step_duration_seconds',
      help: 'Duration of action steps this process ran, retries included.',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
    const acks = new client.Histogram({
      name: 'junction_webhook_ack_seconds',
      help: 'Time from a webhook request to its answer, by HTTP status.',
      labelNames: ['status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const depth = new client.Gauge({
      name: 'junction_queue_depth',
      help: "Executions waiting in this process's execution queue.",
      registers: [registry],
      async collect() {
        depth.set(queueDepth ? await queueDepth().catch(() => 0) : 0);
      },
    });
    sink = {
      executionFinished: (status: string) => executions.inc({ status }),
      stepDuration: (seconds: number, outcome: string) => steps.observe({ outcome }, seconds),
      webhookAcknowledged: (seconds: number, status: number) => acks.observe({ status: String(status) }, seconds),
    };
    return registry;
  })();
  return enabled;
}

/**
 * Serves `GET /metrics` alone on its own port (METRICS_PORT on METRICS_HOST, loopback by
 * default), so the published API port never exposes the process's internals; anything else
 * is a 404 Problem.
 *
 * @example
 * const server = await startMetricsServer({ port: 9464, host: '127.0.0.1' });
 */
export async function startMetricsServer(options: { port: number; host: string }): Promise<ProbeServer> {
  const registry = await enableMetrics();
  return listenProbeServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && pathname === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500, { 'content-type': 'application/problem+json' });
          res.end(
            JSON.stringify({
              type: 'about:blank',
              title: 'Internal Server Error',
              status: 500,
              code: 'server.internal',
            }),
          );
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'resource.not_found',
        detail: `No route for ${req.method} ${pathname}.`,
      }),
    );
  }, options);
}
