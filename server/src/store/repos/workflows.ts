/** Stored workflows, always read and written within one tenant. */
import { type WorkflowDocument, withActivation } from '@junction/core';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { newHookKey } from '../hook-key.js';
import { readJson, writeJson } from '../json.js';
import { containsPattern } from '../like.js';
import { removeTenantRow } from './tenant-rows.js';
import { readStepApps, type StepApps, stepAppsColumns } from './workflow-apps.js';

/** A stored workflow with its parsed document. */
export interface WorkflowRecord {
  id: string;
  tenantId: string;
  name: string;
  active: boolean;
  document: unknown;
  revision: number;
  createdAt: string;
  updatedAt: string;
  /** The `/hooks/{key}` key; read by `get`, made by `insert`. */
  hookKey?: string;
}

/** A workflow without its document, for lists. */
export type WorkflowSummaryRecord = Omit<WorkflowRecord, 'document' | 'hookKey'>;

/** What an update writes. */
export interface WorkflowChange {
  name: string;
  /** Left as stored when omitted (a document save; only activation switches a workflow). */
  active?: boolean;
  document: unknown;
  updatedAt: string;
}

/** Where a page of the lists ends: the last row's creation time and id (newest first). */
export interface WorkflowPosition {
  createdAt: string;
  id: string;
}

/** What a page of the lists asks for. */
export interface WorkflowPageQuery {
  limit: number;
  /** Rows after this one in the lists' order. */
  before?: WorkflowPosition;
  /** Text the name or an app's label contains (case-insensitive for ASCII letters). */
  text?: string;
  /** Only these workflows. */
  ids?: string[];
}

/** A row of the lists: the summary with its apps and accounts (repos/workflow-apps.ts). */
export interface WorkflowListRecord extends WorkflowSummaryRecord, StepApps {}

/** Repository of `workflows`. Every call takes the tenant id and filters by it. */
export interface WorkflowsRepo {
  list(tenantId: string): Promise<WorkflowSummaryRecord[]>;
  get(tenantId: string, id: string): Promise<WorkflowRecord | undefined>;
  insert(workflow: WorkflowRecord): Promise<void>;
  /**
   * Writes a change and bumps the revision by one, atomically. With `expectedRevision`
   * the write happens only if the stored revision still equals it. Answers the new
   * record, or undefined when no row matched (missing, another tenant's, or stale).
   */
  update(
    tenantId: string,
    id: string,
    change: WorkflowChange,
    expectedRevision?: number,
  ): Promise<WorkflowRecord | undefined>;
  /**
   * Switches a workflow ON or OFF: the `active` column and the document's copy (with core's
   * `withActivation`, which also writes the trigger's set-up message when switched ON), with
   * the revision bumped by one. The only writer of `active` after creation. Answers false when
   * the workflow is not in the tenant. Call it inside the transaction that arms the trigger.
   */
  setActive(
    tenantId: string,
    id: string,
    active: boolean,
    at: string,
    message?: { stepId: string; text: string },
  ): Promise<boolean>;
  /** Deletes; answers false when there was nothing to delete in this tenant. */
  remove(tenantId: string, id: string): Promise<boolean>;
  /** Replaces the webhook key (the old one stops working at once); undefined when not found. */
  rotateHookKey(tenantId: string, id: string): Promise<string | undefined>;
  /** The tenant and the stored document (JSON column, unread) of the workflow owning a webhook key, in any tenant. */
  /** The tenant's workflows with their stored documents (JSON columns, unread), newest first. */
  listWithDocuments(
    tenantId: string,
  ): Promise<{ id: string; name: string; active: boolean; document: unknown; createdAt: string; updatedAt: string }[]>;
  findByHookKey(hookKey: string): Promise<{ tenantId: string; document: unknown } | undefined>;
  /**
   * A page of the tenant's workflows, newest first (`created_at DESC, id DESC`, the order of
   * index workflows_tenant_created_idx), with their apps and accounts from the columns written
   * beside the document; rows whose columns are behind their revision are summarised again
   * from the document (and written back).
   */
  page(tenantId: string, query: WorkflowPageQuery): Promise<WorkflowListRecord[]>;
  /** How many of the tenant's workflows match `text` (all without it), and how many of them are ON. */
  count(tenantId: string, text?: string): Promise<{ total: number; active: number }>;
}

/** The dashboard's search: the name or an app's label contains `text` (case-insensitive). */
function nameOrAppsContain(text: string) {
  const pattern = containsPattern(text);
  return (eb: ExpressionBuilder<Database, 'workflows'>) =>
    eb.or([
      sql<boolean>`lower(name) LIKE ${pattern} ESCAPE '\\'`,
      sql<boolean>`app_labels LIKE ${pattern} ESCAPE '\\'`,
    ]);
}

/** Builds the workflows repository over a database or a transaction. */
export function createWorkflowsRepo(db: Kysely<Database>): WorkflowsRepo {
  const toSummary = (
    row: Pick<Database['workflows'], 'id' | 'tenant_id' | 'name' | 'active' | 'revision' | 'created_at' | 'updated_at'>,
  ): WorkflowSummaryRecord => ({
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    active: Number(row.active) === 1 || (row.active as unknown) === true,
    revision: Number(row.revision),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const toRecord = (row: Database['workflows']): WorkflowRecord => ({
    ...toSummary(row),
    document: readJson(row.document),
    ...(row.hook_key ? { hookKey: row.hook_key } : {}),
  });
  const get = async (tenantId: string, id: string) => {
    const row = await db
      .selectFrom('workflows')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async listWithDocuments(tenantId) {
      const rows = await db
        .selectFrom('workflows')
        .select(['id', 'name', 'active', 'document', 'created_at', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        active: Number(row.active) === 1 || (row.active as unknown) === true,
        document: row.document,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }));
    },
    async findByHookKey(hookKey) {
      const row = await db
        .selectFrom('workflows')
        .select(['tenant_id', 'document'])
        .where('hook_key', '=', hookKey)
        .executeTakeFirst();
      return row ? { tenantId: row.tenant_id, document: row.document } : undefined;
    },
    async list(tenantId) {
      const rows = await db
        .selectFrom('workflows')
        .select(['id', 'tenant_id', 'name', 'active', 'revision', 'created_at', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toSummary);
    },
    async page(tenantId, query) {
      let select = db
        .selectFrom('workflows')
        .select([
          'id',
          'tenant_id',
          'name',
          'active',
          'revision',
          'created_at',
          'updated_at',
          'step_apps',
          'step_apps_revision',
        ])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit);
      const { before, text, ids } = query;
      if (ids) select = select.where('id', 'in', ids.length > 0 ? ids : ['']);
      if (before) {
        select = select
          .where('created_at', '<=', before.createdAt)
          .where((eb) =>
            eb.or([
              eb('created_at', '<', before.createdAt),
              eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
            ]),
          );
      }
      if (text) select = select.where(nameOrAppsContain(text));
      const rows = await select.execute();
      const stale = rows.filter((r) => r.step_apps === null || Number(r.step_apps_revision) !== Number(r.revision));
      const fresh = new Map<string, StepApps>();
      if (stale.length > 0) {
        const documents = await db
          .selectFrom('workflows')
          .select(['id', 'revision', 'document'])
          .where('tenant_id', '=', tenantId)
          .where(
            'id',
            'in',
            stale.map((r) => r.id),
          )
          .execute();
        for (const row of documents) {
          const document = readJson(row.document);
          const columns = stepAppsColumns(document);
          fresh.set(row.id, readStepApps(columns.step_apps));
          // Written back only if nobody saved it meanwhile.
          await db
            .updateTable('workflows')
            .set({ ...columns, step_apps_revision: row.revision })
            .where('id', '=', row.id)
            .where('revision', '=', row.revision)
            .execute();
        }
      }
      return rows.map((row) => ({ ...toSummary(row), ...(fresh.get(row.id) ?? readStepApps(row.step_apps)) }));
    },
    async count(tenantId, text) {
      let select = db
        .selectFrom('workflows')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(sql`CASE WHEN active = 1 THEN 1 ELSE 0 END`).as('active'),
        ])
        .where('tenant_id', '=', tenantId);
      if (text) select = select.where(nameOrAppsContain(text));
      const row = await select.executeTakeFirst();
      return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
    },
    get,
    async insert(w) {
      await db
        .insertInto('workflows')
        .values({
          id: w.id,
          tenant_id: w.tenantId,
          name: w.name,
          active: w.active ? 1 : 0,
          document: writeJson(w.document),
          revision: w.revision,
          created_at: w.createdAt,
          updated_at: w.updatedAt,
          hook_key: newHookKey(),
          ...stepAppsColumns(w.document),
          step_apps_revision: w.revision,
        })
        .execute();
    },
    async rotateHookKey(tenantId, id) {
      const key = newHookKey();
      const result = await db
        .updateTable('workflows')
        .set({ hook_key: key })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? key : undefined;
    },
    async update(tenantId, id, change, expectedRevision) {
      let query = db
        .updateTable('workflows')
        .set((eb) => ({
          name: change.name,
          ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }),
          document: writeJson(change.document),
          ...stepAppsColumns(change.document),
          step_apps_revision: eb('revision', '+', 1),
          updated_at: change.updatedAt,
          revision: eb('revision', '+', 1),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id);
      if (expectedRevision !== undefined) query = query.where('revision', '=', expectedRevision);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return get(tenantId, id);
    },
    async setActive(tenantId, id, active, at, message) {
      const found = await get(tenantId, id);
      if (!found) return false;
      const document = withActivation(found.document as WorkflowDocument, active, message);
      const result = await db
        .updateTable('workflows')
        .set((eb) => ({
          active: active ? 1 : 0,
          document: writeJson(document),
          ...stepAppsColumns(document),
          step_apps_revision: eb('revision', '+', 1),
          updated_at: at,
          revision: eb('revision', '+', 1),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    remove: (tenantId, id) => removeTenantRow(db, 'workflows', tenantId, id),
  };
}
