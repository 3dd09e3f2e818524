/**
 * The runner's workspace share on PostgreSQL + BullMQ (WORKER_TENANT_SHARE, per worker
 * process): workspace A queues a backlog of slow-ish runs, then workspace B queues a few; B's
 * jobs get the slots A may not hold and finish long before A's backlog, and every execution of
 * both runs exactly once (rows, claims and the target's received requests agree). Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set; prints B's p99 wait (queued → started).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { missingService, suiteName } from '../setup/skip.js';
import { createWorkflow, DONE, hookPathOf } from './support.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');

/** Executions of workspace A's backlog, of workspace B, and how long the target takes to answer. */
const BACKLOG = 200;
const OTHERS = 10;
const ANSWER_MS = 50;

/** A local target answering every GET after {@link ANSWER_MS}; counts requests per path. */
async function startSlowTarget(): Promise<{ server: Server; port: number; calls: Record<string, number> }> {
  const calls: Record<string, number> = {};
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    calls[path] = (calls[path] ?? 0) + 1;
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    }, ANSWER_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, calls };
}

interface Row {
  id: string;
  status: string;
  attempt: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const missing = missingService('postgres', 'redis');
describe.skipIf(missing)(suiteName('workspace share of the BullMQ runner', missing), () => {
  const testDb = postgres!;
  const prefix = `jt-${randomBytes(5).toString('hex')}`;
  let target: Awaited<ReturnType<typeof startSlowTarget>>;
  let h: ApiHarness;
  let db: pg.Pool;

  beforeAll(async () => {
    target = await startSlowTarget();
    h = await openHarness(testDb, {
      redisUrl,
      queuePrefix: prefix,
      runWorkers: true,
      // 8 slots in this one worker process; a workspace holds at most 4 of them.
      workerConcurrency: 8,
      workerTenantShare: 0.5,
      webhookWorkspaceConcurrency: 1000,
      allowedHosts: `127.0.0.1:${target.port}`,
      logLevel: 'warn',
    });
    db = new pg.Pool({ connectionString: h.config.databaseUrl, max: 2 });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await db?.end();
    await new Promise((resolve) => target?.server.close(resolve));
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  it("runs workspace B's few executions while workspace A's backlog waits, each exactly once", async () => {
    const a = await signUp(h, 'share-a');
    const b = await signUp(h, 'share-b');
    const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;
    const flowA = await createWorkflow(h, a.token, { url: url('/a') });
    const flowB = await createWorkflow(h, b.token, { url: url('/b') });
    const hookA = await hookPathOf(h, a.token, flowA);
    const hookB = await hookPathOf(h, b.token, flowB);

    const post = async (hook: string, count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 50) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(50, count - i) }, (_, k) => h.call('POST', hook, { body: { amount: i + k } })),
        );
        expect(answers.map((x) => x.status)).toEqual(Array(answers.length).fill(200));
        ids.push(...answers.map((x) => x.json.executionId as string));
      }
      return ids;
    };
    const idsA = await post(hookA, BACKLOG);
    const idsB = await post(hookB, OTHERS);

    const rowsOf = async (workflowId: string) =>
      (
        await db.query<Row>(
          'SELECT id, status, attempt, created_at, started_at, finished_at FROM executions WHERE workflow_id = $1',
          [workflowId],
        )
      ).rows;
    let rowsA: Row[] = [];
    let rowsB: Row[] = [];
    // Bounded: 600 polls 50 ms apart (A's backlog needs about 3 s at 4 slots).
    for (let i = 0; i < 600; i++) {
      rowsA = await rowsOf(flowA);
      rowsB = await rowsOf(flowB);
      if ([...rowsA, ...rowsB].every((r) => DONE.has(r.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Exactly once: one row per acknowledged webhook, each claimed once, one request each.
    expect(rowsA.map((r) => r.id).sort()).toEqual([...idsA].sort());
    expect(rowsB.map((r) => r.id).sort()).toEqual([...idsB].sort());
    for (const r of [...rowsA, ...rowsB]) {
      expect(r.status).toBe('succeeded');
      expect(Number(r.attempt)).toBe(1);
    }
    expect(target.calls['/a']).toBe(BACKLOG);
    expect(target.calls['/b']).toBe(OTHERS);

    // B's last run ended while most of A's backlog had not: B did not wait behind it.
    const at = (iso: string | null) => Date.parse(iso as string);
    const lastB = Math.max(...rowsB.map((r) => at(r.finished_at)));
    const lastA = Math.max(...rowsA.map((r) => at(r.finished_at)));
    const aDoneBeforeLastB = rowsA.filter((r) => at(r.finished_at) <= lastB).length;
    expect(lastB).toBeLessThan(lastA);
    expect(aDoneBeforeLastB).toBeLessThan(BACKLOG / 2);

    const waits = rowsB.map((r) => at(r.started_at) - at(r.created_at)).sort((x, y) => x - y);
    const firstA = Math.min(...rowsA.map((r) => at(r.created_at)));
    console.log(
      `workspace share: B p99 wait ${waits[Math.ceil(0.99 * waits.length) - 1]} ms (median ${waits[Math.floor(waits.length / 2)]} ms); ` +
        `B done ${lastB - firstA} ms, A done ${lastA - firstA} ms after A's first webhook; ` +
        `A finished before B's last: ${aDoneBeforeLastB}/${BACKLOG}`,
    );
  }, 60_000);
});
