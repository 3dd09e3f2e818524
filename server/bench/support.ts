/**
 * What the engine's benchmarks share (engine.ts, step-overhead.ts, retention.ts, peers.ts): argv
 * flags, CPU time and memory of a process read from Linux's /proc, the local target API every
 * workflow calls, child processes that answer over IPC (fork, ask, stop) and a Junction started
 * in the child with a signed-up user. Each benchmark forks its own file with a role argument;
 * the child runs that role and reports over IPC. The attack benches (attacks-http.ts,
 * attack-redos.ts) start a server from a checkout's sources and probe its liveness.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import type { OpenTestDatabase } from '../src/store/test-db.js';
import { type BenchCall, signUpBenchUser } from './bench-user.mjs';

/** The value after `--name` on the command line, or undefined. */
export function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Whether `--name` is on the command line (a switch without a value). */
export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** CPU time (user + system) a process has used so far, in ms, or NaN. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of every postgres and redis-server process, in ms (they serve all variants alike). */
export function serviceCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm.startsWith('postgres') || comm.startsWith('redis-server')) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A process's memory in MB from /proc status: `VmHWM` (peak, default) or `VmRSS` (now), or NaN. */
export function memoryMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The child role of the target API: answers every request with a small JSON body, keep-alive,
 * and reports its port; `count` answers `{ calls }`, `stop` ends it.
 */
export async function roleTarget(): Promise<void> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'count') process.send?.({ calls });
    if (m.type === 'stop') server.close(() => process.exit(0));
  });
}

/** Forks `script` with `args` (a role) and waits for its first message, the role's report. */
export function forkRole<T>(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {},
): Promise<{ child: ChildProcess; info: T }> {
  const child = fork(script, args, {
    env: options.env ?? process.env,
    execArgv: options.execArgv ?? process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info: T) => resolve({ child, info }));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * The webhook event the benches of test/engine/support.ts's `hookWorkflow` post: its amount
 * passes `AMOUNT_OVER_10`, so every execution runs the HTTP step.
 */
export const HOOK_EVENT = { amount: 42, name: 'Ada', email: 'ada@example.com' };

/** The repository's root folder (the worker's working directory). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Spawns `junction worker` from the sources (server/src/worker-process.ts under tsx) with only
 * `env` (and PATH), `nodeArgs` before the script (e.g. --cpu-prof), and waits up to 120 s until
 * it consumes the execution queue.
 */
export async function startQueueWorker(
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const tsx = pathToFileURL(createRequire(path.join(REPO_ROOT, 'package.json')).resolve('tsx')).href;
  const script = path.join(REPO_ROOT, 'server/src/worker-process.ts');
  const child = spawn(process.execPath, ['--import', tsx, ...nodeArgs, script], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('worker did not start within 120 s')), 120_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('consuming the execution queue')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  child.stdout?.resume();
  return child;
}

/** Sends `{ type }` and answers the child's next reply (run-end notices `{ ended }` are skipped). */
export function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'ended' in m) return;
      child.off('message', listener);
      resolve(m as T);
    };
    child.on('message', listener);
    child.send({ type });
  });
}

/** Asks a child to stop (SIGTERM without IPC), and kills it after 20 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Opens the test database of `dialect` for a benchmark's Junction: silent, production, no rate
 * limits, outgoing requests only to the target at 127.0.0.1:`targetPort`, and a webhook queue
 * that never refuses; `overrides` add to these. The server's store loads with the first call,
 * so a parent that only forks roles never loads it.
 */
export async function openBenchDatabase(
  dialect: 'sqlite' | 'postgres',
  targetPort: number,
  overrides: Partial<Config> = {},
): Promise<OpenTestDatabase> {
  const { openTestDatabases } = await import('../src/store/test-db.js');
  const database = openTestDatabases().find((d) => d.dialect === dialect);
  if (!database) throw new Error(`no ${dialect} database`);
  return database.open({
    logLevel: 'silent',
    rateLimits: false,
    env: 'production',
    allowedHosts: `127.0.0.1:${targetPort}`,
    webhookQueueLimit: 1_000_000,
    ...overrides,
  });
}

/**
 * Sends `body` as JSON POSTs to `url` with autocannon (a webhook load): `options` say how many
 * connections, for how long or how many, at what rate.
 *
 * @example
 * const result = await postJsonLoad(url, BODY, { connections: 10, duration: 5 });
 */
export async function postJsonLoad(
  url: string,
  body: string,
  options: Omit<autocannon.Options, 'url' | 'method' | 'headers' | 'body'>,
): Promise<autocannon.Result> {
  // Loaded on first use: the forked roles import this file too and never send load.
  const { default: load } = await import('autocannon');
  return load({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, ...options });
}

/** A Junction listening on 127.0.0.1 with one signed-up user. */
export interface BenchJunction {
  app: FastifyInstance;
  port: number;
  /** Milliseconds from process start until the server listened (before the sign-up). */
  listenedMs: number;
  /** Calls the API in process; throws on a status of 300 or more. */
  call: BenchCall;
  /** The signed-up user's bearer token. */
  token: string;
}

/** Listens on a free port of 127.0.0.1 and signs a benchmark user up. */
export async function listenWithUser(app: FastifyInstance): Promise<BenchJunction> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const listenedMs = process.uptime() * 1000;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { call, token } = await signUpBenchUser(app);
  return { app, port, listenedMs, call, token };
}

/**
 * The latency of this disk's fdatasync (8 KB, 1,000 in a row, in the temp folder where the
 * embedded servers keep their SQLite files): every acknowledged webhook and every durable step
 * record waits for one sync (SQLite's WAL, or PostgreSQL's commit), so its tail is a floor under
 * Junction's latency that bare Node, which records nothing, does not have.
 */
export function diskSyncNote(when: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'junction-fsync-'));
  const fd = openSync(path.join(dir, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 1_000; i++) {
      writeSync(fd, page, 0, page.length, (i % 256) * page.length);
      const t0 = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - t0);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  return `disk sync ${when} (fdatasync of 8 KB × 1,000 in ${tmpdir()}): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`;
}

/** A Junction server process started from a checkout's sources, and where it listens. */
export interface SourceServer {
  child: ChildProcess;
  port: number;
  /** Its DATA_DIR, a fresh temp folder. */
  dataDir: string;
}

/**
 * Starts `server/src/main.ts` of the checkout at `root` through tsx (`NODE_ENV=production`,
 * SQLite in a fresh temp folder, port chosen by the system) with `extraEnv` laid over; resolves
 * when it says where it runs.
 */
export async function startSourceServer(root: string, extraEnv: Record<string, string> = {}): Promise<SourceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:5000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  child.stdout?.resume();
  return { child, port, dataDir };
}

/** One `GET /api/health/live` on a fresh connection: its latency in ms, or undefined when it failed or timed out. */
export function probeLive(port: number, timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/health/live', agent: false, timeout: timeoutMs },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : undefined));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(undefined));
  });
}
