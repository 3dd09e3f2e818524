/**
 * Migration 0021-execution-search: the workspace-wide run search's indexes
 * (repos/execution-search.ts): newest runs of a workspace, and of one status in it.
 */
import type { Kysely, Migration } from 'kysely';

/** Builds migration 0021-execution-search (the same on both databases). */
export function createExecutionSearchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('executions_tenant_created_idx')
        .on('executions')
        .columns(['tenant_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('executions_tenant_status_created_idx')
        .on('executions')
        .columns(['tenant_id', 'status', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('executions_tenant_status_created_idx').execute();
      await db.schema.dropIndex('executions_tenant_created_idx').execute();
    },
  };
}
