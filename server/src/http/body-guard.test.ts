/**
 * Request bodies have a deadline and a bound, over a real socket: a body that stalls between
 * chunks is cut off, bodies in flight together past the budget are refused unread with a 503
 * Problem while health still answers, and a JSON body with too many members is refused with
 * 413 `limit.exceeded` naming the body before it is parsed.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Services } from '../kernel/types.js';

const services = {
  accounts: { authenticate: async () => null },
  close: async () => {},
} as unknown as Services;

let app: FastifyInstance;
let port: number;
let received = 0;

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', RATE_LIMITS: 'off' });
  const config: Config = {
    ...base,
    webDist: undefined,
    bodyLimit: 1024 * 1024,
    httpLimits: { ...base.httpLimits, bodyIdleTimeoutMs: 300, bodyBudgetBytes: 1_500_000, jsonMaxMembers: 1_000 },
  };
  app = await createApp(config, {
    services,
    handlers: {
      receiveWebhook: async () => {
        received++;
        return {
          status: 404,
          body: { type: 'about:blank', title: 'Not Found', status: 404, code: 'resource.not_found' },
        };
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app?.close());

/** A socket that has sent a POST's headers announcing `length` bytes of JSON, and `first` of them. */
async function startBody(length: number, first: string): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  socket.write(
    `POST /hooks/some-key HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${first}`,
  );
  return { socket, closed };
}

describe('a body that stalls', () => {
  it('is cut off once no byte arrived for BODY_IDLE_TIMEOUT_MS', async () => {
    const { socket, closed } = await startBody(100, '[1,');
    // One byte well within the deadline keeps it alive; then it stalls.
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.write('2');
    const started = Date.now();
    const answer = await Promise.race([
      closed,
      new Promise<string>((resolve) => setTimeout(() => resolve('open'), 5_000)),
    ]);
    expect(answer).not.toBe('open');
    expect(answer).toBe('');
    expect(Date.now() - started).toBeLessThan(3_000);
    socket.destroy();
  });
});

describe('bodies in flight together', () => {
  it('past BODY_BUDGET_BYTES are refused unread with 503 + Retry-After, while health answers', async () => {
    // Two bodies of 700 kB each hold 1.4 of the 1.5 MB budget, sending a byte every 100 ms.
    const held = await Promise.all([startBody(700_000, '['), startBody(700_000, '[')]);
    const drip = setInterval(() => {
      for (const { socket } of held) socket.write('1,');
    }, 100);
    const inFlight = (app as unknown as { bodyBytesInFlight: () => number }).bodyBytesInFlight;
    try {
      // Until the server holds both (a bounded wait: the test's own timeout ends it otherwise).
      while (inFlight() < 1_400_000) await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await fetch(`http://127.0.0.1:${port}/hooks/some-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toMatchObject({ status: 503, code: 'server.unavailable', field: 'body' });

      const health = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(health.status).toBe(200);
      // A small body still fits beside them.
      const small = await fetch(`http://127.0.0.1:${port}/hooks/some-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(small.status).toBe(404);
    } finally {
      clearInterval(drip);
      for (const { socket } of held) socket.destroy();
    }
    // Once they are gone the budget is free again.
    while (inFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await fetch(`http://127.0.0.1:${port}/hooks/some-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(after.status).toBe(404);
  });
});

describe('a JSON body with too many members', () => {
  it('is refused with 413 limit.exceeded naming the body, and never reaches its handler', async () => {
    const before = received;
    const keys = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
    const res = await fetch(`http://127.0.0.1:${port}/hooks/some-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(keys),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      status: 413,
      code: 'limit.exceeded',
      field: 'body',
      detail: 'The body holds more than 1000 members and elements in total.',
    });
    expect(received).toBe(before);
  });

  it('is taken at the bound', async () => {
    const before = received;
    const items = Array.from({ length: 999 }, (_, i) => i);
    const res = await fetch(`http://127.0.0.1:${port}/hooks/some-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    expect(res.status).toBe(404);
    expect(received).toBe(before + 1);
  });
});
