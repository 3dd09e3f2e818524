/**
 * Engine benchmark: webhook → filter (amount > 10) → HTTP GET to a local target,
 * with autocannon at several concurrencies, side by side in one run:
 *
 * - bare: a plain `node:http` server doing the same work inline (parse, compare, GET the
 *   target through a keep-alive agent, answer), recording nothing;
 * - embedded: Junction on SQLite with its in-process queue (every execution and its step's
 *   input and output recorded);
 * - scale-out: Junction on PostgreSQL + BullMQ, the API process only records and enqueues,
 *   two `junction worker` processes run the executions (needs TEST_DATABASE_URL or
 *   DATABASE_URL, and TEST_REDIS_URL or REDIS_URL).
 *
 *   npm run bench:engine -- --duration 20 --connections 10,50 [--variants bare,embedded,scaleout] [--workers 1,2,4]
 *     [--warmup S (load before each row, not counted)] [--cpu-prof DIR]
 *     [--heap-prof DIR (allocation per webhook of the embedded tsx server, over the row)]
 *     [--dist DIR (the built server's bundle to run, default server/dist: compare two builds)]
 *
 * Every process (target, servers, workers) runs apart from the load generator. Prints a
 * markdown table: req/s, p50/p99 latency, peak RSS (VmHWM) of the serving processes, and the
 * executions recorded against the requests acknowledged (they must be equal).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs helper, shared with engine-built.mjs
import { heapSampler } from './heap-sampler.mjs';
import {
  ask,
  cpuMs,
  diskSyncNote,
  flag,
  forkRole,
  HOOK_EVENT,
  hasFlag,
  listenWithUser,
  memoryMb,
  openBenchDatabase,
  postJsonLoad,
  REPO_ROOT,
  roleTarget,
  serviceCpuMs,
  startQueueWorker,
  stopChild,
} from './support.js';

const here = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------- child roles

/** The bare baseline: parse, compare, GET the target (keep-alive agent), answer; no persistence. */
async function roleBare(targetPort: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let acknowledged = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { amount?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const answer = () => {
        acknowledged += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      if (!(Number(body.amount) > 10)) return answer();
      const get = http.get({ host: '127.0.0.1', port: targetPort, path: `/t?amount=${body.amount}`, agent }, (r) => {
        r.resume();
        r.on('end', answer);
      });
      get.on('error', () => res.writeHead(502).end());
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
  });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'count') process.send?.({ recorded: acknowledged, finished: acknowledged });
    if (m.type === 'stop') server.close(() => process.exit(0));
  });
}

/** Junction, embedded (SQLite, in-process queue) or scale-out (PostgreSQL + BullMQ, no consumer). */
async function roleJunction(mode: 'embedded' | 'scaleout', targetPort: number): Promise<void> {
  const { createApp } = await import('../src/app.js');
  const { sql } = await import('kysely');
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const opened = await openBenchDatabase(
    mode === 'embedded' ? 'sqlite' : 'postgres',
    targetPort,
    mode === 'scaleout' ? { redisUrl: process.env.BENCH_REDIS_URL, queuePrefix: prefix, runWorkers: false } : {},
  );
  const app = await createApp(opened.config);
  const { port, call, token, listenedMs: startToListenMs } = await listenWithUser(app);
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const document = hookWorkflow('bench', { url: `http://127.0.0.1:${targetPort}/t`, filter: AMOUNT_OVER_10 });
  const workflow = await call('POST', '/api/workflows', { name: 'Bench', active: true, document }, token);
  const hook = await call('GET', `/api/workflows/${workflow.id}/hook`, undefined, token);
  process.send?.({
    url: `http://127.0.0.1:${port}${new URL(hook.url).pathname}`,
    startToListenMs,
    workerEnv: {
      DATABASE_URL: opened.config.databaseUrl,
      DATA_DIR: opened.config.dataDir,
      REDIS_URL: process.env.BENCH_REDIS_URL,
      QUEUE_PREFIX: prefix,
      JUNCTION_ALLOWED_HOSTS: `127.0.0.1:${targetPort}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    },
  });
  const heap = heapSampler('embedded');
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'heap-start') return process.send?.(await heap.start());
    if (m.type === 'heap-stop') return process.send?.(await heap.stop());
    if (m.type === 'count') {
      const row = await sql<{ recorded: string | number; finished: string | number; succeeded: string | number }>`
        SELECT count(*) AS recorded,
               sum(CASE WHEN status IN ('succeeded','failed','filtered','cancelled') THEN 1 ELSE 0 END) AS finished,
               sum(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) AS succeeded
        FROM executions WHERE workflow_id = ${workflow.id}`.execute(opened.db);
      const r = row.rows[0];
      process.send?.({
        recorded: Number(r.recorded),
        finished: Number(r.finished ?? 0),
        succeeded: Number(r.succeeded ?? 0),
      });
    }
    if (m.type === 'stop') {
      await app.close();
      await opened.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- orchestration

const HEAP_PROF = flag('heap-prof');

/** `--cpu-prof DIR`: V8 CPU profiles of the servers and workers (written when they stop). */
const CPU_PROF = flag('cpu-prof');
const profArgs = (name: string) => (CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.join(CPU_PROF, name)] : []);

function start<T>(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; info: T }> {
  const execArgv = [...process.execArgv, ...(args.includes('target') ? [] : profArgs(args[1] ?? 'child'))];
  return forkRole<T>(here, args, { env, execArgv });
}

/** `--dist DIR`: the built server's bundle (what tsup writes to server/dist) to run instead. */
const BUILT_DIST = flag('dist');

/** The embedded Junction from server/dist under plain node (./engine-built.mjs). */
async function startBuilt(
  targetPort: number,
): Promise<{ child: ChildProcess; info: { url: string; startToListenMs: number } }> {
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const document = hookWorkflow('bench', { url: `http://127.0.0.1:${targetPort}/t`, filter: AMOUNT_OVER_10 });
  return forkRole(path.join(path.dirname(here), 'engine-built.mjs'), [String(targetPort)], {
    env: {
      PATH: process.env.PATH,
      BENCH_DOCUMENT: JSON.stringify(document),
      ...(HEAP_PROF ? { BENCH_HEAP_PROF: HEAP_PROF } : {}),
      ...(BUILT_DIST ? { BENCH_DIST: path.resolve(BUILT_DIST) } : {}),
    },
    execArgv: profArgs('built'),
  });
}

/**
 * Start to first request of the built server (`node server/dist/main.js`, what `npm start`
 * runs): from spawn until GET /api/health answers 200, on a fresh data folder (migrations
 * included) and again on the same folder; with the process's CPU at that answer and its idle
 * peak RSS.
 */
async function measureStartup(label: string, env: Record<string, string>): Promise<string> {
  const main = path.join(REPO_ROOT, 'server/dist/main.js');
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const begin = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      const status = await new Promise<number>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', () => resolve(0));
      });
      if (status === 200) break;
      if (child.exitCode !== null) return `${label}: the built server exited with ${child.exitCode}`;
      if (performance.now() - begin > 60_000) return `${label}: no answer within 60 s`;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - begin;
    // CPU (user + system, all threads) moves less than wall time with the machine's load.
    const cpu = cpuMs(child.pid);
    return `${label}: start to first request ${Math.round(ms)} ms (CPU ${Math.round(cpu)} ms), idle peak RSS ${memoryMb(child.pid).toFixed(0)} MB`;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

interface Row {
  variant: string;
  /** Worker processes (PG + BullMQ only). */
  workers: number;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  rssMb: string;
  acknowledged: number;
  recorded: number;
  succeeded: number;
  errors: number;
  /** CPU ms of the serving processes (server + workers) per execution (bare: per request). */
  cpuPerRequest: number;
  /** CPU ms of PostgreSQL and Redis per execution during the row (other users included). */
  servicesPerRequest: number;
}

async function drain(server: ChildProcess, acknowledged: number) {
  let last = { recorded: 0, finished: 0, succeeded: 0 };
  for (let i = 0; i < 600; i++) {
    last = await ask<typeof last>(server, 'count');
    if (last.finished >= last.recorded && last.recorded >= acknowledged) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

async function main(): Promise<void> {
  const role = flag('role');
  if (role === 'target') return roleTarget();
  if (role === 'bare') return roleBare(Number(flag('target')));
  if (role === 'junction') return roleJunction(flag('mode') as 'embedded' | 'scaleout', Number(flag('target')));

  const duration = Number(flag('duration') ?? 20);
  // PG + BullMQ runs once per worker count (`--workers 1,2,4`: the scale-out curve shows where
  // the machine saturates); `--workers 0` measures the API process alone (executions stay queued).
  const workerCounts = (flag('workers') ?? '1,2,4').split(',').map(Number);
  const connectionsList = (flag('connections') ?? '10,50').split(',').map(Number);
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  const wanted = (flag('variants') ?? 'bare,embedded,built,scaleout').split(',');
  const variants = ['bare', 'embedded', 'built', ...(databaseUrl && redisUrl ? ['scaleout'] : [])].filter((v) =>
    wanted.includes(v),
  );
  if (!variants.includes('scaleout'))
    process.stderr.write('scale-out skipped: set TEST_DATABASE_URL and TEST_REDIS_URL\n');

  const rows: Row[] = [];
  const notes: string[] = [diskSyncNote('before the rows')];
  if (!hasFlag('no-startup')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-start-'));
    try {
      const env = { DATA_DIR: dataDir, NODE_ENV: 'production' };
      notes.push(await measureStartup('built server, embedded, fresh data folder', env));
      notes.push(await measureStartup('built server, embedded, second start', env));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const variant of variants) {
    for (const workerCount of variant === 'scaleout' ? workerCounts : [0])
      for (const connections of connectionsList) {
        const target = await start<{ port: number }>(['--role', 'target']);
        const env = {
          ...process.env,
          TEST_DATABASE_URL: databaseUrl,
          BENCH_REDIS_URL: redisUrl,
          ...(HEAP_PROF ? { BENCH_HEAP_PROF: HEAP_PROF } : {}),
        };
        const server =
          variant === 'bare'
            ? await start<{ url: string }>(['--role', 'bare', '--target', String(target.info.port)])
            : variant === 'built'
              ? await startBuilt(target.info.port)
              : await start<{ url: string; startToListenMs: number; workerEnv: Record<string, string> }>(
                  ['--role', 'junction', '--mode', variant, '--target', String(target.info.port)],
                  env,
                );
        const info = server.info as { url: string; startToListenMs?: number; workerEnv?: Record<string, string> };
        if (info.startToListenMs !== undefined && connections === connectionsList[0]) {
          const how = variant === 'built' ? 'node, server/dist' : 'tsx, source';
          notes.push(`${variant}: process start to listening ${Math.round(info.startToListenMs)} ms (${how})`);
        }
        const workers =
          variant === 'scaleout'
            ? await Promise.all(
                Array.from({ length: workerCount }, () => startQueueWorker(info.workerEnv ?? {}, profArgs('worker'))),
              )
            : [];
        /** What the warm-up left behind (the row's counts start after it). */
        let warmed = { recorded: 0, finished: 0, succeeded: 0, calls: 0 };
        try {
          // `--warmup S`: load before the measured row (compiled code, pools and caches warm), drained.
          const warmup = Number(flag('warmup') ?? 0);
          if (warmup > 0 && (workerCount > 0 || variant !== 'scaleout')) {
            process.stderr.write(`${variant} (${workerCount} workers): warm-up ${warmup}s…\n`);
            const warm = await postJsonLoad(info.url, JSON.stringify(HOOK_EVENT), { connections, duration: warmup });
            const done = await drain(server.child, warm['2xx']);
            const calls = (await ask<{ calls: number }>(target.child, 'count')).calls;
            warmed = { ...done, calls };
          }
          process.stderr.write(`${variant} (${workerCount} workers): ${duration}s at ${connections} connections…\n`);
          const serving = () => [server.child.pid, ...workers.map((w) => w.pid)];
          const cpuBefore = serving().map(cpuMs);
          const servicesBefore = serviceCpuMs();
          const heap = HEAP_PROF && variant !== 'bare' && variant !== 'scaleout';
          if (heap) await ask(server.child, 'heap-start');
          const result = await postJsonLoad(info.url, JSON.stringify(HOOK_EVENT), { connections, duration });
          const acknowledged = result['2xx'];
          let counts: Awaited<ReturnType<typeof drain>>;
          if (workerCount > 0 || variant !== 'scaleout')
            counts = await drain(server.child, acknowledged + warmed.recorded);
          else if (flag('then-workers')) {
            // Worker capacity alone: the queued executions, then N workers drain them.
            const n = Number(flag('then-workers'));
            const begin = performance.now();
            workers.push(
              ...(await Promise.all(
                Array.from({ length: n }, () => startQueueWorker(info.workerEnv ?? {}, profArgs('worker'))),
              )),
            );
            const ready = performance.now();
            counts = await drain(server.child, acknowledged);
            const ms = performance.now() - ready;
            notes.push(
              `${n} workers (ready after ${Math.round(ready - begin)} ms) ran ${counts.finished} queued executions in ${Math.round(ms)} ms: ${Math.round((counts.finished * 1000) / ms)} executions/s`,
            );
          } else counts = await ask<Awaited<ReturnType<typeof drain>>>(server.child, 'count');
          counts = {
            recorded: counts.recorded - warmed.recorded,
            finished: counts.finished - warmed.finished,
            succeeded: counts.succeeded - warmed.succeeded,
          };
          if (heap) {
            const { bytes } = await ask<{ bytes: number }>(server.child, 'heap-stop');
            notes.push(
              `${variant} c=${connections}: ${(bytes / 1024 / Math.max(1, counts.recorded)).toFixed(1)} KB allocated per recorded webhook (sampled, collected objects included)`,
            );
          }
          const calls = (await ask<{ calls: number }>(target.child, 'count')).calls - warmed.calls;
          // CPU per request: less sensitive to the machine's other load than req/s.
          const cpuAfter = serving().map(cpuMs);
          const junctionCpu = cpuAfter.reduce((sum, ms, i) => sum + ms - (cpuBefore[i] ?? 0), 0);
          const servicesCpu = serviceCpuMs() - servicesBefore;
          const rss = [server.child.pid, ...workers.map((w) => w.pid)]
            .map((pid) => memoryMb(pid))
            .map((mb) => mb.toFixed(0));
          rows.push({
            variant,
            workers: workerCount,
            connections,
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            rssMb: rss.join(' + '),
            acknowledged,
            recorded: counts.recorded,
            succeeded: variant === 'bare' ? calls : counts.succeeded,
            errors: result.errors + result.non2xx,
            cpuPerRequest: junctionCpu / Math.max(1, counts.recorded),
            servicesPerRequest: variant === 'bare' ? 0 : servicesCpu / Math.max(1, counts.recorded),
          });
          if (variant !== 'bare' && calls !== counts.succeeded) {
            notes.push(
              `${variant} c=${connections}: target saw ${calls} calls for ${counts.succeeded} succeeded executions`,
            );
          }
        } finally {
          await Promise.all(workers.map(stopChild));
          await stopChild(server.child);
          await stopChild(target.child);
        }
      }
  }

  notes.push(diskSyncNote('after the rows'));
  const bare = new Map(rows.filter((r) => r.variant === 'bare').map((r) => [r.connections, r]));
  const names: Record<string, string> = {
    bare: 'bare node:http',
    embedded: 'Junction embedded (SQLite)',
    built: 'Junction embedded, built (node dist)',
  };
  const nameOf = (r: Row) =>
    r.variant === 'scaleout'
      ? `Junction PG + BullMQ, ${r.workers} worker${r.workers === 1 ? '' : 's'}`
      : names[r.variant];
  const lines = [
    `Webhook → filter (amount > 10) → HTTP GET, ${duration} s per row.`,
    '',
    '| variant | conn. | req/s | × bare | p50 (ms) | p99 (ms) | peak RSS (MB) | CPU ms / req. (Node + PG/Redis) | acknowledged | recorded | succeeded / target calls | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const ratio = (r.rps / (bare.get(r.connections)?.rps ?? Number.NaN)).toFixed(2);
      const cpu = `${r.cpuPerRequest.toFixed(2)}${r.variant === 'scaleout' ? ` + ${r.servicesPerRequest.toFixed(2)}` : ''}`;
      return `| ${nameOf(r)} | ${r.connections} | ${Math.round(r.rps)} | ${ratio} | ${r.p50} | ${r.p99} | ${r.rssMb} | ${cpu} | ${r.acknowledged} | ${r.variant === 'bare' ? '—' : r.recorded} | ${r.succeeded} | ${r.errors} |`;
    }),
    '',
    ...notes.map((n) => `- ${n}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
