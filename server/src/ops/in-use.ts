/**
 * Whether another process holds the SQLite file of a data folder open (a running server or
 * worker), so `junction restore` can refuse to replace it underneath. Read from /proc (Linux,
 * the container image included): every process of this user whose open files include the
 * database or its WAL file. Elsewhere it finds nothing and the restore relies on the operator
 * having stopped the server (docs/self-hosting.md says so).
 */
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';

/** Process ids (other than this one) that have `file` or its -wal / -shm companion open. */
export function processesUsing(file: string, proc = '/proc'): number[] {
  let target: string;
  try {
    target = realpathSync(file);
  } catch {
    return [];
  }
  const names = new Set([target, `${target}-wal`, `${target}-shm`]);
  let pids: string[];
  try {
    pids = readdirSync(proc).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`${proc}/${pid}/fd`);
    } catch {
      // Another user's process, or one that just ended.
      continue;
    }
    for (const fd of fds) {
      try {
        if (names.has(readlinkSync(`${proc}/${pid}/fd/${fd}`))) {
          found.push(Number(pid));
          break;
        }
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return found;
}
