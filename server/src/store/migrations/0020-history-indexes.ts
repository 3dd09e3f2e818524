/**
 * Migration 0020-history-indexes: the runs list reads its page in the list's own order
 * (creation time, then id) from one index instead of gathering a workflow's runs and sorting
 * them (a million-run history: BENCHMARKS.md "Stored history"): `(workflow_id, created_at, id)`
 * for the list, the dashboard's latest run and the count bound of retention, and
 * `(workflow_id, status, created_at, id)` for the list by status. They take the place of
 * `(workflow_id, created_at)` and `(workflow_id, status)`, which they cover as prefixes. The
 * same on both databases.
 *
 * `createHistoryIndexes` and `dropHistoryIndexes` are exported for server/bench/history.ts,
 * which measures the reads with and without them on one filled database.
 */
import type { Kysely, Migration } from 'kysely';

/** Builds the history indexes and drops the one they replace (idempotent). */
export async function createHistoryIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('executions_workflow_created_id_idx')
    .ifNotExists()
    .on('executions')
    .columns(['workflow_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('executions_workflow_created_idx').ifExists().execute();
  await db.schema
    .createIndex('executions_workflow_status_created_idx')
    .ifNotExists()
    .on('executions')
    .columns(['workflow_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('executions_workflow_status_idx').ifExists().execute();
}

/** Puts the schema of before this migration back (idempotent). */
export async function dropHistoryIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('executions_workflow_created_idx')
    .ifNotExists()
    .on('executions')
    .columns(['workflow_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('executions_workflow_created_id_idx').ifExists().execute();
  await db.schema
    .createIndex('executions_workflow_status_idx')
    .ifNotExists()
    .on('executions')
    .columns(['workflow_id', 'status'])
    .execute();
  await db.schema.dropIndex('executions_workflow_status_created_idx').ifExists().execute();
}

/** Builds migration 0020-history-indexes (the same on both databases). */
export function createHistoryIndexesMigration(): Migration {
  return { up: createHistoryIndexes, down: dropHistoryIndexes };
}
