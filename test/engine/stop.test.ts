/**
 * Stopping `npm start` with SIGTERM, as an operator or a container runtime does: the signal
 * reaches the server (npm runs the start script with `exec`, so no shell sits between them and
 * swallows it), running executions finish, and the process exits 0 leaving no orphan. A run
 * that outlasts SHUTDOWN_GRACE_MS does not hold the stop: the process exits 1 at the bound and
 * the execution runs again on the next start.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createWorkflow, effectWorkflow, hookPathFor, signUp } from '../reliability/support/client.js';
import { freePort, ROOT, removeDir, tempDir } from '../reliability/support/processes.js';

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** `npm start` with this environment; resolves once it listens (bounded). */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'off',
      SIGNUP_POLICY: 'open',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    // Migrations and the first load on a busy machine; the build is done in beforeAll.
    const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${output.slice(-2000)}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Junction is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before listening:\n${output.slice(-2000)}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exit };
}

/** Every process below `pid` (read from /proc). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function statuses(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'junction.db'), { readonly: true });
  try {
    return (db.prepare('SELECT status FROM executions').all() as { status: string }[]).map((r) => r.status);
  } finally {
    db.close();
  }
}

describe('SIGTERM to npm start', { timeout: 300_000 }, () => {
  // The step's target: answers after `holdMs`, or never while `isHanging`.
  let holdMs = 1_500;
  let isHanging = false;
  const calls: number[] = [];
  const target = http.createServer((_req, res) => {
    calls.push(Date.now());
    if (isHanging) return;
    setTimeout(() => res.end('{"ok":true}'), holdMs);
  });
  const started: Started[] = [];
  const dirs: string[] = [];
  let targetUrl = '';

  beforeAll(async () => {
    // Build what is stale first (as `npm test` does), so each start below only checks stamps.
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], { stdio: 'ignore' });
    expect(build.status).toBe(0);
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/work`;
  }, 600_000);
  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    target.closeAllConnections();
    await new Promise<void>((resolve) => target.close(() => resolve()));
    for (const dir of dirs) removeDir(dir);
  });

  async function startWithRun(dataDir: string, extra: Record<string, string> = {}) {
    const env = { DATA_DIR: dataDir, JUNCTION_ALLOWED_HOSTS: new URL(targetUrl).host, ...extra };
    const server = await npmStart(env);
    started.push(server);
    const { token } = await signUp(server.base, 'stop');
    const workflowId = await createWorkflow(server.base, token, effectWorkflow(targetUrl, 'Stop'));
    const before = calls.length;
    const hook = await call(server.base, 'POST', hookPathFor(workflowId), { body: { seq: 1 } });
    expect(hook.status, hook.text).toBe(200);
    await waitUntil(() => calls.length > before, 'the step to call the target');
    return server;
  }

  it('lets the running execution finish, then exits 0 with no process left behind', async () => {
    const dataDir = tempDir('stop');
    dirs.push(dataDir);
    holdMs = 1_500;
    isHanging = false;
    const server = await startWithRun(dataDir);
    const processes = descendants(server.child.pid as number);
    expect(processes.length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    await waitUntil(() => processes.every((pid) => !isAlive(pid)), 'every process of npm start to end', 10_000);
    expect(server.output()).toContain('SIGTERM: stopping; running executions get up to 10000 ms to finish');
    expect(server.output()).toContain('"msg":"stopped"');
    expect(statuses(dataDir)).toEqual(['succeeded']);
  });

  it('exits 1 at the SHUTDOWN_GRACE_MS bound when a run does not finish; the run completes after a restart', async () => {
    const dataDir = tempDir('stop-bound');
    dirs.push(dataDir);
    isHanging = true;
    const server = await startWithRun(dataDir, { SHUTDOWN_GRACE_MS: '500' });
    const processes = descendants(server.child.pid as number);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
    await waitUntil(() => processes.every((pid) => !isAlive(pid)), 'every process of npm start to end', 10_000);
    expect(server.output()).toContain(
      'not stopped after 5500 ms: exiting; executions still running run again after a restart',
    );
    expect(statuses(dataDir)).toEqual(['running']);

    isHanging = false;
    holdMs = 0;
    const callsBefore = calls.length;
    const again = await npmStart({ DATA_DIR: dataDir, JUNCTION_ALLOWED_HOSTS: new URL(targetUrl).host });
    started.push(again);
    await waitUntil(
      () => statuses(dataDir)[0] === 'succeeded',
      'the interrupted execution to succeed after the restart',
    );
    expect(calls.length).toBe(callsBefore + 1);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  });
});
