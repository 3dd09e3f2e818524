/**
 * Hostile pass, limits (RELIABILITY.md "Security regressions (hostile pass)"): one request must
 * not take the server down.
 * - A step whose field repeats a large trigger value thirty times fails with a clear message
 *   before anything is built or sent (STEP_INPUT_LIMIT, counted while references are filled in).
 * - A webhook whose pick-off list is longer than WEBHOOK_ITEM_LIMIT answers 413 naming the
 *   limit and creates nothing; WEBHOOK_QUEUE_LIMIT counts items, not requests.
 * In-process server on each test database; a local sink counts what reaches the target.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { hookPathOf, hookWorkflow, STEP, waitForExecution } from '../../engine/support.js';
import { report } from '../support/report.js';

/** A target that counts requests and the bytes they carried. */
async function startSink() {
  const seen = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    seen.requests += 1;
    req.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.length;
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Webhook → HTTP POST to `url` with a JSON text body that repeats the trigger's `big` 30 times. */
function amplifyingWorkflow(url: string) {
  const document = hookWorkflow('placeholder', { url, name: 'Amplifier' });
  const repeated = `\${${STEP.trigger}.big}`.repeat(30);
  document.steps[1].data.fields = [
    { name: 'requestType', value: 'POST' },
    { name: 'url', value: url },
    { name: 'stringBody', value: `{"copies":"${repeated}"}` },
  ];
  return document;
}

/** Webhook (pick-off key `items`) → HTTP GET `url`. */
function pickOffWorkflow(url: string) {
  const document = hookWorkflow('placeholder', { url, name: 'Items' });
  document.steps[0].data.fields = [{ name: 'pickOffKey', value: 'items' }];
  return document;
}

async function create(h: ApiHarness, token: string, document: ReturnType<typeof hookWorkflow>): Promise<string> {
  const res = await h.call('POST', '/api/workflows', { token, body: { name: document.name, active: true, document } });
  if (res.status !== 201) throw new Error(`create workflow answered ${res.status}: ${res.text}`);
  return res.json.id as string;
}

// Generous: the machine running the suite may be busy; nothing here asserts a duration.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const items = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ i })) });

describe.each(openTestDatabases())('hostile limits on $dialect', (testDb) => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    sink = await startSink();
    h = await openHarness(testDb, { allowedHosts: sink.host, stepRetries: 0, reconcileIntervalMs: 500 });
    ({ token } = await signUp(h, 'limits'));
  });
  afterAll(async () => {
    await h?.close();
    await sink?.close();
  });

  it('fails a step whose input repeats a 1 MiB value 30 times, sending nothing', async () => {
    const id = await create(h, token, amplifyingWorkflow(sink.url('/sink')));
    const before = sink.seen.requests;
    const rssBefore = process.memoryUsage().rss;
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { big: 'x'.repeat(1024 * 1024) } });
    expect(hook.status).toBe(200);
    const execution = await waitForExecution(h, token, hook.json.executionId, undefined, 2000);
    const rssAfter = process.memoryUsage().rss;
    expect(execution.status).toBe('failed');
    expect(execution.error).toBe(
      'Step "Call target" failed: its input is larger than 4 MiB once its references are filled in (the limit is STEP_INPUT_LIMIT).',
    );
    expect(execution.steps).toMatchObject([{ stepId: STEP.http, status: 'failed', input: null }]);
    expect(sink.seen.requests).toBe(before);
    report(`step input limit (${testDb.dialect})`, [
      {
        'trigger value MiB': 1,
        copies: 30,
        'would be MiB': 30,
        'limit MiB': 4,
        status: execution.status,
        'requests sent': sink.seen.requests - before,
        'test process RSS growth MB': (rssAfter - rssBefore) / 1024 / 1024,
      },
    ]);

    // The same workflow with a small value runs: the limit is on size, not on repetition.
    const small = await h.call('POST', await hookPathOf(h, token, id), { body: { big: 'y'.repeat(100) } });
    const done = await waitForExecution(h, token, small.json.executionId, undefined, 2000);
    expect(done.status).toBe('succeeded');
    expect(sink.seen.requests).toBe(before + 1);
  });

  it('answers 413 naming WEBHOOK_ITEM_LIMIT to a pick-off list of 1,001 items and creates nothing', async () => {
    const id = await create(h, token, pickOffWorkflow(sink.url('/items')));
    const res = await h.call('POST', await hookPathOf(h, token, id), { body: items(1001) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json.detail).toBe(
      "This request carries 1001 items under 'items'; a webhook takes at most 1000 per request (WEBHOOK_ITEM_LIMIT). Send them in smaller batches.",
    );
    const list = await h.call('GET', `/api/workflows/${id}/executions`, { token });
    expect(list.json.items).toHaveLength(0);
  });
});

describe.each(openTestDatabases())('WEBHOOK_QUEUE_LIMIT counts pick-off items on $dialect', (testDb) => {
  it('refuses a list that would take the queue past its limit, and takes one that fits', async () => {
    // No worker consumes here, so every accepted item stays queued.
    const h = await openHarness(testDb, { runWorkers: false, webhookQueueLimit: 60, webhookItemLimit: 50 });
    try {
      const { token } = await signUp(h, 'queue');
      const id = await create(h, token, pickOffWorkflow('https://example.com/items'));
      expect((await h.call('POST', await hookPathOf(h, token, id), { body: items(40) })).status).toBe(200);
      const over = await h.call('POST', await hookPathOf(h, token, id), { body: items(40) });
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBe('5');
      expect((await h.call('POST', await hookPathOf(h, token, id), { body: items(20) })).status).toBe(200);
      const tooMany = await h.call('POST', await hookPathOf(h, token, id), { body: items(51) });
      expect(tooMany.status).toBe(413);
      expect(tooMany.json.detail).toContain('at most 50 per request (WEBHOOK_ITEM_LIMIT)');
    } finally {
      await h.close();
    }
  });
});
