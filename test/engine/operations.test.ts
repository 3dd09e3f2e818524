/**
 * What an operator's tooling sees: liveness and readiness probes, Prometheus metrics behind
 * METRICS=on on their own port, not the API's (executions by status, queue depth, step
 * duration, webhook acknowledgement), the worker's health server, and machine paths answered
 * with a 404 Problem rather than the web app's page with 200.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadinessProbe, type ReadinessProbe, startHealthServer } from '../../server/src/health.js';
import type { Services } from '../../server/src/kernel/types.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, DONE, hookPathOf, startTarget, type Target, waitForExecution } from './support.js';

const [sqlite] = openTestDatabases();

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('probes and unknown machine paths (METRICS off)', () => {
  let h: ApiHarness;
  const webDist = mkdtempSync(path.join(tmpdir(), 'junction-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Junction</title>');
    h = await openHarness(sqlite, { webDist });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers liveness, and readiness with the database and no Redis', async () => {
    expect(await h.call('GET', '/api/health/live')).toMatchObject({ status: 200, json: { ok: true } });
    expect(await h.call('GET', '/api/health/ready')).toMatchObject({
      status: 200,
      json: { ok: true, db: 'up', redis: 'off' },
    });
  });

  it('answers /metrics (off), /healthz, /readyz and /api/anything with a 404 Problem, pages with the app', async () => {
    for (const url of ['/metrics', '/healthz', '/readyz', '/.well-known/security.txt', '/api/anything']) {
      const res = await h.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.json, url).toMatchObject({ status: 404, title: 'Not Found', detail: `No route for GET ${url}.` });
    }
    const page = await h.call('GET', '/workflows');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('Prometheus metrics (METRICS=on)', () => {
  let h: ApiHarness;
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(sqlite, { metrics: true, metricsPort: 0, allowedHosts: target.host });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('counts executions by status, times steps and webhook answers, and reports the queue depth', async () => {
    const { token } = await signUp(h, 'metrics');
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 1 } });
    expect(hook.status).toBe(200);
    const execution = await waitForExecution(h, token, hook.json.executionId, (s) => DONE.has(s));
    expect(execution.status).toBe('succeeded');

    // Scraped on their own loopback port (METRICS_PORT), never on the API's.
    const onApi = await h.call('GET', '/metrics');
    expect(onApi.status).toBe(404);
    const metricsPort = (h.app as unknown as { metricsPort: number }).metricsPort;
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const res = { text: await scraped.text() };
    const value = (name: string) =>
      Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(res.text)?.[1]);
    expect(value('junction_executions_total{status="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(value('junction_step_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(value('junction_webhook_ack_seconds_count{status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value('junction_queue_depth')).toBe(0);
    expect(res.text).toContain('# TYPE junction_process_cpu_user_seconds_total counter');
  });
});

describe('readiness with Redis configured', () => {
  const services = { accounts: { authenticate: async () => null } } as unknown as Services;

  it('is not ready when Redis does not answer', async () => {
    const probe = createReadinessProbe(services, { redisUrl: `redis://127.0.0.1:${await closedPort()}` });
    try {
      expect(await probe.check()).toEqual({ ok: false, db: 'up', redis: 'down' });
    } finally {
      await probe.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('is ready when Redis answers PING', async () => {
    const probe = createReadinessProbe(services, { redisUrl: process.env.TEST_REDIS_URL });
    try {
      expect(await probe.check()).toEqual({ ok: true, db: 'up', redis: 'up' });
    } finally {
      await probe.close();
    }
  });
});

describe("the worker's health server", () => {
  it('answers live, ready (503 when a dependency is down), metrics when on, and 404 Problems otherwise', async () => {
    let ready = true;
    const probe: ReadinessProbe = {
      check: async () => ({ ok: ready, db: ready ? 'up' : 'down', redis: 'up' }),
      close: async () => undefined,
    };
    const server = await startHealthServer(probe, { port: 0, host: '127.0.0.1', metrics: true });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const live = await fetch(`${base}/health/live`);
      expect(live.status).toBe(200);
      expect(await (await fetch(`${base}/health/ready`)).json()).toEqual({ ok: true, db: 'up', redis: 'up' });
      ready = false;
      const notReady = await fetch(`${base}/health/ready`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ ok: false, db: 'down', redis: 'up' });
      const scraped = await fetch(`${base}/metrics`);
      expect(await scraped.text()).toContain('# TYPE junction_executions_total counter');
      const unknown = await fetch(`${base}/healthz`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await server.close();
    }
  });
});
