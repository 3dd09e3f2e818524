import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson, writeJson } from './json.js';
import { NulFreeTextPlugin, withoutNul } from './nul-free.js';

interface Db {
  notes: { id: string; title: string; body: string };
}

describe('NulFreeTextPlugin', () => {
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    plugins: [new NulFreeTextPlugin()],
  });
  afterAll(() => db.destroy());

  it('removes U+0000 from every string a query sends: values, updates, conditions and raw SQL', async () => {
    await sql`CREATE TABLE notes (id text primary key, title text, body text)`.execute(db);
    await db
      .insertInto('notes')
      .values({ id: 'n1', title: 'a\u0000b', body: writeJson({ v: 'x\u0000y' }) })
      .execute();
    await db
      .insertInto('notes')
      .values([{ id: 'n2', title: '\u0000\u0000', body: '{}' }])
      .execute();
    expect(await db.selectFrom('notes').select(['id', 'title']).orderBy('id').execute()).toEqual([
      { id: 'n1', title: 'ab' },
      { id: 'n2', title: '' },
    ]);
    await db.updateTable('notes').set({ title: 'c\u0000d' }).where('id', '=', 'n1\u0000').execute();
    const raw = await sql<{ title: string }>`SELECT title FROM notes WHERE id = ${'n\u00001'}`.execute(db);
    expect(raw.rows).toEqual([{ title: 'cd' }]);
    // A JSON value keeps its NUL (store/json.ts writes it in a form without a raw U+0000).
    const row = await db.selectFrom('notes').select('body').where('id', '=', 'n1').executeTakeFirstOrThrow();
    expect(readJson(row.body)).toEqual({ v: 'x\u0000y' });
  });

  it('leaves text without NUL as it is', () => {
    expect(withoutNul('plain')).toBe('plain');
    expect(withoutNul('a\u0000b\u0000')).toBe('ab');
  });
});
