/**
 * One process per SQLite data folder. A second `npm start` (or a worker without DATABASE_URL)
 * on the same file would run the same schedules and claim the same runs without a word; the
 * lock refuses it at start with one line naming the process that holds it.
 *
 * The lock is `<database file>.lock`, a tiny SQLite file held in SQLite's exclusive locking
 * mode: the operating system's file lock, released when the holding process ends however it
 * ends (no stale lock after a crash, no pid reuse mistaken for a live holder). The holder's pid
 * is stored as the file's `user_version` (bytes 60–63 of the header), which stays readable while
 * the lock is held, so a refusal can name it. `junction restore` calls {@link inspect} to refuse
 * while a server runs.
 */
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** A lock held by this process; `release()` is safe to call twice. */
export interface DataLock {
  file: string;
  release(): void;
}

/** Who holds a data folder's lock: a pid, or `undefined` when it could not be read. */
export interface LockHolder {
  pid: number | undefined;
}

/** Thrown by {@link acquire} when another process holds the lock. */
export class DataLockedError extends Error {
  constructor(
    readonly databaseFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${databaseFile} is in use by another Junction process${holder.pid ? ` (pid ${holder.pid})` : ''}; stop it, or give this one its own DATA_DIR or DATABASE_URL.`,
    );
    this.name = 'DataLockedError';
  }
}

/** The lock file beside a database file. */
export function lockFileOf(databaseFile: string): string {
  return `${path.resolve(databaseFile)}.lock`;
}

/** Locks held by this process, by lock file, with how many holders share each. */
const held = new Map<string, { db: SqliteDatabase.Database; count: number }>();

/**
 * Takes the lock of a SQLite database file for this process, or throws a {@link DataLockedError}.
 * Taking it again in the same process (tests, an embedder) shares the one lock.
 *
 * @example
 * const lock = acquire('/var/lib/junction/junction.db');
 * try { await serve(); } finally { lock.release(); }
 */
export function acquire(databaseFile: string): DataLock {
  const file = lockFileOf(databaseFile);
  const own = held.get(file);
  if (own) {
    own.count++;
    return handleFor(file);
  }
  // Created 0600 (in a 0700 folder) before SQLite opens it: SQLite would create it 0644.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  const db = new SqliteDatabase(file, { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this mode it is kept until the file closes.
    db.pragma(`user_version = ${process.pid}`);
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataLockedError(path.resolve(databaseFile), { pid: readPid(file) });
    throw error;
  }
  held.set(file, { db, count: 1 });
  return handleFor(file);
}

/**
 * Who holds the lock of a database file, or `undefined` when no process does (this process's
 * own lock counts as held).
 */
export function inspect(databaseFile: string): LockHolder | undefined {
  const file = lockFileOf(databaseFile);
  if (held.has(file)) return { pid: process.pid };
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { timeout: 0, readonly: true, fileMustExist: true });
  } catch {
    return undefined;
  }
  try {
    db.pragma('user_version');
    return undefined;
  } catch (error) {
    if (isBusy(error)) return { pid: readPid(file) };
    throw error;
  } finally {
    db.close();
  }
}

function handleFor(file: string): DataLock {
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      const entry = held.get(file);
      if (!entry) return;
      entry.count--;
      if (entry.count > 0) return;
      held.delete(file);
      entry.db.close();
    },
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** The pid a holder wrote as `user_version`: bytes 60–63 of the SQLite header, big-endian. */
function readPid(file: string): number | undefined {
  try {
    const fd = openSync(file, 'r');
    try {
      const header = Buffer.alloc(4);
      if (readSync(fd, header, 0, 4, 60) !== 4) return undefined;
      const pid = header.readUInt32BE(0);
      return pid > 0 ? pid : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
