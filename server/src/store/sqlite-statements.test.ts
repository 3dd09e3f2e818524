import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.js';

describe('withStatementCache', () => {
  it('answers the same statement for the same SQL, and a fresh one while it is iterating', () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const db = withStatementCache(sqlite);
    const sql = 'SELECT n FROM t ORDER BY n';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    const seen: number[] = [];
    for (const row of first.iterate() as Iterable<{ n: number }>) {
      // The kept statement is busy: a nested query of the same text gets its own statement.
      const inner = db.prepare(sql);
      expect(inner).not.toBe(first);
      seen.push(row.n, (inner.all() as { n: number }[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
    db.close();
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a);
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(a);
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 2')).toBe(b);
    db.close();
  });
});
