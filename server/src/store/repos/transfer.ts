/**
 * The statements of `junction export` / `junction import` and of the stored-document upgrade
 * (`junction migrate --database`) that the per-table repositories do not have: instance-wide
 * reads (every workspace, who owns an id in any workspace) and the upgrade's progress row.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** Every workspace of the instance, by id. */
export async function listWorkspaces(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('tenants').select(['id', 'name']).orderBy('id').execute();
}

/** Whether a workspace exists. */
export async function workspaceExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The member who owns what an import creates: the workspace's owner, else its oldest member. */
export async function firstMemberOf(db: Kysely<Database>, tenantId: string): Promise<string | undefined> {
  const rows = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return (rows.find((r) => r.role === 'owner') ?? rows[0])?.user_id;
}

/** The workspace holding a row of `table` with this id, in any workspace; undefined when none does. */
export async function ownerOfId(
  db: Kysely<Database>,
  table: 'workflows' | 'forms' | 'credentials',
  id: string,
): Promise<string | undefined> {
  const row = await db.selectFrom(table).select('tenant_id').where('id', '=', id).executeTakeFirst();
  return row?.tenant_id;
}

/** A page of stored workflow documents (all workspaces) in id order after `afterId`. */
export async function listDocumentsAfter(
  db: Kysely<Database>,
  afterId: string,
  limit: number,
): Promise<{ id: string; tenantId: string; name: string; document: unknown }[]> {
  const rows = await db
    .selectFrom('workflows')
    .select(['id', 'tenant_id', 'name', 'document'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, name: r.name, document: readJson(r.document) }));
}

/** Counts the stored workflows (all workspaces), for progress lines. */
export async function countWorkflows(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('workflows')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a resumable operator job stands: its row of `ops_progress` (migration 0025). */
export interface OpsProgress {
  cursor: string;
  counts: Record<string, number>;
  startedAt: string;
  updatedAt: string;
}

/** The saved progress of a job, or undefined when it has none (never started, or finished). */
export async function readProgress(db: Kysely<Database>, job: string): Promise<OpsProgress | undefined> {
  const row = await db
    .selectFrom('ops_progress')
    .select(['cursor', 'counts', 'started_at', 'updated_at'])
    .where('job', '=', job)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    cursor: row.cursor,
    counts: readJson<Record<string, number>>(row.counts),
    startedAt: row.started_at,
    updatedAt: row.updated_at,
  };
}

/** Saves a job's progress (insert or replace; the first save's start time stays). */
export async function saveProgress(db: Kysely<Database>, job: string, progress: OpsProgress): Promise<void> {
  await db
    .insertInto('ops_progress')
    .values({
      job,
      cursor: progress.cursor,
      counts: writeJson(progress.counts),
      started_at: progress.startedAt,
      updated_at: progress.updatedAt,
    })
    .onConflict((oc) =>
      oc.column('job').doUpdateSet((eb) => ({
        cursor: eb.ref('excluded.cursor'),
        counts: eb.ref('excluded.counts'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Forgets a job's progress (it finished). */
export async function clearProgress(db: Kysely<Database>, job: string): Promise<void> {
  await db.deleteFrom('ops_progress').where('job', '=', job).execute();
}
