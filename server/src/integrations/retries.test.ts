import type { HttpRequest } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../../test/fixtures/targets/target-server.js';
import { createHttpClient, type HttpClient, HttpClientError } from '../security/http-client.js';
import { retryAfterMs, withRetries } from './retries.js';

let target: Target;
let http: HttpClient;
const get = (path: string): HttpRequest => ({ method: 'GET', url: `${target.url}${path}`, query: [], headers: {} });

beforeAll(async () => {
  target = await startTarget();
  http = createHttpClient({ allowedHosts: `127.0.0.1:${target.port}`, timeoutMs: 2_000 });
});
afterAll(async () => {
  await http.close();
  await target.close();
});

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('withRetries against a local target', () => {
  it('retries a 500 and returns the 200 that follows', async () => {
    target.script('flaky', [{ status: 500 }, { status: 500 }, { status: 200, body: { ok: true } }]);
    const { waits, sleep } = recorder();
    const res = await withRetries(() => http.send(get('/scripted/flaky')), {
      max: 3,
      baseMs: 100,
      sleep,
      random: () => 0.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    // Full jitter: random × base × 2^(attempt-1).
    expect(waits).toEqual([50, 100]);
  });

  it('honours Retry-After seconds on a 429', async () => {
    target.script('limited', [
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 200, body: { ok: 1 } },
    ]);
    const { waits, sleep } = recorder();
    const res = await withRetries(() => http.send(get('/scripted/limited')), { max: 2, baseMs: 10, sleep });
    expect(res.status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  it('honours a Retry-After date on a 429', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    target.script('dated', [
      { status: 429, headers: { 'Retry-After': 'Wed, 01 Jan 2025 00:00:05 GMT' } },
      { status: 201, body: {} },
    ]);
    const { waits, sleep } = recorder();
    const res = await withRetries(() => http.send(get('/scripted/dated')), {
      max: 1,
      baseMs: 10,
      sleep,
      now: () => now,
    });
    expect(res.status).toBe(201);
    expect(waits).toEqual([5000]);
  });

  it('gives up when Retry-After is longer than the longest wait', async () => {
    target.script('later', [{ status: 429, headers: { 'Retry-After': '3600' } }, { status: 200 }]);
    const { waits, sleep } = recorder();
    const res = await withRetries(() => http.send(get('/scripted/later')), { max: 3, baseMs: 10, sleep });
    expect(res.status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('never retries a 4xx other than 429', async () => {
    let calls = 0;
    const res = await withRetries(
      () => {
        calls++;
        return http.send(get('/status/404'));
      },
      { max: 3, baseMs: 1, sleep: async () => {} },
    );
    expect(res.status).toBe(404);
    expect(calls).toBe(1);
  });

  it('returns the last 5xx once the retries are spent', async () => {
    target.script('down', [{ status: 503 }]);
    let calls = 0;
    const res = await withRetries(
      () => {
        calls++;
        return http.send(get('/scripted/down'));
      },
      { max: 2, baseMs: 1, sleep: async () => {} },
    );
    expect(res.status).toBe(503);
    expect(calls).toBe(3);
  });

  it('retries network errors, not blocked addresses', async () => {
    const attempts: number[] = [];
    const flaky = async (attempt: number) => {
      attempts.push(attempt);
      if (attempt < 3) throw new HttpClientError('network', 'ECONNRESET');
      return { status: 200, headers: {} };
    };
    expect((await withRetries(flaky, { max: 5, baseMs: 1, sleep: async () => {} })).status).toBe(200);
    expect(attempts).toEqual([1, 2, 3]);
    let blockedCalls = 0;
    const blocked = async () => {
      blockedCalls++;
      throw new HttpClientError('blocked', 'no');
    };
    await expect(withRetries(blocked, { max: 5, baseMs: 1, sleep: async () => {} })).rejects.toThrow('no');
    expect(blockedCalls).toBe(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and dates, ignores garbage', () => {
    expect(retryAfterMs('0', 0)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:03 GMT', 1000)).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:03 GMT', 9000)).toBe(0);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });
});
