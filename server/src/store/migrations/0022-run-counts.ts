/**
 * Migration 0022-run-counts: `run_counts`, the dashboard's per-day summary of finished runs
 * (workspace, UTC day of the run's creation, workflow, end status → how many), kept by the
 * database itself: a trigger on `executions` adds one in the statement that gives a run its end
 * status (an insert already ended, `not_run`; or a change from queued, running or waiting to an
 * end status), so every writer — Kysely's statements and the SQLite fast path
 * (engine/sqlite-writer.ts) alike — counts in the same transaction, and no writer can forget.
 * An end status never changes again (the engine changes only queued, waiting and running rows),
 * so a run is counted once. Retention's deletes leave the counts alone: they count the runs that
 * happened (docs/runs-at-scale.md "The dashboard's counts"). Back-filled from the stored runs.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** End statuses, as `repos/retention.ts` FINISHED_STATUSES (a migration keeps its own copy). */
const ENDED = sql.raw("('succeeded', 'failed', 'filtered', 'cancelled', 'not_run')");
const OPEN = sql.raw("('queued', 'running', 'waiting')");

/** Builds migration 0022-run-counts for a dialect. */
export function createRunCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('run_counts')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('run_counts_pk', ['tenant_id', 'day', 'workflow_id', 'status'])
        .execute();
      const add = (row: string) =>
        sql.raw(
          `INSERT INTO run_counts (tenant_id, day, workflow_id, status, count)
         VALUES (${row}.tenant_id, substr(${row}.created_at, 1, 10), ${row}.workflow_id, ${row}.status, 1)
         ON CONFLICT (tenant_id, day, workflow_id, status) DO UPDATE SET count = run_counts.count + 1`,
        );
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION run_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${add('NEW')};
            RETURN NULL;
          END $$`.execute(db);
        await sql`CREATE TRIGGER run_counts_on_insert AFTER INSERT ON executions FOR EACH ROW
          WHEN (NEW.status IN ${ENDED}) EXECUTE FUNCTION run_counts_add()`.execute(db);
        await sql`CREATE TRIGGER run_counts_on_end AFTER UPDATE OF status ON executions FOR EACH ROW
          WHEN (OLD.status IN ${OPEN} AND NEW.status IN ${ENDED}) EXECUTE FUNCTION run_counts_add()`.execute(db);
      } else {
        await sql`CREATE TRIGGER run_counts_on_insert AFTER INSERT ON executions
          WHEN NEW.status IN ${ENDED} BEGIN ${add('NEW')}; END`.execute(db);
        await sql`CREATE TRIGGER run_counts_on_end AFTER UPDATE OF status ON executions
          WHEN OLD.status IN ${OPEN} AND NEW.status IN ${ENDED} BEGIN ${add('NEW')}; END`.execute(db);
      }
      await sql`INSERT INTO run_counts (tenant_id, day, workflow_id, status, count)
        SELECT tenant_id, substr(created_at, 1, 10), workflow_id, status, count(*) FROM executions
        WHERE status IN ${ENDED}
        GROUP BY tenant_id, substr(created_at, 1, 10), workflow_id, status`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP TRIGGER IF EXISTS run_counts_on_end${sql.raw(dialect === 'postgres' ? ' ON executions' : '')}`.execute(
        db,
      );
      await sql`DROP TRIGGER IF EXISTS run_counts_on_insert${sql.raw(dialect === 'postgres' ? ' ON executions' : '')}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS run_counts_add()`.execute(db);
      await db.schema.dropTable('run_counts').execute();
    },
  };
}
