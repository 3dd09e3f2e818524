/**
 * Kysely's SQLite dialect with a first-come, first-served lock in front of its one connection.
 *
 * Kysely's SQLite driver guards its single connection with a mutex whose release wakes every
 * waiter: each one re-awaits the next release, so with N queries waiting a release costs N
 * wake-ups (a promise and a microtask each), quadratic in the waiters. The engine's group-commit
 * rounds hold that connection (engine/batcher.ts) while the webhooks' queries queue behind
 * them: at 50 connections the mutex was 1.6 % of the allocation (BENCHMARKS.md, "Embedded CPU
 * and allocation"). Our lock queues the waiters and hands the connection to the first alone, so
 * Kysely's own mutex is only ever taken uncontended. Exclusivity is Kysely's as before: one
 * holder at a time, a transaction holds the connection from BEGIN to COMMIT.
 */
import {
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';

/** A mutual-exclusion lock that wakes one waiter per release, in the order they asked. */
export class FifoLock {
  #held = false;
  #waiters: (() => void)[] = [];

  /** Callers queued behind the holder. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** Resolves once the caller holds the lock. */
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock to the longest waiter (it stays held), or frees it. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's driver behind a FifoLock: acquire waits in line, release wakes the next caller. */
class FifoDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock = new FifoLock();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    try {
      return await this.#inner.acquireConnection();
    } catch (error) {
      this.#lock.release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#lock.release();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#call('savepoint', connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#call('rollbackToSavepoint', connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#call('releaseSavepoint', connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  #call(
    method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint',
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const call = this.#inner[method];
    if (!call) throw new Error(`Kysely's SQLite driver has no ${method}`);
    return call.call(this.#inner, connection, name, compile);
  }
}

/**
 * Kysely's SqliteDialect whose driver waits in a FifoLock.
 *
 * @example
 * const db = new Kysely<Database>({ dialect: new FifoSqliteDialect({ database: sqlite }) });
 */
export class FifoSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new FifoDriver(super.createDriver());
  }
}
