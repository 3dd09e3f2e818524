/**
 * Deadlines and bounds of the API's connections: the HTTP server Fastify runs on, made with
 * Node's header, request and keep-alive timeouts set, and a cap on open connections per
 * client address (but 127.0.0.1 and ::1, where a local reverse proxy connects from) and in total. A connection over a cap is answered at once with a Problem
 * (429 `limit.rate` per address, 503 `server.unavailable` in total, both with Retry-After) and
 * closed, before Node's HTTP parser ever sees it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { Problem } from '../kernel/errors.js';

/** The deadlines and caps of one HTTP server; 0 turns a cap or deadline off. */
export interface ConnectionLimits {
  /** Time to receive a request's headers, in ms (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body, in ms (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, in ms (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold (MAX_CONNECTIONS_PER_ADDRESS); 127.0.0.1 and ::1 are not capped. */
  maxConnectionsPerAddress: number;
  /** Open connections in total (MAX_CONNECTIONS). */
  maxConnections: number;
  /** Whether the peer is a trusted reverse proxy (TRUST_PROXY): then every client shares its address. */
  trustProxy?: boolean;
}

/** Defaults of {@link ConnectionLimits} (env.ts documents the same values). */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
  maxConnectionsPerAddress: 256,
  maxConnections: defaultMaxConnections(),
};

/**
 * Addresses the per-address cap leaves alone: a reverse proxy on the same machine connects from
 * here for every client it serves (the total cap still counts them).
 */
const LOCAL_PROXY_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Refused connections kept open to flush their answer; past this many, new ones are dropped unanswered. */
const MAX_REFUSING = 256;
/** How long a refused connection may take to read its answer. */
const REFUSAL_LINGER_MS = 1_000;

/**
 * Four fifths of the process's open-file limit (the rest is for the database, files and
 * outgoing requests), at most 10,000; 10,000 where /proc does not say.
 */
export function defaultMaxConnections(limitsText?: string): number {
  let text = limitsText;
  try {
    text ??= readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return 10_000;
  }
  const soft = Number(/^Max open files\s+(\d+)/m.exec(text)?.[1]);
  return Number.isFinite(soft) && soft > 0 ? Math.max(64, Math.min(10_000, Math.floor(soft * 0.8))) : 10_000;
}

/** The raw HTTP answer of a refused connection. */
function refusal(problem: Problem): Buffer {
  const body = JSON.stringify(problem.toBody());
  return Buffer.from(
    `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}\r\n` +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      `Retry-After: ${problem.retryAfter ?? 1}\r\n` +
      'Connection: close\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Fastify's `serverFactory`: an HTTP server with the deadlines of `limits` and its connection
 * caps. Node checks the header and request deadlines on a timer, so the timer runs at a
 * quarter of the shortest one (at most every second).
 *
 * @example
 * Fastify({ serverFactory: createServerFactory(DEFAULT_CONNECTION_LIMITS) });
 */
export function createServerFactory(limits: ConnectionLimits) {
  return (handler: http.RequestListener): http.Server => {
    const requestTimeout = limits.requestTimeoutMs;
    // Node refuses a headers deadline longer than the request's.
    const headersTimeout =
      requestTimeout > 0 && limits.headersTimeoutMs > 0
        ? Math.min(limits.headersTimeoutMs, requestTimeout)
        : limits.headersTimeoutMs || requestTimeout;
    const deadlines = [headersTimeout, requestTimeout].filter((ms) => ms > 0);
    const server = http.createServer(
      {
        requestTimeout,
        // 0 would mean "no deadline" to Fastify but "none at all" is not Node's meaning here.
        headersTimeout: headersTimeout || 60_000,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(...deadlines, 4_000) / 4))),
      },
      handler,
    );
    capConnections(server, limits);
    return server;
  };
}

/** Puts the per-address and total caps in front of Node's own connection listener. */
function capConnections(server: http.Server, limits: ConnectionLimits): void {
  const perAddress = limits.trustProxy ? 0 : limits.maxConnectionsPerAddress;
  if (perAddress <= 0 && limits.maxConnections <= 0) return;
  const byAddress = new Map<string, number>();
  let open = 0;
  let refusing = 0;
  const nodeListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');

  const refuse = (socket: Socket, problem: Problem) => {
    if (refusing >= MAX_REFUSING) {
      socket.destroy();
      return;
    }
    refusing++;
    socket.once('close', () => refusing--);
    socket.on('error', () => undefined);
    // Read and drop what the client sends, so it can read the answer before the close.
    socket.resume();
    socket.setTimeout(REFUSAL_LINGER_MS, () => socket.destroy());
    socket.once('end', () => socket.destroy());
    socket.end(refusal(problem));
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (limits.maxConnections > 0 && open >= limits.maxConnections) {
      refuse(
        socket,
        new Problem(503, 'Service Unavailable', {
          detail: 'The server has too many open connections. Try again shortly.',
          retryAfter: 1,
        }),
      );
      return;
    }
    const fromAddress = byAddress.get(address) ?? 0;
    if (perAddress > 0 && fromAddress >= perAddress && !LOCAL_PROXY_ADDRESSES.has(address)) {
      refuse(
        socket,
        new Problem(429, 'Too Many Requests', {
          detail: `Your address has ${fromAddress} connections open; close some (at most ${perAddress}).`,
          retryAfter: 1,
        }),
      );
      return;
    }
    open++;
    byAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
    for (const listener of nodeListeners) listener.call(server, socket);
  });
}
