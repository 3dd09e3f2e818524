/**
 * Health and the development outbox (which exists only when JUNCTION_DEV_OUTBOX=on, outside
 * production, and answers loopback clients only).
 */
import type { FastifyRequest } from 'fastify';
import { forbidden, Problem } from '../../kernel/errors.js';
import type { ReadinessProbe } from '../../health.js';
import type { OperationHandlers } from '../types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's readiness probe (app.ts); absent when the app was built around injected services. */
    readiness?: ReadinessProbe;
  }
}

/** Seconds a load balancer should wait before asking again when the database is down. */
const HEALTH_RETRY_SECONDS = 5;

/** Handlers of the system operations, by operationId. */
export const systemHandlers: OperationHandlers = {
  async getHealth({ services, request }) {
    // Services expose no probe of their own; resolving an unknown token is one cheap
    // indexed read that fails only when the database does not answer.
    try {
      await services.accounts.authenticate('health-probe');
    } catch (err) {
      request.log.error({ err }, 'health: database does not answer');
      throw new Problem(503, 'Service Unavailable', {
        detail: 'The database does not answer.',
        retryAfter: HEALTH_RETRY_SECONDS,
      });
    }
    return { status: 200, body: { ok: true, db: 'up' } };
  },
  async getHealthLive() {
    return { status: 200, body: { ok: true } };
  },
  async getHealthReady({ request }) {
    const probe = request.server.readiness;
    if (!probe) return { status: 200, body: { ok: true, db: 'up', redis: 'off' } };
    const ready = await probe.check();
    if (!ready.ok) {
      const down = [ready.db === 'down' ? 'the database' : '', ready.redis === 'down' ? 'Redis' : ''].filter(Boolean);
      throw new Problem(503, 'Service Unavailable', {
        detail: `Not ready: ${down.join(' and ')} does not answer.`,
        retryAfter: HEALTH_RETRY_SECONDS,
      });
    }
    return { status: 200, body: ready };
  },
  async listOutbox({ services, request }) {
    if (!isLoopbackClient(request)) {
      throw forbidden('The development outbox answers only clients on this machine (loopback).');
    }
    if (!isLoopbackHost(request)) {
      throw forbidden('The development outbox answers only requests addressed to localhost, 127.0.0.1 or [::1].');
    }
    if (isCrossSite(request)) {
      throw forbidden('The development outbox does not answer requests made by another site.');
    }
    return { status: 200, body: { items: await services.outbox.list() } };
  },
};

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request comes straight from this machine: the socket's own peer address (never
 * X-Forwarded-For, which a client writes) is loopback, and no proxy forwarded it (a reverse
 * proxy on the same machine connects from loopback on behalf of anyone).
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const isForwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.test(peer) && !isForwarded;
}

const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::(\d{1,5}))?$/i;

/**
 * Whether the Host header names this machine at the port the request reached: a page on
 * another site that rebinds its own name to 127.0.0.1 (DNS rebinding) still sends its own
 * name as Host, so a loopback peer alone is not enough. Injected requests have no local port
 * to compare with; only the name is checked then.
 */
export function isLoopbackHost(request: FastifyRequest): boolean {
  const match = LOOPBACK_HOST.exec(request.headers.host ?? '');
  if (!match) return false;
  const localPort = request.raw.socket?.localPort;
  if (localPort === undefined) return true;
  return Number(match[1] ?? 80) === localPort;
}

/**
 * Whether the request carries an Origin other than the Host it was sent to: a script on
 * another site (or a sandboxed page, whose Origin is `null`) must never read the outbox.
 * Requests without Origin (curl, a test's fetch from Node) are not cross-site.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const host = (request.headers.host ?? '').toLowerCase();
  return origin.toLowerCase() !== `http://${host}` && origin.toLowerCase() !== `https://${host}`;
}
