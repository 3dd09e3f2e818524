import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FifoLock, FifoSqliteDialect } from './sqlite-fifo.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FifoLock', () => {
  it('hands the lock to waiters one at a time, in the order they asked', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    let inside = 0;
    const hold = async (name: string) => {
      await lock.acquire();
      inside += 1;
      expect(inside).toBe(1);
      order.push(name);
      await tick();
      inside -= 1;
      lock.release();
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(hold));
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(lock.waiting).toBe(0);
  });

  it('wakes only the next waiter on a release, and a late caller does not jump the queue', async () => {
    const lock = new FifoLock();
    await lock.acquire();
    const woken: number[] = [];
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => woken.push(n)));
    expect(lock.waiting).toBe(3);
    lock.release();
    // A caller arriving right after the release waits behind the three already queued.
    const late = lock.acquire().then(() => woken.push(4));
    await tick();
    expect(woken).toEqual([1]);
    expect(lock.waiting).toBe(3);
    for (let i = 0; i < 3; i += 1) {
      lock.release();
      await tick();
    }
    await Promise.all([...waiters, late]);
    expect(woken).toEqual([1, 2, 3, 4]);
    lock.release();
    // Free again: the next caller gets it at once.
    await lock.acquire();
    expect(lock.waiting).toBe(0);
  });
});

describe('FifoSqliteDialect', () => {
  const open = () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER)');
    return new Kysely<{ t: { n: number } }>({ dialect: new FifoSqliteDialect({ database: sqlite }) });
  };

  it('keeps transactions exclusive: queries that arrive meanwhile run after the commit, in order', async () => {
    const db = open();
    const seen: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 1 }).execute();
      await tick();
      await trx.insertInto('t').values({ n: 2 }).execute();
      seen.push('committing');
    });
    await tick();
    const reads = [1, 2, 3].map(async (i) => {
      const rows = await db.selectFrom('t').select('n').execute();
      seen.push(`read ${i}: ${rows.length}`);
    });
    await Promise.all([transaction, ...reads]);
    expect(seen).toEqual(['committing', 'read 1: 2', 'read 2: 2', 'read 3: 2']);
    await db.destroy();
  });

  it('frees the connection after a failed transaction and after a failed query', async () => {
    const db = open();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 1 }).execute();
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await expect(sql`SELECT * FROM missing`.execute(db)).rejects.toThrow(/no such table/);
    const rows = await db.selectFrom('t').select('n').execute();
    expect(rows).toEqual([]);
    // Savepoints still pass through to Kysely's own driver.
    const trx = await db.startTransaction().execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('t').values({ n: 5 }).execute();
    await inner.rollbackToSavepoint('inner').execute();
    await inner.insertInto('t').values({ n: 6 }).execute();
    await inner.releaseSavepoint('inner').execute();
    await trx.commit().execute();
    expect(await db.selectFrom('t').select('n').execute()).toEqual([{ n: 6 }]);
    await db.destroy();
  });
});
