/**
 * Misconfiguration fails loudly, as an operator starting the real processes sees it: one line on
 * stderr and exit 2, within a bounded time, instead of a process that hangs, retries for ever or
 * quietly runs on the wrong storage. And what a start leaves on disk is private: the data
 * folder 0700, the database, its -wal/-shm and the key file 0600.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, removeDir, tempDir } from '../reliability/support/processes.js';

const TSX = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');
const SERVER = path.join(ROOT, 'server/src/main.ts');
const WORKER = path.join(ROOT, 'server/src/worker-process.ts');

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

const children = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) removeDir(dir);
});

function baseEnv(dataDir: string, port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIGNUP_POLICY: 'open',
  };
}

/** Runs an entry with tsx until it exits (killed after `limitMs`). */
function runToExit(entry: string, env: Record<string, string>, limitMs = 60_000): Promise<Ended> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', TSX, entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Starts the server with tsx; resolves once its banner is out (bounded). */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; stdout: () => string }> {
  const child = spawn(process.execPath, ['--import', TSX, SERVER], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 120 s:\n${stdout}\n${stderr}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Junction is running at')) {
        clearTimeout(timer);
        resolve({ child, stdout: () => stdout });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening:\n${stdout}\n${stderr}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A TCP port that accepts connections and never answers (a database or Redis that hangs). */
async function silentPort(): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The one line a refusal prints. */
function refusalLines(ended: Ended): string[] {
  return ended.stderr.split('\n').filter((line) => line.trim() !== '');
}

describe('a start that cannot work says so in one line and exits 2', { timeout: 180_000 }, () => {
  it('a worker without DATABASE_URL and REDIS_URL', async () => {
    const dir = tempDir('loud-worker');
    dirs.push(dir);
    const ended = await runToExit(WORKER, baseEnv(dir, await freePort()));
    expect(ended.code).toBe(2);
    expect(refusalLines(ended)).toEqual([expect.stringContaining('junction worker needs DATABASE_URL and REDIS_URL')]);
  });

  it('a worker given REDIS_URL but no DATABASE_URL', async () => {
    const dir = tempDir('loud-worker-db');
    dirs.push(dir);
    const ended = await runToExit(WORKER, { ...baseEnv(dir, await freePort()), REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(ended.code).toBe(2);
    expect(refusalLines(ended)).toEqual([expect.stringContaining('junction worker needs DATABASE_URL ')]);
  });

  it('a DATABASE_URL that is not PostgreSQL (mysql://)', async () => {
    const dir = tempDir('loud-mysql');
    dirs.push(dir);
    const ended = await runToExit(SERVER, {
      ...baseEnv(dir, await freePort()),
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/junction',
    });
    expect(ended.code).toBe(2);
    expect(refusalLines(ended)).toEqual([
      'Junction could not start: DATABASE_URL starts with mysql:// but Junction reads only postgres:// or postgresql:// there.',
    ]);
  });

  it('a malformed JUNCTION_ENCRYPTION_KEY', async () => {
    const dir = tempDir('loud-key');
    dirs.push(dir);
    const ended = await runToExit(SERVER, { ...baseEnv(dir, await freePort()), JUNCTION_ENCRYPTION_KEY: 'not-a-key' });
    expect(ended.code).toBe(2);
    expect(refusalLines(ended)).toEqual([expect.stringContaining('JUNCTION_ENCRYPTION_KEY: key #1 is not 32 bytes')]);
  });

  it('Redis that never answers: refused within START_TIMEOUT_MS, not a hang', async () => {
    const dir = tempDir('loud-redis');
    dirs.push(dir);
    const hanging = await silentPort();
    try {
      const ended = await runToExit(
        SERVER,
        { ...baseEnv(dir, await freePort()), REDIS_URL: `redis://127.0.0.1:${hanging.port}`, START_TIMEOUT_MS: '2000' },
        60_000,
      );
      expect(ended.code).toBe(2);
      expect(refusalLines(ended)).toEqual([
        expect.stringMatching(
          /^Junction could not start: REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:\d+ did not answer within 2 s/,
        ),
      ]);
    } finally {
      hanging.close();
    }
  });

  it('a PostgreSQL that refuses connections, its password kept out of the line', async () => {
    const dir = tempDir('loud-pg');
    dirs.push(dir);
    const closed = await freePort();
    const ended = await runToExit(SERVER, {
      ...baseEnv(dir, await freePort()),
      DATABASE_URL: `postgres://junction:s3cret@127.0.0.1:${closed}/junction`,
      START_TIMEOUT_MS: '2000',
    });
    expect(ended.code).toBe(2);
    const lines = refusalLines(ended);
    expect(lines).toEqual([
      expect.stringContaining('DATABASE_URL: the database at postgres://junction:***@127.0.0.1:'),
    ]);
    expect(lines[0]).not.toContain('s3cret');
  });
});

describe('one SQLite data folder, one process; private files; a JSON banner', { timeout: 240_000 }, () => {
  it('a second server on the same DATA_DIR is refused naming the first; files are 0700/0600', async () => {
    const dir = path.join(tempDir('loud-lock'), 'data');
    dirs.push(path.dirname(dir));
    const first = await startServer(baseEnv(dir, await freePort()));
    try {
      const banner = first
        .stdout()
        .split('\n')
        .find((line) => line.includes('Junction is running at'));
      expect(JSON.parse(banner ?? '')).toMatchObject({ level: 30, pid: first.child.pid });

      const second = await runToExit(SERVER, baseEnv(dir, await freePort()));
      expect(second.code).toBe(2);
      expect(refusalLines(second)).toEqual([
        `Junction could not start: ${path.join(dir, 'junction.db')} is in use by another Junction process (pid ${first.child.pid}); stop it, or give this one its own DATA_DIR or DATABASE_URL.`,
      ]);

      const mode = (file: string) => statSync(path.join(dir, file)).mode & 0o777;
      expect(mode('.')).toBe(0o700);
      for (const file of ['junction.db', 'junction.db-wal', 'junction.db-shm', 'junction.db.lock', 'junction.key']) {
        expect([file, mode(file)]).toEqual([file, 0o600]);
      }
    } finally {
      await stop(first.child);
    }
    // Stopped: the folder is free for the next start.
    const again = await startServer(baseEnv(dir, await freePort()));
    await stop(again.child);
  });
});
