/**
 * Migration 0024-workflow-counts: the index the lists' counts read (repos/workflows.ts `count`:
 * a workspace's workflows and how many are ON) without visiting the rows and their documents —
 * at 10,000 workflows on SQLite the count read every row (about 60 ms under load, BENCHMARKS.md
 * "Many workflows"). The same on both dialects.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** Builds migration 0024-workflow-counts. */
export function createWorkflowCountsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`CREATE INDEX workflows_tenant_active_idx ON workflows (tenant_id, active)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP INDEX workflows_tenant_active_idx`.execute(db);
    },
  };
}
