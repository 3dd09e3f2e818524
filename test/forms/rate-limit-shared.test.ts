// Public form limits shared across API processes (security/rate-limit-store.ts): two
// in-process apps over one database and one real Redis count a visitor together, so the 60
// submissions a minute of forms-dp hold whichever process answers. Needs TEST_REDIS_URL.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import { PUBLIC_RATE_LIMITS } from '../../server/src/forms/limits.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { missingService, suiteName } from '../setup/skip.js';

const redisUrl = process.env.TEST_REDIS_URL;
const missing = missingService('redis');

describe.skipIf(missing)(suiteName('public form limits shared by two API processes through Redis', missing), () => {
  const prefix = `jt-rl-${randomBytes(4).toString('hex')}`;
  let a: ApiHarness;
  let b: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    const sqlite = openTestDatabases().find((db) => db.dialect === 'sqlite');
    if (!sqlite) throw new Error('no SQLite test database');
    a = await openHarness(sqlite, { rateLimits: true, redisUrl, queuePrefix: prefix, runWorkers: false });
    // A second API process: its own app, the same database and Redis.
    b = await createApp(a.config, { logger: { write: () => undefined } });
    const owner = await signUp(a, 'shared-limits');
    const created = await a.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Shared', content: [{}, [{ question: 'Q', type: 'input' }]] },
    });
    formId = created.json.id;
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts one address over both processes: 60 submissions a minute in all, then 429 from either', async () => {
    const limit = PUBLIC_RATE_LIMITS.submit.perIp;
    const statuses: number[] = [];
    let retryAfter = '';
    for (let i = 0; i < limit + 2; i++) {
      const app = i % 2 === 0 ? a.app : b;
      const res = await app.inject({
        method: 'POST',
        url: `/api/public/forms/${formId}/submissions`,
        payload: { answers: {} },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(statuses.slice(0, limit).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address is still welcome on both.
    const other = await b.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      payload: { answers: {} },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(202);
  });

  it('keeps the counts in Redis under the queue prefix', async () => {
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${prefix}:rate-limit:*`);
    await redis.quit();
    expect(keys.some((k) => k.includes('submit:ip:203.0.113.7'))).toBe(true);
  });
});
