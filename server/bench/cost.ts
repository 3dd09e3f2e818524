/**
 * Cost per execution on PostgreSQL, by process: webhook → N − 1 Formatter steps → HTTP GET
 * (chain.ts), for N = 1, 3, 10, in two deployments, each row with fresh processes:
 *
 * - in-process: one Junction process takes the webhook and runs the execution (PostgreSQL,
 *   in-process queue, no Redis);
 * - PG + BullMQ: the API process records and enqueues (RUN_WORKERS=off), W `junction worker`
 *   processes run the executions (W = 1, 2, 4 for the 3-step chain: the scale-out rows).
 *
 *   TEST_DATABASE_URL=… TEST_REDIS_URL=… npm run bench:cost -- [--seconds 8] [--steps 1,3,10] [--workers 1,2,4]
 *     [--connections 50] [--warm 500 (executions finished before each row, at most 90 s)] [--modes inprocess,scaleout]
 *
 * Each row: a warm-up (3 s rounds until `warm` executions have finished, at most 90 s), then autocannon posts the webhook for `seconds` at `connections`, then the bench waits
 * (at most 60 s) until every recorded execution has finished. CPU (user + system, from
 * /proc/<pid>/stat) is read before and after for the API process, each worker, the PostgreSQL
 * backends serving this row (found by the application_name its connections carry, sampled
 * every 500 ms so a backend that closes keeps its last reading; PostgreSQL's background writers
 * are not in it), and redis-server (shared with anything else using it); each is
 * divided by the executions that finished, after taking off what each used at rest in the 3 s
 * before the row (timers, polling; for Redis also other users of the same server) in proportion to the row's length. CPU time stays meaningful on a loaded machine,
 * throughput does not: every row carries the load average.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { CHAIN_EVENT, chainDocument } from './chain.js';
import { backendMeter, withApplicationName } from './pg-backends.js';
import {
  ask,
  cpuMs,
  diskSyncNote,
  flag,
  forkRole,
  listenWithUser,
  openBenchDatabase,
  roleTarget,
  startQueueWorker,
  stopChild,
} from './support.js';

const here = fileURLToPath(import.meta.url);

interface Count {
  recorded: number;
  finished: number;
  succeeded: number;
  steps: number;
}

/** The API process: Junction on PostgreSQL, running executions itself or only enqueueing them. */
async function roleApi(mode: 'inprocess' | 'scaleout', steps: number, targetPort: number): Promise<void> {
  const { createApp } = await import('../src/app.js');
  const { sql } = await import('kysely');
  const prefix = `cost-${randomBytes(4).toString('hex')}`;
  const opened = await openBenchDatabase(
    'postgres',
    targetPort,
    mode === 'scaleout' ? { redisUrl: process.env.BENCH_REDIS_URL, queuePrefix: prefix, runWorkers: false } : {},
  );
  // Every connection of this row (API and workers) names itself, so the parent finds its backends.
  const config = { ...opened.config, databaseUrl: withApplicationName(opened.config.databaseUrl ?? '', prefix) };
  const app = await createApp(config);
  const { port, call, token } = await listenWithUser(app);
  const document = await chainDocument(steps, `http://127.0.0.1:${targetPort}/t`);
  const workflow = await call('POST', '/api/workflows', { name: `Chain ${steps}`, active: true, document }, token);
  const hook = await call('GET', `/api/workflows/${workflow.id}/hook`, undefined, token);
  process.send?.({
    url: `http://127.0.0.1:${port}${new URL(hook.url).pathname}`,
    applicationName: prefix,
    workerEnv: {
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: config.dataDir,
      REDIS_URL: process.env.BENCH_REDIS_URL,
      QUEUE_PREFIX: prefix,
      JUNCTION_ALLOWED_HOSTS: `127.0.0.1:${targetPort}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    },
  });
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'count') {
      const r = (
        await sql<Record<keyof Count, string | number | null>>`
        SELECT count(*) AS recorded,
               sum(CASE WHEN status IN ('succeeded','failed','filtered','cancelled') THEN 1 ELSE 0 END) AS finished,
               sum(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) AS succeeded,
               (SELECT count(*) FROM step_runs) AS steps
        FROM executions WHERE workflow_id = ${workflow.id}`.execute(opened.db)
      ).rows[0];
      process.send?.({
        recorded: Number(r.recorded ?? 0),
        finished: Number(r.finished ?? 0),
        succeeded: Number(r.succeeded ?? 0),
        steps: Number(r.steps ?? 0),
      });
    }
    if (m.type === 'stop') {
      await app.close();
      await opened.close();
      process.exit(0);
    }
  });
}

/** CPU ms of every process whose command name starts with `name`. */
function cpuOfAll(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith(name)) total += cpuMs(Number(entry)) || 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Row {
  mode: 'inprocess' | 'scaleout';
  steps: number;
  workers: number;
  ackPerSecond: number;
  execPerSecond: number;
  api: number;
  worker: number;
  pgBackends: number;
  pgAll: number;
  redis: number;
  backends: number;
  executions: number;
  stepRecords: number;
  p99: number;
  errors: number;
  load: string;
  /** CPU ms per second of each process at rest before the row (subtracted). */
  rest: string;
}

const f = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '—');
const WARM_MAX_SECONDS = 90;
const IDLE_SECONDS = 3;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 2).join(' / ');

async function drain(api: ChildProcess, atLeast: number, seconds: number): Promise<Count> {
  const until = performance.now() + seconds * 1000;
  let count = await ask<Count>(api, 'count');
  while (performance.now() < until && (count.finished < count.recorded || count.recorded < atLeast)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await ask<Count>(api, 'count');
  }
  return count;
}

async function measure(
  admin: pg.Client,
  mode: Row['mode'],
  steps: number,
  workerCount: number,
  connections: number,
  seconds: number,
  warm: number,
): Promise<Row> {
  const target = await forkRole<{ port: number }>(here, ['--role', 'target']);
  const env = { ...process.env, BENCH_REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL };
  const api = await forkRole<{ url: string; applicationName: string; workerEnv: Record<string, string> }>(
    here,
    ['--role', 'api', '--mode', mode, '--steps', String(steps), '--target', String(target.info.port)],
    { env },
  );
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startQueueWorker(api.info.workerEnv)));
  const load = {
    url: api.info.url,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: CHAIN_EVENT,
  };
  try {
    process.stderr.write(`${mode} N=${steps} workers=${workerCount}: warm-up…\n`);
    // Warm until `warm` executions have finished (compiled code, pools, prepared statements), at
    // most WARM_MAX_SECONDS: CPU per execution of cold code is several times that of warm code.
    const warmUntil = performance.now() + WARM_MAX_SECONDS * 1000;
    for (let round = 0; round < 30 && performance.now() < warmUntil; round++) {
      const warmed = await autocannon({ ...load, connections, duration: 3 });
      const count = await drain(api.child, warmed['2xx'], 30);
      if (count.finished >= warm) break;
    }
    // The processes' CPU at rest (timers, polling, other users of PostgreSQL and Redis), taken
    // off each figure below in proportion to the row's length.
    const snapshot = () => ({
      api: cpuMs(api.child.pid),
      workers: workers.reduce((sum, w) => sum + cpuMs(w.pid), 0),
      pgAll: cpuOfAll('postgres'),
      redis: cpuOfAll('redis-server'),
    });
    const rest0 = snapshot();
    const restStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const cpu0 = snapshot();
    const restSeconds = (performance.now() - restStart) / 1000;
    const rate = {
      api: (cpu0.api - rest0.api) / restSeconds,
      workers: (cpu0.workers - rest0.workers) / restSeconds,
      pgAll: (cpu0.pgAll - rest0.pgAll) / restSeconds,
      redis: (cpu0.redis - rest0.redis) / restSeconds,
    };
    const before = await ask<Count>(api.child, 'count');
    const meter = backendMeter(admin, api.info.applicationName);
    await meter.start();
    const loadBefore = loadAverage();
    const t0 = performance.now();
    process.stderr.write(`${mode} N=${steps} workers=${workerCount}: ${seconds}s at ${connections} connections…\n`);
    const result = await autocannon({ ...load, connections, duration: seconds });
    const loadSeconds = (performance.now() - t0) / 1000;
    const after = await drain(api.child, before.recorded + result['2xx'], 60);
    const cpu1 = snapshot();
    const wall = (performance.now() - t0) / 1000;
    const net = (key: keyof typeof rate) => Math.max(0, cpu1[key] - cpu0[key] - rate[key] * wall);
    const apiMs = net('api');
    const workerMs = net('workers');
    const pgAll = net('pgAll');
    const redis = net('redis');
    const backends = await meter.stop();
    const executions = after.finished - before.finished;
    const per = (ms: number) => ms / Math.max(1, executions);
    if (after.succeeded !== after.finished)
      process.stderr.write(`${after.finished - after.succeeded} executions did not succeed\n`);
    return {
      mode,
      steps,
      workers: workerCount,
      ackPerSecond: result['2xx'] / loadSeconds,
      execPerSecond: executions / wall,
      api: per(apiMs),
      worker: per(workerMs),
      pgBackends: per(backends.ms),
      pgAll: per(pgAll),
      redis: mode === 'scaleout' ? per(redis) : Number.NaN,
      backends: backends.backends,
      executions,
      stepRecords: after.steps - before.steps,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      load: `${loadBefore} → ${loadAverage()}`,
      rest: `API ${f(rate.api, 1)}, workers ${f(rate.workers, 1)}, Redis ${f(rate.redis, 1)} ms/s`,
    };
  } finally {
    await Promise.all(workers.map(stopChild));
    await stopChild(api.child);
    await stopChild(target.child);
  }
}

async function main(): Promise<void> {
  const role = flag('role');
  if (role === 'target') return roleTarget();
  if (role === 'api') return roleApi(flag('mode') as Row['mode'], Number(flag('steps')), Number(flag('target')));

  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error('set TEST_DATABASE_URL and TEST_REDIS_URL');
  const seconds = Number(flag('seconds') ?? 8);
  const connections = Number(flag('connections') ?? 50);
  const warm = Number(flag('warm') ?? 500);
  const stepList = (flag('steps') ?? '1,3,10').split(',').map(Number);
  const workerList = (flag('workers') ?? '1,2,4').split(',').map(Number);
  const modes = (flag('modes') ?? 'inprocess,scaleout').split(',');
  const plan: [Row['mode'], number, number][] = [];
  for (const n of stepList) {
    if (modes.includes('inprocess')) plan.push(['inprocess', n, 0]);
    if (modes.includes('scaleout')) plan.push(['scaleout', n, workerList[0]]);
  }
  const scaleSteps = stepList.includes(3) ? 3 : stepList[0];
  if (modes.includes('scaleout')) for (const w of workerList.slice(1)) plan.push(['scaleout', scaleSteps, w]);

  const disk = [diskSyncNote('before the rows')];
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const rows: Row[] = [];
  try {
    for (const [mode, n, w] of plan) rows.push(await measure(admin, mode, n, w, connections, seconds, warm));
  } finally {
    await admin.end();
  }
  disk.push(diskSyncNote('after the rows'));
  const lines = [
    `Webhook → N − 1 Formatter steps → HTTP GET on PostgreSQL, ${seconds} s at ${connections} connections per row, then drained. CPU ms per finished execution.`,
    '',
    '| deployment | N | workers | ack/s | executions/s | API | workers | PG backends | Redis | API + workers + PG backends + Redis | executions / step records | p99 ack (ms) | errors | load (1 min, before → after) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) => {
      const total = r.api + r.worker + r.pgBackends + (Number.isFinite(r.redis) ? r.redis : 0);
      const name = r.mode === 'inprocess' ? 'in-process' : 'PG + BullMQ';
      return `| ${name} | ${r.steps} | ${r.workers || '—'} | ${Math.round(r.ackPerSecond)} | ${Math.round(r.execPerSecond)} | ${f(r.api)} | ${r.workers ? f(r.worker) : '—'} | ${f(r.pgBackends)} (${r.backends}) | ${f(r.redis)} | ${f(total)} | ${r.executions} / ${r.stepRecords} | ${r.p99} | ${r.errors} | ${r.load} |`;
    }),
    '',
    'CPU at rest before each row (taken off its figures in proportion to its length):',
    ...rows.map((r) => `- ${r.mode} N=${r.steps} workers=${r.workers}: ${r.rest}`),
    '',
    ...disk.map((d) => `- ${d}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
