/**
 * On a PostgreSQL database shared with others, Junction's migrations look at its own schema
 * only: another schema's tables are never listed, and DDL there while we migrate cannot fail us.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from './create-db.js';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('PostgreSQL introspection of our own schema', () => {
  const ours = `t_${randomBytes(6).toString('hex')}`;
  const theirs = `t_${randomBytes(6).toString('hex')}`;
  let admin: pg.Pool;
  const urlFor = (schema: string) => {
    const url = new URL(baseUrl as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  };

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: baseUrl, max: 2 });
    await admin.query(`CREATE SCHEMA ${ours}`);
    await admin.query(`CREATE SCHEMA ${theirs}`);
    await admin.query(`CREATE TABLE ${theirs}.executions (id serial PRIMARY KEY, note text)`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${ours} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${theirs} CASCADE`);
    await admin.end();
  });

  it('lists our tables with their columns and never another schema', async () => {
    const handle = createDb({ dataDir: '/nonexistent', databaseUrl: urlFor(ours) });
    try {
      await migrateToLatest(handle);
      const tables = await handle.db.introspection.getTables();
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours]));
      const executions = tables.find((t) => t.name === 'executions');
      expect(executions?.columns.map((c) => c.name)).toContain('workflow_id');
      expect(tables.some((t) => t.name === 'kysely_migration')).toBe(false);
      const withInternal = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withInternal.some((t) => t.name === 'kysely_migration')).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('migrates a fresh schema while another schema changes its columns and is dropped', async () => {
    const fresh = `t_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE SCHEMA ${fresh}`);
    const handle = createDb({ dataDir: '/nonexistent', databaseUrl: urlFor(fresh) });
    let churning = true;
    // Bounded: stops when the migration ends, and after 2,000 rounds at most.
    const churn = (async () => {
      for (let round = 0; churning && round < 2_000; round++) {
        const other = `t_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.executions (id serial, a text)`);
        await admin.query(`ALTER TABLE ${other}.executions DROP COLUMN id`);
        await admin.query(`DROP SCHEMA ${other} CASCADE`);
      }
    })();
    try {
      await migrateToLatest(handle);
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${fresh}.kysely_migration`);
      expect(rows[0].n).toBeGreaterThan(20);
    } finally {
      churning = false;
      await churn;
      await handle.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${fresh} CASCADE`);
    }
  });
});
