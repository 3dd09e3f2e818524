import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { OutboxMail, Services } from '../kernel/types.js';

// The development outbox hands out sign-in links and codes: it must not exist on a default
// start, and when turned on it answers this machine only.
const mail: OutboxMail = {
  id: 'm1',
  to: 'victim@example.com',
  subject: 'Your Junction sign-in link',
  text: 'http://localhost:5000/sign-in?token=secret',
  sentAt: '2026-01-01T00:00:00.000Z',
};
const services = {
  accounts: { authenticate: async () => null },
  outbox: { list: async () => [mail] },
  close: async () => {},
} as unknown as Services;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(env: Record<string, string>): Promise<{ app: FastifyInstance; logs: string[] }> {
  const logs: string[] = [];
  const config = { ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', ...env }), webDist: undefined };
  app = await createApp(config, { services, logger: { write: (line: string) => logs.push(line) } });
  return { app, logs };
}

describe('the development outbox', () => {
  it('does not exist on a default start (no NODE_ENV, no JUNCTION_DEV_OUTBOX)', async () => {
    const { app, logs } = await start({});
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).not.toContain('secret');
    expect(logs.join('\n')).not.toContain('JUNCTION_DEV_OUTBOX=on');
  });

  it('with JUNCTION_DEV_OUTBOX=on answers loopback clients and warns at start', async () => {
    const { app, logs } = await start({ JUNCTION_DEV_OUTBOX: 'on' });
    expect(logs.some((l) => l.includes('"level":40') && l.includes('JUNCTION_DEV_OUTBOX=on'))).toBe(true);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().items).toEqual([mail]);
    }
  });

  it('with JUNCTION_DEV_OUTBOX=on refuses other clients and anything a proxy forwarded', async () => {
    const { app } = await start({ JUNCTION_DEV_OUTBOX: 'on' });
    const asks = [
      { remoteAddress: '192.0.2.7' },
      { remoteAddress: '10.0.0.2' },
      { remoteAddress: 'fd00::2' },
      { remoteAddress: '::ffff:192.0.2.7' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.0.2.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=192.0.2.7' } },
    ];
    for (const ask of asks) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', ...ask });
      expect(res.statusCode, JSON.stringify(ask)).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().detail).toBe('The development outbox answers only clients on this machine (loopback).');
      expect(res.body).not.toContain('secret');
    }
  });

  it('with JUNCTION_DEV_OUTBOX=on refuses a loopback request addressed to another name, or sent by another site', async () => {
    const { app } = await start({ JUNCTION_DEV_OUTBOX: 'on' });
    // A page on evil.example that rebinds its name to 127.0.0.1 sends Host: evil.example.
    const refused = [
      { host: 'evil.example' },
      { host: 'evil.example:5000' },
      { host: '127.0.0.1.evil.example' },
      { host: 'localhost', origin: 'http://evil.example' },
      { host: 'localhost', origin: 'null' },
      { host: '127.0.0.1', origin: 'http://localhost:3000' },
    ];
    for (const headers of refused) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('secret');
    }
    for (const headers of [{ host: 'localhost' }, { host: '[::1]' }, { host: '127.0.0.1', origin: 'http://127.0.0.1' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('with JUNCTION_DEV_OUTBOX=on over a real socket answers only a Host with the port it listens on', async () => {
    const { app } = await start({ JUNCTION_DEV_OUTBOX: 'on' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const get = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/dev/outbox', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await get(`localhost:${port}`)).status).toBe(200);
    const wrongPort = await get(`localhost:${port === 1 ? 2 : port - 1}`);
    expect(wrongPort.status).toBe(403);
    expect(wrongPort.body).not.toContain('secret');
    expect((await get(`evil.example:${port}`)).status).toBe(403);
  });
});
