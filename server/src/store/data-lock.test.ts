import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquire, DataLockedError, inspect, lockFileOf } from './data-lock.js';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Starts a child process holding the lock of `file`; resolves once it holds it. */
function holdInChild(file: string): Promise<{ pid: number; kill: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const { acquire } = await import(${JSON.stringify(path.join(here, 'data-lock.ts'))}); acquire(${JSON.stringify(file)}); process.stdout.write('held\\n'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the child did not take the lock within 20 s')), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('held')) return;
      clearTimeout(timer);
      resolve({
        pid: child.pid as number,
        kill: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    });
  });
}

describe('the data folder lock', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'junction-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is free, then held by this process (shared within it), then free again; the file is 0600', () => {
    const db = path.join(root, 'a', '..', 'junction.db');
    expect(inspect(db)).toBeUndefined();
    const first = acquire(db);
    const second = acquire(db);
    expect(inspect(db)).toEqual({ pid: process.pid });
    expect(statSync(lockFileOf(db)).mode & 0o777).toBe(0o600);
    first.release();
    first.release();
    expect(inspect(db)).toEqual({ pid: process.pid });
    second.release();
    expect(inspect(db)).toBeUndefined();
  });

  it('refuses a second process naming the holder, and frees the lock when the holder is killed', async () => {
    const db = path.join(root, 'other.db');
    const holder = await holdInChild(db);
    try {
      expect(inspect(db)).toEqual({ pid: holder.pid });
      let refusal: unknown;
      try {
        acquire(db);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataLockedError);
      expect((refusal as Error).message).toContain(`pid ${holder.pid}`);
    } finally {
      await holder.kill();
    }
    expect(inspect(db)).toBeUndefined();
    const lock = acquire(db);
    lock.release();
  });
});
