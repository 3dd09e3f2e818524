/** Pyodide start-up snapshots on disk: made once per sandbox, stale ones of dead processes removed. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childArgs, childFlags } from './child-process.js';
import type { Limits } from './types.js';

/** A start-up snapshot on disk. */
export interface Snapshot {
  file: string;
  bytes: number;
  remove(): void;
}

/**
 * Makes the start-up snapshot in a private (0700) temporary folder with a child that may write
 * that one file and runs no user code. Undefined when it fails: children then load Pyodide.
 */
export async function makeSnapshot(script: string, pyodideDir: string, limits: Limits): Promise<Snapshot | undefined> {
  removeStaleSnapshots();
  const dir = mkdtempSync(path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${process.pid}-`));
  const file = path.join(dir, 'pyodide.snapshot');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const args = [
    ...childFlags(script, pyodideDir, limits),
    `--allow-fs-write=${file}`,
    ...childArgs(script, pyodideDir, limits, file, 'snapshot'),
  ];
  const child = spawn(process.execPath, args, { env: {}, cwd: pyodideDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => {
    output += data.toString('utf8');
  });
  child.stderr?.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), limits.startupTimeoutMs * 2);
  timer.unref();
  const code = await new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
    child.on('error', () => resolve(null));
  });
  clearTimeout(timer);
  const bytes = Number(/"bytes":(\d+)/.exec(output)?.[1] ?? 0);
  if (code !== 0 || bytes === 0 || !existsSync(file)) {
    remove();
    return undefined;
  }
  return { file, bytes, remove };
}

const SNAPSHOT_PREFIX = 'junction-sandbox-';
const SNAPSHOT_DIR = /^junction-sandbox-(\d+)-/;

/**
 * Removes snapshot folders of processes that are gone (a process killed without its exit
 * handlers, e.g. a test worker, leaves its 30 MB folder behind).
 */
function removeStaleSnapshots(): void {
  let names: string[];
  try {
    names = readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(SNAPSHOT_DIR.exec(name)?.[1] ?? 0);
    if (pid > 0 && pid !== process.pid && !isAlive(pid)) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
