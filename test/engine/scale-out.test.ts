/**
 * Scale-out: PostgreSQL + BullMQ with two `junction worker` processes. The
 * API process only records and enqueues; N webhooks give exactly N executions, each run once
 * (the target counts its calls). Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../server/src/worker.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { missingService, suiteName } from '../setup/skip.js';
import { createWorkflow, DONE, hookPathOf, startTarget, type Target } from './support.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
const workerEntry = path.join(root, 'server/src/worker-process.ts');
const redisUrl = process.env.TEST_REDIS_URL;
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');

describe('junction worker', () => {
  it('refuses to start without DATABASE_URL and REDIS_URL, saying why', async () => {
    await expect(startWorker({ DATA_DIR: '/tmp/junction-no-redis' }, { stdout: () => undefined })).rejects.toThrow(
      'junction worker needs DATABASE_URL and REDIS_URL (the PostgreSQL database and the Redis queue it shares with the server)',
    );
  });
});

const missing = missingService('postgres', 'redis');
describe.skipIf(missing)(suiteName('two workers on PostgreSQL + BullMQ', missing), () => {
  const testDb = postgres!;
  const prefix = `jt-${randomBytes(5).toString('hex')}`;
  let target: Target;
  let h: ApiHarness;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, {
      redisUrl,
      queuePrefix: prefix,
      runWorkers: false,
      allowedHosts: target.host,
      logLevel: 'warn',
    });
    for (let i = 0; i < 2; i++) workers.push(await spawnWorker(h, target, prefix));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await h?.close();
    await target?.close();
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  it('runs N acknowledged webhooks exactly once each', async () => {
    const { token } = await signUp(h, 'scale');
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const n = 40;
    const hookPath = await hookPathOf(h, token, id);
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => h.call('POST', hookPath, { body: { amount: i } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
    const ids = new Set(answers.map((a) => a.json.executionId as string));
    expect(ids.size).toBe(n);

    let items: { id: string; status: string }[] = [];
    for (let i = 0; i < 400; i++) {
      items = (await h.call('GET', `/api/workflows/${id}/executions?limit=200`, { token })).json.items;
      if (items.length === n && items.every((e) => DONE.has(e.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(items).toHaveLength(n);
    expect(items.every((e) => e.status === 'succeeded')).toBe(true);
    expect(new Set(items.map((e) => e.id))).toEqual(ids);
    expect(target.calls['/ok']).toBe(n);
  }, 60_000);
});

async function spawnWorker(h: ApiHarness, target: Target, prefix: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsx, workerEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: h.config.databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      DATA_DIR: h.config.dataDir,
      PUBLIC_URL: h.config.publicUrl,
      JUNCTION_ALLOWED_HOSTS: target.host,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('consuming the execution queue')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${output}`));
    });
  });
  return child;
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
