/**
 * Group commit for the engine's writes (ingest, claims, step records, finishes). Each SQLite
 * commit waits for an fsync (4–6 ms on the development VM) and SQLite has one writer:
 * committing every write on its own would cap the engine at a few hundred writes a second.
 * Writes submitted while a round is in flight wait and then share the next transaction, so N
 * concurrent executions cost one fsync per round, not N. Durability is unchanged: a caller's
 * promise resolves only after the commit that holds its write.
 *
 * On SQLite with a file, rounds run on the prepared-statement connection of ./sqlite-writer.ts
 * while holding Kysely's connection (so the two never contend for the write lock). On
 * PostgreSQL, which commits concurrently on its own pool, each write is its own transaction.
 */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../store/database.js';
import { createEngineRepo, type EngineWriter } from '../store/repos/engine.js';
import type { SqliteWriter } from './sqlite-writer.js';

/** One write: runs inside the shared transaction, answers its own result. */
export type Write<T> = (writer: EngineWriter) => Promise<T>;

/**
 * Submits writes. `durable` (ingest: what a 2xx acknowledges) resolves after the WAL fsync;
 * the runner's progress (claims, step records, finishes) resolves at commit: it survives a
 * process crash at once and a machine crash after the next fsync (after a machine crash an
 * execution may run its last step again; it never vanishes).
 */
export type WriteBatcher = (<T>(work: Write<T>, options?: { durable?: boolean }) => Promise<T>) & {
  /**
   * Runs a write whose statements are each atomic on their own (one statement, or idempotent
   * ones in a safe order): on PostgreSQL without BEGIN/COMMIT (each statement commits by
   * itself, saving two round trips), on SQLite in a group-committed round like any write.
   */
  direct: <T>(work: Write<T>, options?: { durable?: boolean }) => Promise<T>;
  /** True when `direct` commits each statement by itself (PostgreSQL). */
  autocommit: boolean;
};

interface Pending {
  durable: boolean;
  work: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Where rounds run. */
export interface BatcherOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The prepared-statement connection (SQLite with a file); resolved lazily, after migrations. */
  sqlite?: () => SqliteWriter | undefined;
}

/** Builds the batcher. */
export function createWriteBatcher(options: BatcherOptions): WriteBatcher {
  const { db } = options;
  if (options.dialect !== 'sqlite') {
    const writer = createEngineRepo(db, options.dialect);
    return Object.assign(
      <T>(work: Write<T>) => db.transaction().execute((trx) => work(createEngineRepo(trx, options.dialect))),
      { direct: <T>(work: Write<T>) => work(writer), autocommit: true },
    );
  }
  let pending: Pending[] = [];
  let flushing = false;

  /** Runs a group in one transaction; answers each write's result. */
  async function round(group: Pending[]): Promise<unknown[]> {
    const raw = options.sqlite?.();
    if (!raw) {
      return db.transaction().execute(async (trx) => {
        const writer = createEngineRepo(trx);
        const out: unknown[] = [];
        for (const p of group) out.push(await p.work(writer));
        return out;
      });
    }
    return db.connection().execute(async () => {
      raw.begin();
      try {
        const out: unknown[] = [];
        for (const p of group) out.push(await p.work(raw.writer));
        raw.commit();
        return out;
      } catch (error) {
        raw.rollback();
        throw error;
      }
    });
  }

  /**
   * Resolves a committed group: at once for progress writes; after the WAL fsync for durable
   * ones (the fsync runs off the event loop, and the next round need not wait for it).
   */
  function settle(group: Pending[], results: unknown[]): void {
    const raw = options.sqlite?.();
    const durable = raw ? group.some((p) => p.durable) : false;
    const synced = durable && raw ? raw.sync() : undefined;
    for (const [i, p] of group.entries()) {
      if (synced && p.durable) synced.then(() => p.resolve(results[i]), p.reject);
      else p.resolve(results[i]);
    }
  }

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      try {
        const results = await round(group);
        settle(group, results);
      } catch {
        // One write failed the shared transaction: run each alone so only the culprit fails.
        for (const p of group) {
          try {
            settle([p], await round([p]));
          } catch (error) {
            p.reject(error);
          }
        }
      }
    }
    flushing = false;
  }

  const batched = <T>(work: Write<T>, writeOptions: { durable?: boolean } = {}) =>
    new Promise<T>((resolve, reject) => {
      pending.push({
        durable: writeOptions.durable ?? false,
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
  return Object.assign(batched, { direct: batched, autocommit: false });
}
