/**
 * `junction restore` refuses while a server holds the data folder: the lock a server takes at
 * start, or a child process with the SQLite file open; nobody once it ended.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processesUsing } from '../../server/src/ops/in-use.js';
import { dataInUse } from '../../server/src/ops/index.js';
import { acquire } from '../../server/src/store/data-lock.js';
import { createTestConfig } from '../../server/src/store/test-db.js';

const sqliteModule = createRequire(new URL('../../server/package.json', import.meta.url)).resolve('better-sqlite3');

describe('a data folder in use (Linux: read from /proc)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-in-use-'));
  const file = path.join(dataDir, 'junction.db');
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the process that has the SQLite file open, and nobody once it ended', async () => {
    child = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(${JSON.stringify(sqliteModule)}); const db = new D(${JSON.stringify(file)}); db.pragma('journal_mode = WAL'); db.exec('CREATE TABLE t (x)'); process.stdout.write('open\\n'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child?.stdout?.once('data', () => resolve());
      child?.once('exit', (code) => reject(new Error(`child ended with ${code}`)));
    });
    const config = createTestConfig({ dataDir });
    expect(processesUsing(file)).toEqual([child.pid]);
    expect(dataInUse(config)).toBe(`process ${child.pid} has ${file} open.`);
    const ended = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
    expect(dataInUse(config)).toBeUndefined();
  });

  it('names the holder of the data folder lock a server takes at start', () => {
    const config = createTestConfig({ dataDir });
    const lock = acquire(file);
    try {
      expect(dataInUse(config)).toBe(`process ${process.pid} holds the data folder lock of ${file}.`);
    } finally {
      lock.release();
    }
    expect(dataInUse(config)).toBeUndefined();
  });
});
