/**
 * The small HTTP servers beside the API that only machines call: the worker's health server
 * (health.ts) and the API process's metrics server (metrics.ts). Each request has a deadline,
 * so a client that never finishes cannot hold one open.
 */
import http from 'node:http';

/** A listening probe server. */
export interface ProbeServer {
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  port: number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Headers and whole requests of a probe must arrive within this. */
const PROBE_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Listens with `handler` on `port` at `host` (loopback unless the operator says otherwise).
 *
 * @example
 * const server = await listenProbeServer((req, res) => res.end('ok'), { port: 0, host: '127.0.0.1' });
 */
export async function listenProbeServer(
  handler: http.RequestListener,
  options: { port: number; host: string },
): Promise<ProbeServer> {
  const server = http.createServer(
    { requestTimeout: PROBE_REQUEST_TIMEOUT_MS, headersTimeout: PROBE_REQUEST_TIMEOUT_MS },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
