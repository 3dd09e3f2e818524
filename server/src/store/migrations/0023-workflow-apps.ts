/**
 * Migration 0023-workflow-apps: the lists' columns beside each workflow's document
 * (repos/workflow-apps.ts) — `step_apps` (its apps and accounts as JSON text), `app_labels`
 * (the apps' labels, lower-cased, one a line: what the list's search matches besides the name)
 * and `step_apps_revision` (the revision they were written at) — back-filled from the stored
 * documents in batches; and the index of the lists' order (newest first, keyset-paged).
 * The same on both dialects.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { readJson } from '../json.js';
import { stepAppsColumns } from '../repos/workflow-apps.js';

const BATCH = 500;

/** Builds migration 0023-workflow-apps. */
export function createWorkflowAppsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE workflows ADD COLUMN step_apps TEXT`.execute(db);
      await sql`ALTER TABLE workflows ADD COLUMN app_labels TEXT`.execute(db);
      await sql`ALTER TABLE workflows ADD COLUMN step_apps_revision INTEGER`.execute(db);
      let after = '';
      for (;;) {
        const rows = await sql<{ id: string; document: unknown; revision: number }>`
          SELECT id, document, revision FROM workflows WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
        for (const row of rows.rows) {
          const columns = stepAppsColumns(readJson(row.document));
          await sql`UPDATE workflows SET step_apps = ${columns.step_apps}, app_labels = ${columns.app_labels},
            step_apps_revision = revision WHERE id = ${row.id}`.execute(db);
        }
        if (rows.rows.length < BATCH) break;
        after = rows.rows.at(-1)?.id ?? after;
      }
      await sql`CREATE INDEX workflows_tenant_created_idx ON workflows (tenant_id, created_at, id)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP INDEX workflows_tenant_created_idx`.execute(db);
      await sql`ALTER TABLE workflows DROP COLUMN step_apps_revision`.execute(db);
      await sql`ALTER TABLE workflows DROP COLUMN app_labels`.execute(db);
      await sql`ALTER TABLE workflows DROP COLUMN step_apps`.execute(db);
    },
  };
}
