/**
 * SIGTERM to `npx junction worker`, the README's own command, stops the worker. npm exec runs
 * the command as a grandchild (npm → sh → node) and passes no signal on: the worker notices its
 * parent is gone and stops as on SIGTERM (scripts/src/start.ts). Needs PostgreSQL and Redis (a
 * worker refuses to start without both) and the built command line (`npm test` builds first).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../../server/src/store/test-db.js';
import { ROOT, removeDir, tempDir } from '../reliability/support/processes.js';
import { missingService, suiteName } from '../setup/skip.js';

const missing = missingService('postgres', 'redis');

/** Whether a process runs (an ended one waiting to be reaped, a zombie, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(missing)(suiteName('SIGTERM to `npx junction worker`', missing), () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let workerPid: number | undefined;
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    if (workerPid && alive(workerPid)) process.kill(workerPid, 'SIGKILL');
    for (const dir of dirs) removeDir(dir);
  });

  it('stops the worker itself, not only npm', { timeout: 180_000 }, async () => {
    const database = await openTestDatabases()
      .find((db) => db.dialect === 'postgres')!
      .open();
    const dataDir = tempDir('npx-worker');
    dirs.push(dataDir);
    try {
      const npx = spawn('npx', ['--offline', 'junction', 'worker'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: database.config.databaseUrl,
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          QUEUE_PREFIX: `jt-${randomBytes(5).toString('hex')}`,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(npx);
      let output = '';
      const banner = await new Promise<{ pid: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no worker banner in 120 s:\n${output}`)), 120_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((l) => l.includes('consuming the execution queue'));
          if (!line) return;
          clearTimeout(timer);
          resolve(JSON.parse(line) as { pid: number });
        };
        npx.stdout?.on('data', onData);
        npx.stderr?.on('data', onData);
        npx.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`npx exited ${code} before the worker consumed:\n${output}`));
        });
      });
      workerPid = banner.pid;
      expect(workerPid).not.toBe(npx.pid);
      expect(alive(workerPid)).toBe(true);

      npx.kill('SIGTERM');
      const deadline = Date.now() + 30_000;
      while (alive(workerPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(alive(workerPid), `worker ${workerPid} still running 30 s after SIGTERM to npx`).toBe(false);
    } finally {
      await database.close();
    }
  });
});
