/**
 * Liveness and readiness of a Junction process, shared by the API (`/api/health/live`,
 * `/api/health/ready`) and `junction worker` (its WORKER_HEALTH_PORT server). Ready means the
 * database answers and, when REDIS_URL is set, Redis answers PING.
 */
import type http from 'node:http';
import type { Config } from './config.js';
import { enableMetrics } from './metrics.js';
import { listenProbeServer, type ProbeServer } from './probe-server.js';
import type { Services } from './kernel/types.js';

/** The outcome of one readiness check. */
export interface Readiness {
  ok: boolean;
  db: 'up' | 'down';
  redis: 'up' | 'down' | 'off';
}

/** Checks readiness; `close` releases the Redis probe connection. */
export interface ReadinessProbe {
  check(): Promise<Readiness>;
  close(): Promise<void>;
}

/** Answers within this bound, so a hung dependency reads as down rather than as a hung probe. */
const PROBE_TIMEOUT_MS = 2_000;

/** Makes the readiness probe of a process (one Redis connection, opened on first use). */
export function createReadinessProbe(services: Services, config: Pick<Config, 'redisUrl'>): ReadinessProbe {
  let redis: Promise<import('ioredis').Redis> | undefined;
  const connect = () => {
    redis ??= import('ioredis').then(({ Redis }) =>
      new Redis(config.redisUrl as string, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        connectTimeout: PROBE_TIMEOUT_MS,
        enableOfflineQueue: true,
      }).on('error', () => undefined),
    );
    return redis;
  };
  const bounded = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref()),
    ]);
  return {
    async check() {
      // Resolving an unknown token is one cheap indexed read that fails only when the database does not answer.
      const db = await bounded(services.accounts.authenticate('health-probe')).then(
        () => 'up' as const,
        () => 'down' as const,
      );
      let state: Readiness['redis'] = 'off';
      if (config.redisUrl) {
        state = await bounded(connect().then((client) => client.ping())).then(
          (reply) => (reply === 'PONG' ? 'up' : 'down'),
          () => 'down' as const,
        );
      }
      return { ok: db === 'up' && state !== 'down', db, redis: state };
    },
    async close() {
      const client = await redis;
      client?.disconnect();
    },
  };
}

/**
 * The worker's health server (WORKER_HEALTH_PORT): `GET /health/live` (200 while the process
 * runs), `GET /health/ready` (200 or 503 with the {@link Readiness} as JSON) and, with
 * METRICS=on, `GET /metrics`. Anything else is a 404 Problem.
 */
export async function startHealthServer(
  probe: ReadinessProbe,
  options: { port: number; host: string; metrics: boolean },
): Promise<ProbeServer> {
  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  return listenProbeServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    const route = async () => {
      if (req.method === 'GET' && pathname === '/health/live') return send(res, 200, { ok: true });
      if (req.method === 'GET' && pathname === '/health/ready') {
        const ready = await probe.check();
        return send(res, ready.ok ? 200 : 503, ready);
      }
      if (req.method === 'GET' && pathname === '/metrics' && options.metrics) {
        const registry = await enableMetrics();
        return send(res, 200, await registry.metrics(), registry.contentType);
      }
      const problem = {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: `No route for ${req.method} ${pathname}.`,
      };
      return send(res, 404, problem, 'application/problem+json');
    };
    route().catch(() => send(res, 500, { type: 'about:blank', title: 'Internal Server Error', status: 500 }));
  }, options);
}
