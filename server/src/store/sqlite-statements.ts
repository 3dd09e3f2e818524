/**
 * Prepared statements kept for reuse on the Kysely SQLite connection. Kysely's SQLite driver
 * prepares every query anew (better-sqlite3's `prepare` parses and plans the SQL each time: the
 * largest single cost of a small query in the engine profile, BENCHMARKS.md Engine). Kysely
 * compiles a query shape to the same SQL text each time, so a bounded map from text to statement
 * answers the repeat queries (a step's app lookup, the admission count, sessions) without
 * preparing them again.
 *
 * Safety: a statement is reused only when it is not in the middle of an iteration (`busy`, a
 * streamed query); SQLite itself re-prepares a cached statement after a schema change.
 */
import type SqliteDatabase from 'better-sqlite3';

/** Distinct SQL texts kept; the least recently used is dropped beyond it. */
const DEFAULT_CAPACITY = 256;

/** The part of better-sqlite3's database Kysely's SQLite dialect calls. */
export interface KyselySqliteDatabase {
  close(): void;
  prepare(sql: string): SqliteDatabase.Statement;
}

/** Wraps a database so that `prepare` answers a kept statement for SQL it has seen. */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  capacity = DEFAULT_CAPACITY,
): KyselySqliteDatabase {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sql) {
      const found = kept.get(sql);
      if (found && !found.busy) {
        // Move to the back: the map's first entry is the least recently used.
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = sqlite.prepare(sql);
      if (!found) {
        if (kept.size >= capacity) kept.delete(kept.keys().next().value as string);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}
