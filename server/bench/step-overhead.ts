/**
 * Step overhead: webhook → a chain of N steps whose work is near zero (N − 1 Formatter "upper
 * case" steps, then an HTTP GET to a local target), N = 1, 3, 10, 40, side by side in one run:
 *
 * - bare: a plain `node:http` server doing the same chain inline (parse, N − 1 upper-casings,
 *   GET the target through a keep-alive agent, answer), recording nothing;
 * - Junction (SQLite, and PostgreSQL when TEST_DATABASE_URL is set; in-process queue): every
 *   execution and every step's input and output recorded.
 *
 * Latency is webhook sent → execution finished: the client sends the webhook, reads the
 * execution id from the answer, and waits for the server process's run-end notice
 * (engine/observe.ts, sent over IPC once the finish is committed). Bare: request → answer.
 * At 1 connection: median and p95. At 50 connections (each waits for its run to finish before
 * sending the next): runs/s and server CPU per run and per step (on PostgreSQL also the CPU of
 * the server's own backends, ./pg-backends.ts). Per-step overhead is the least-squares slope
 * over N, of the 1-connection median and of CPU per run.
 *
 *   npm run bench:steps -- [--steps 1,3,10,40] [--seconds 5] [--databases sqlite,postgres] [--cpu-prof DIR]
 *
 * Loopback only; every loop bounded in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
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
  stopChild,
} from './support.js';

const here = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------- child roles

/** The bare chain: parse, N − 1 upper-casings, one GET to the target, answer. */
async function roleBare(targetPort: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const steps = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('steps') ?? 1);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string };
      let value = body.name;
      for (let i = 1; i < steps; i++) value = { output: value.toUpperCase() }.output;
      http
        .get({ host: '127.0.0.1', port: targetPort, path: `/t?v=${encodeURIComponent(value)}`, agent }, (r) => {
          r.resume();
          r.on('end', () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"ok":true}');
          });
        })
        .on('error', () => res.writeHead(502).end());
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.send?.({ urls: Object.fromEntries(stepCounts().map((n) => [n, `http://127.0.0.1:${port}/?steps=${n}`])) });
  });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stop') server.close(() => process.exit(0));
  });
}

function stepCounts(): number[] {
  return (flag('steps') ?? '1,3,10,40').split(',').map(Number);
}

/** Junction (in-process queue) with one workflow per N; tells the parent when each run ends. */
async function roleJunction(dialect: 'sqlite' | 'postgres', targetPort: number): Promise<void> {
  const { createApp } = await import('../src/app.js');
  const { onRunEnd } = await import('../src/engine/observe.js');
  const { sql } = await import('kysely');
  const opened = await openBenchDatabase(dialect, targetPort);
  // On PostgreSQL the server's connections name themselves, so the parent reads the CPU of
  // exactly their backends (./pg-backends.ts).
  const applicationName = `steps-${process.pid}`;
  const app = await createApp(
    opened.config.databaseUrl
      ? { ...opened.config, databaseUrl: withApplicationName(opened.config.databaseUrl, applicationName) }
      : opened.config,
  );
  const { port, call, token } = await listenWithUser(app);
  const urls: Record<number, string> = {};
  for (const n of stepCounts()) {
    const document = await chainDocument(n, `http://127.0.0.1:${targetPort}/t`);
    const workflow = await call('POST', '/api/workflows', { name: `Chain ${n}`, active: true, document }, token);
    const hook = await call('GET', `/api/workflows/${workflow.id}/hook`, undefined, token);
    urls[n] = `http://127.0.0.1:${port}${new URL(hook.url).pathname}`;
  }
  // Run-end notices, batched per event-loop turn.
  const ended: [string, string][] = [];
  onRunEnd((id, outcome) => {
    if (ended.length === 0) setImmediate(() => process.send?.({ ended: ended.splice(0) }));
    ended.push([id, outcome]);
  });
  process.send?.({ urls, applicationName: opened.config.databaseUrl ? applicationName : undefined });
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'count') {
      const r = (
        await sql<{ executions: string | number; steps: string | number }>`
        SELECT (SELECT count(*) FROM executions WHERE status = 'succeeded') AS executions,
               (SELECT count(*) FROM step_runs WHERE status = 'succeeded') AS steps`.execute(opened.db)
      ).rows[0];
      process.send?.({ executions: Number(r.executions), steps: Number(r.steps) });
    }
    if (m.type === 'stop') {
      await app.close();
      await opened.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- orchestration

function start<T>(args: string[]): Promise<{ child: ChildProcess; info: T }> {
  // `--cpu-prof DIR`: a V8 CPU profile of each Junction server process (written when it stops).
  const prof =
    flag('cpu-prof') && args.includes('junction') ? ['--cpu-prof', '--cpu-prof-dir', flag('cpu-prof') ?? ''] : [];
  return forkRole<T>(here, args, { execArgv: [...process.execArgv, ...prof] });
}

/** Sends one webhook and resolves when its run ended (Junction) or when it is answered (bare). */
type Send = () => Promise<void>;

function sender(url: string, server: ChildProcess, junction: boolean): { send: Send; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  const onMessage = (m: { ended?: [string, string][] }) => {
    for (const [id, outcome] of m.ended ?? []) {
      if (outcome !== 'succeeded') process.stderr.write(`run ${id} ended ${outcome}\n`);
      const resolve = waiting.get(id);
      if (resolve) {
        waiting.delete(id);
        resolve();
      } else early.add(id);
    }
  };
  if (junction) server.on('message', onMessage);
  const target = new URL(url);
  const send: Send = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(CHAIN_EVENT) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200 && res.statusCode !== 202) return reject(new Error(`status ${res.statusCode}`));
            if (!junction) return resolve();
            const { executionId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { executionId: string };
            if (early.delete(executionId)) return resolve();
            waiting.set(executionId, resolve);
          });
        },
      );
      req.on('error', reject);
      req.end(CHAIN_EVENT);
    });
  return {
    send,
    close: () => {
      server.off('message', onMessage);
      agent.destroy();
    },
  };
}

/** Runs `connections` loops of send-and-wait for `seconds` (and at most `maxRuns`); answers each run's latency (ms). */
async function load(send: Send, connections: number, seconds: number, maxRuns: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let started = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until && started < maxRuns) {
        started += 1;
        const begin = performance.now();
        await send();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return latencies;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (const [i, x] of xs.entries()) {
    num += (x - mx) * (ys[i] - my);
    den += (x - mx) ** 2;
  }
  return num / den;
}

interface Row {
  system: string;
  steps: number;
  runs1: number;
  p50: number;
  p95: number;
  rps50: number;
  cpuPerRun: number;
  /** CPU of the postgres processes per run at 50 connections (PostgreSQL rows only). */
  pgCpuPerRun: number;
  recorded: string;
}

interface Server {
  system: string;
  child: ChildProcess;
  target: ChildProcess;
  urls: Record<number, string>;
  junction: boolean;
  /** The application_name of its PostgreSQL connections (PostgreSQL only). */
  applicationName?: string;
}

async function startServer(system: string, role: string[]): Promise<Server> {
  const target = await start<{ port: number }>(['--role', 'target']);
  const server = await start<{ urls: Record<number, string>; applicationName?: string }>([
    ...role,
    '--target',
    String(target.info.port),
  ]);
  return {
    system,
    child: server.child,
    target: target.child,
    urls: server.info.urls,
    junction: role.includes('junction'),
    applicationName: server.info.applicationName,
  };
}

/** One row: warm-up, `seconds` at 1 connection, `seconds` at 50. */
async function measure(server: Server, n: number, seconds: number, admin?: pg.Client): Promise<Row> {
  const { send, close } = sender(server.urls[n], server.child, server.junction);
  try {
    await load(send, 4, 1, 2_000); // warm-up, not recorded
    type Count = { executions: number; steps: number };
    const before = server.junction ? await ask<Count>(server.child, 'count') : undefined;
    const one = (await load(send, 1, seconds, 20_000)).sort((a, b) => a - b);
    const cpuBefore = cpuMs(server.child.pid);
    const meter = admin && server.applicationName ? backendMeter(admin, server.applicationName) : undefined;
    await meter?.start();
    const t0 = performance.now();
    const many = await load(send, 50, seconds, 200_000);
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = cpuMs(server.child.pid) - cpuBefore;
    const backends = await meter?.stop();
    let recorded = '—';
    if (before) {
      const after = await ask<Count>(server.child, 'count');
      recorded = `${after.executions - before.executions} / ${after.steps - before.steps}`;
    }
    process.stderr.write(
      `${server.system} N=${n}: p50 ${quantile(one, 0.5).toFixed(2)} ms, ${Math.round(many.length / elapsed)}/s\n`,
    );
    return {
      system: server.system,
      steps: n,
      runs1: one.length,
      p50: quantile(one, 0.5),
      p95: quantile(one, 0.95),
      rps50: many.length / elapsed,
      cpuPerRun: cpu / Math.max(1, many.length),
      pgCpuPerRun: backends ? backends.ms / Math.max(1, many.length) : Number.NaN,
      recorded,
    };
  } finally {
    close();
  }
}

async function main(): Promise<void> {
  const role = flag('role');
  if (role === 'target') return roleTarget();
  if (role === 'bare') return roleBare(Number(flag('target')));
  if (role === 'junction') return roleJunction(flag('dialect') as 'sqlite' | 'postgres', Number(flag('target')));

  const seconds = Number(flag('seconds') ?? 5);
  const databases = (flag('databases') ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
  const steps = ['--steps', stepCounts().join(',')];
  // Every server runs through the whole sweep; the rows of one N follow each other, so a change
  // in the machine's load hits the baseline and Junction alike.
  const disk = [diskSyncNote('before the rows')];
  const servers: Server[] = [await startServer('bare node:http', ['--role', 'bare', ...steps])];
  const unsorted: Row[] = [];
  let admin: pg.Client | undefined;
  try {
    for (const dialect of databases) {
      const name = dialect === 'postgres' ? 'Junction, PostgreSQL' : 'Junction, SQLite';
      servers.push(await startServer(name, ['--role', 'junction', '--dialect', dialect, ...steps]));
    }
    const url = process.env.TEST_DATABASE_URL;
    if (url && databases.includes('postgres')) {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    }
    for (const n of stepCounts()) for (const server of servers) unsorted.push(await measure(server, n, seconds, admin));
  } finally {
    await admin?.end();
    for (const server of servers) {
      await stopChild(server.child);
      await stopChild(server.target);
    }
  }
  const rows = servers.flatMap((s) => unsorted.filter((r) => r.system === s.system));
  const fmt = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '—');
  const lines = [
    `Webhook → N − 1 Formatter steps → HTTP GET; ${seconds} s at 1 connection, then ${seconds} s at 50 (each connection waits for its run).`,
    '',
    '| system | N | median (ms) | p95 (ms) | runs at c=1 | runs/s at c=50 | CPU ms / run | CPU ms / step | PostgreSQL CPU ms / run | runs / step records stored (c=1 + c=50) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.system} | ${r.steps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.runs1} | ${Math.round(r.rps50)} | ${fmt(r.cpuPerRun, 3)} | ${fmt(r.cpuPerRun / r.steps, 3)} | ${fmt(r.pgCpuPerRun, 3)} | ${r.recorded} |`,
    ),
    '',
    '| system | per-step overhead, median latency slope (ms / step) | per-step CPU, slope of CPU per run (ms / step) |',
    '| --- | ---: | ---: |',
  ];
  for (const system of [...new Set(rows.map((r) => r.system))]) {
    const mine = rows.filter((r) => r.system === system);
    const xs = mine.map((r) => r.steps);
    lines.push(
      `| ${system} | ${fmt(
        slope(
          xs,
          mine.map((r) => r.p50),
        ),
        3,
      )} | ${fmt(
        slope(
          xs,
          mine.map((r) => r.cpuPerRun),
        ),
        3,
      )} |`,
    );
  }
  const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  disk.push(diskSyncNote('after the rows'));
  lines.push('', `Load average at the end: ${load1} (2 cores).`, ...disk.map((d) => `- ${d}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
