import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Services } from '../kernel/types.js';

// Production differs in two ways: the dev outbox does not exist, and an answer that breaks
// the contract is logged but still sent (a 500 would turn our bug into the user's outage).
const services = {
  accounts: { authenticate: async () => null },
  outbox: { list: async () => [] },
  close: async () => {},
} as unknown as Services;

let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '/nonexistent', JUNCTION_DEV_OUTBOX: 'on' }),
    webDist: undefined,
  };
  app = await createApp(config, {
    services,
    logger: { write: (line: string) => logs.push(line) },
    handlers: { getHealth: async () => ({ status: 200, body: { ok: 'yes' } }) },
  });
});
afterAll(() => app.close());

describe('in production', () => {
  it('has no dev outbox, even when JUNCTION_DEV_OUTBOX=on', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('logs an answer that breaks the contract and still sends it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 'yes' });
    expect(logs.some((l) => l.includes('response breaks the contract') && l.includes('getHealth'))).toBe(true);
  });
});
