/**
 * Migration 0020-history-indexes: the runs list filtered by status reads its page in order from
 * one index, `(workflow_id, status, created_at, id)`, instead of gathering every run of that
 * status and sorting them (a million-run history: BENCHMARKS.md "Stored history"). It takes the
 * place of `(workflow_id, status)`, which it covers as a prefix. The same on both databases.
 *
 * `createHistoryIndexes` and `dropHistoryIndexes` are exported for server/bench/history.ts,
 * which measures the reads with and without them on one filled database.
 */
import type { Kysely, Migration } from 'kysely';

/** Builds the history indexes and drops the one they replace (idempotent). */
export async function createHistoryIndexes(db: Kysely<unknown>): Promise<void> {
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
