/**
 * Connections have deadlines and caps, over real sockets: headers that never finish are cut
 * off, a client address past its cap gets a 429 Problem and a closed connection (127.0.0.1, a
 * local proxy, is not capped), the total cap answers 503, and health answers throughout.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Services } from '../kernel/types.js';
import { defaultMaxConnections } from './connection-limits.js';

const services = {
  accounts: { authenticate: async () => null },
  close: async () => {},
} as unknown as Services;

async function start(httpLimits: Config['httpLimits']): Promise<{ app: FastifyInstance; port: number }> {
  const base = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', RATE_LIMITS: 'off' });
  const app = await createApp(
    { ...base, webDist: undefined, httpLimits: { ...base.httpLimits, ...httpLimits } },
    { services },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

/** Opens a connection from `localAddress`; `answer` settles with what the server sent once it closes. */
async function open(
  port: number,
  localAddress = '127.0.0.1',
): Promise<{ socket: net.Socket; answer: Promise<string> }> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, answer };
}

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('per address and in total', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await start({ maxConnectionsPerAddress: 3, maxConnections: 8, headersTimeoutMs: 400 }));
  });
  afterAll(() => app?.close());

  it('refuses the connection past an address’s cap with a 429 Problem and closes it; health still answers', async () => {
    const held = await Promise.all([1, 2, 3].map(() => open(port, '127.0.0.2')));
    const refused = await open(port, '127.0.0.2');
    refused.socket.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await within(refused.answer, 3_000);
    expect(text).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(text).toContain('Retry-After: 1');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 429, code: 'limit.rate' });
    // Another address, and the local proxy's, are not affected.
    const other = await open(port, '127.0.0.3');
    other.socket.destroy();
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });

  it('answers 503 past the total cap, and takes connections again once some close', async () => {
    const held = await Promise.all(Array.from({ length: 8 }, (_, i) => open(port, `127.0.1.${i + 1}`)));
    const refused = await open(port, '127.0.2.1');
    const text = await within(refused.answer, 3_000);
    expect(text).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'server.unavailable' });
    for (const { socket } of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
  });

  it('closes a connection whose headers do not finish within HEADERS_TIMEOUT_MS', async () => {
    const slow = await open(port);
    slow.socket.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-Slow: 1\r\n'), 100);
    const text = await within(slow.answer, 5_000);
    clearInterval(drip);
    expect(text).not.toBe('still open');
    // Node answers 408 when it can, else just closes.
    expect(text === '' || text.startsWith('HTTP/1.1 408')).toBe(true);
  });
});

describe('the default total cap', () => {
  it('is four fifths of the open-file limit, at most 10,000', () => {
    expect(defaultMaxConnections('Max open files            1024                 4096                 files')).toBe(
      819,
    );
    expect(defaultMaxConnections('Max open files            1048576              1048576              files')).toBe(
      10_000,
    );
    expect(defaultMaxConnections('nothing here')).toBe(10_000);
  });
});
