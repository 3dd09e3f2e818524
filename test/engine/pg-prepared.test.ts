/**
 * Prepared statements on PostgreSQL (server/src/store/pg-prepared.ts): a data statement seen a
 * second time runs named, so PostgreSQL keeps it parsed for that connection; one-off texts and
 * texts past a connection's bound run unnamed; a statement whose result shape changed under it
 * (a migration from another process) fails once and is prepared afresh on the next call.
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRepeatedStatements } from '../../server/src/store/pg-prepared.js';
import { missingService, suiteName } from '../setup/skip.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';

const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');
const missing = missingService('postgres');

describe.skipIf(missing)(suiteName('prepared statements on PostgreSQL', missing), () => {
  let opened: OpenTestDatabase;
  let db: Kysely<Record<string, { id: number; name: string }>>;

  beforeAll(async () => {
    opened = await (postgres as NonNullable<typeof postgres>).open();
    db = opened.db as unknown as typeof db;
    await sql`CREATE TABLE people (id integer PRIMARY KEY, name text NOT NULL)`.execute(db);
    await sql`INSERT INTO people VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Edsger')`.execute(db);
  });
  afterAll(async () => {
    await opened?.close();
  });

  /** The named statements of the connection `run` is given, by their text. */
  async function onOneConnection(run: (conn: typeof db) => Promise<void>): Promise<string[]> {
    return db.connection().execute(async (conn) => {
      await run(conn);
      const rows = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn);
      return rows.rows.map((r) => r.statement);
    });
  }

  it('runs a repeated data statement named, with the right answers, and leaves a one-off text unnamed', async () => {
    const answers: string[] = [];
    const named = await onOneConnection(async (conn) => {
      for (const id of [1, 2, 3]) {
        const row = await conn.selectFrom('people').select('name').where('id', '=', id).executeTakeFirst();
        answers.push(String(row?.name));
      }
      await conn.selectFrom('people').select('id').where('name', '=', 'Ada').executeTakeFirst();
    });
    expect(answers).toEqual(['Ada', 'Grace', 'Edsger']);
    expect(named.filter((s) => s.includes('from "people" where "id" = $1'))).toHaveLength(1);
    expect(named.some((s) => s.includes('"name" = $1'))).toBe(false);
  });

  it('prepares a statement afresh after its table changed shape under it', async () => {
    const select = (conn: typeof db, id: number) => sql`SELECT * FROM people WHERE id = ${id}`.execute(conn);
    await db.connection().execute(async (conn) => {
      await select(conn, 1);
      expect((await select(conn, 2)).rows).toEqual([{ id: 2, name: 'Grace' }]);
      // Another process migrates: the prepared SELECT * no longer describes the table.
      await sql`ALTER TABLE people ADD COLUMN email text`.execute(conn);
      await expect(select(conn, 3)).rejects.toMatchObject({ code: '0A000' });
      expect((await select(conn, 3)).rows).toEqual([{ id: 3, name: 'Edsger', email: null }]);
    });
  });

  it('keeps at most its bound of named statements on a connection, and runs the rest unnamed', async () => {
    const url = opened.config.databaseUrl as string;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareRepeatedStatements(pool, 2);
    try {
      const client = await pool.connect();
      try {
        for (const column of ['id', 'name', 'id, name']) {
          for (let i = 0; i < 2; i++) await client.query(`SELECT ${column} FROM people WHERE id = $1`, [1]);
        }
        const named = await client.query('SELECT statement FROM pg_prepared_statements ORDER BY statement');
        expect(named.rows.map((r) => r.statement)).toEqual([
          'SELECT id FROM people WHERE id = $1',
          'SELECT name FROM people WHERE id = $1',
        ]);
        expect((await client.query('SELECT id, name FROM people WHERE id = $1', [2])).rows).toEqual([
          { id: 2, name: 'Grace' },
        ]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
