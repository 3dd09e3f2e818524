/**
 * Junction (and a private redis-server) as child processes the scenarios can kill -9: each
 * listens on 127.0.0.1 only, every wait is bounded, and `stopAll` ends what the test started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSX = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/**
 * Whether children run the built server (`server/dist/main.js`, starts in about a second) or
 * the sources through tsx (several seconds on a busy machine): the build when it is newer than
 * every source of api-spec, core and server (as `npm test` leaves it), else the sources.
 * RELIABILITY_FROM=source|dist decides instead.
 */
export const RUN_FROM: 'dist' | 'source' = (() => {
  const asked = process.env.RELIABILITY_FROM;
  if (asked === 'dist' || asked === 'source') return asked;
  for (const pkg of ['api-spec', 'core', 'server']) {
    const stamp = path.join(ROOT, pkg, 'dist', '.build-stamp');
    if (!existsSync(stamp)) return 'source';
    const built = statSync(stamp).mtimeMs;
    const inputs = ['src', 'openapi.yaml'].map((e) => newestMtime(path.join(ROOT, pkg, e)));
    if (built < Math.max(...inputs)) return 'source';
  }
  return 'dist';
})();

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A temporary folder removed by {@link removeDir}. */
export function tempDir(name: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `junction-rel-${name}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** One child process and what it printed. */
export interface Child {
  process: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Resident memory in KiB from /proc (0 once gone). */
  rssKb(): number;
}

const started = new Set<Child>();

function track(child: ChildProcess, readyText: string | RegExp, timeoutMs: number, what: string): Promise<Child> {
  let output = '';
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const handle: Child = {
    process: child,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      started.delete(handle);
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      started.delete(handle);
    },
    rssKb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        return 0;
      }
    },
  };
  started.add(handle);
  return new Promise<Child>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const ready = typeof readyText === 'string' ? output.includes(readyText) : readyText.test(output);
      if (ready) {
        clearTimeout(timer);
        resolve(handle);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
}

/** What a Junction child needs. */
export interface JunctionOptions {
  port: number;
  dataDir: string;
  /** Extra environment (JUNCTION_ALLOWED_HOSTS, DATABASE_URL, REDIS_URL, STEP_TIMEOUT_MS…). */
  env?: Record<string, string | undefined>;
  /** `server` (main.ts, default) or `worker` (worker-process.ts). */
  kind?: 'server' | 'worker';
  startTimeoutMs?: number;
}

/** Starts `junction start` (or a worker) from the sources with tsx; resolves once it listens. */
export function startJunction(opts: JunctionOptions): Promise<Child> {
  const kind = opts.kind ?? 'server';
  const args =
    kind === 'server' && RUN_FROM === 'dist'
      ? [path.join(ROOT, 'server/dist/main.js')]
      : [
          '--import',
          TSX,
          path.join(ROOT, kind === 'server' ? 'server/src/main.ts' : 'server/src/worker-process.ts'),
        ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // Scenarios sign users up through the API, as an automated install with open sign-up would.
      SIGNUP_POLICY: 'open',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = kind === 'server' ? 'Junction is running' : 'consuming the execution queue';
  return track(child, ready, opts.startTimeoutMs ?? 60_000, `junction ${kind}`);
}

/** A private redis-server on `port` (no persistence), or undefined when none is installed. */
export async function startRedis(port: number, dir: string): Promise<Child> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return track(child, /Ready to accept connections/i, 15_000, 'redis-server');
}

/** Kills every child still running (afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((c) => c.kill9()));
}

/** Sleeps `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (bounded by `timeoutMs`) until `check` holds; throws naming `what` otherwise. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
