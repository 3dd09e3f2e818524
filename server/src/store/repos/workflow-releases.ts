/**
 * Drafts and published versions of workflows (tables in ../tables/releases.ts), always read and
 * written within one tenant. A draft save and a publish bump `workflows.revision` like any
 * other write, so the editor's optimistic revision covers them; a draft save leaves
 * `workflows.document` (what runs) alone.
 */
import {
  draftAfterSave,
  type LifecycleState,
  lifecycleStateOf,
  saveTarget,
  type WorkflowDocument,
} from '@junction/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';
import { inTransaction } from './transaction.js';
import { createWorkflowsRepo, type WorkflowRecord } from './workflows.js';

/**
 * A workflow as the editor edits it: `document` is the draft when there is one (ON with
 * unpublished changes), else the stored document; `published` is what runs.
 */
export interface EditableWorkflow extends WorkflowRecord {
  state: LifecycleState;
  published: unknown;
}

/** A published version. */
export interface ReleaseRecord {
  workflowId: string;
  tenantId: string;
  number: number;
  /** The workflow revision at which it became the document that runs. */
  revision: number;
  summary: string[];
  note: string;
  publishedBy: string | null;
  publishedByEmail: string | null;
  publishedAt: string;
}

/** A published version with its document. */
export interface ReleaseWithDocument extends ReleaseRecord {
  document: unknown;
}

/** What a new version records (its number is the next of its workflow). */
export type NewRelease = Omit<ReleaseWithDocument, 'number'>;

/** Runs of a workflow not finished yet, by state. */
export interface InFlightCounts {
  queued: number;
  running: number;
  waiting: number;
}

/** Repository of `workflow_drafts` and `workflow_releases`. */
export interface WorkflowReleasesRepo {
  /** The workflow as the editor edits it (the draft overlaid), or undefined when not in the tenant. */
  getEditable(tenantId: string, workflowId: string): Promise<EditableWorkflow | undefined>;
  /**
   * Saves an edit where core's lifecycle says: OFF in place, ON into the draft (removed when the
   * edit equals the published document). Bumps the revision; with `expectedRevision` only if it
   * still matches. Answers the workflow as the editor now edits it, or undefined.
   */
  saveEditable(
    tenantId: string,
    workflowId: string,
    document: WorkflowDocument,
    at: string,
    expectedRevision?: number,
  ): Promise<EditableWorkflow | undefined>;
  /** The draft document, or undefined when the workflow has none. */
  getDraft(tenantId: string, workflowId: string): Promise<unknown | undefined>;
  /**
   * Stores (or with null removes) the draft and bumps the workflow's revision, atomically; with
   * `expectedRevision` only if the stored revision still equals it. Answers the new revision,
   * or undefined when no workflow row matched (missing, another tenant's, or stale).
   */
  saveDraft(
    tenantId: string,
    workflowId: string,
    draft: unknown | null,
    at: string,
    expectedRevision?: number,
  ): Promise<number | undefined>;
  /**
   * Makes `document` the one that runs (name and document), removes the draft and bumps the
   * revision, atomically and only at `expectedRevision`. Answers the new revision, or undefined.
   */
  publish(
    tenantId: string,
    workflowId: string,
    document: { name: string } & Record<string, unknown>,
    at: string,
    expectedRevision: number | undefined,
  ): Promise<number | undefined>;
  /** Records a version with the next number of its workflow; answers that number. */
  insertRelease(release: NewRelease): Promise<number>;
  /** The workflow's versions, newest first (without documents). */
  list(tenantId: string, workflowId: string): Promise<ReleaseRecord[]>;
  /** One version with its document. */
  get(tenantId: string, workflowId: string, number: number): Promise<ReleaseWithDocument | undefined>;
  /** The newest version whose revision is at most `revision` (the one a run at that revision ran). */
  releaseAt(tenantId: string, workflowId: string, revision: number): Promise<ReleaseWithDocument | undefined>;
  /** The newest version. */
  latest(tenantId: string, workflowId: string): Promise<ReleaseWithDocument | undefined>;
  /** Runs of the workflow queued, running or waiting in a delay. */
  inFlight(tenantId: string, workflowId: string): Promise<InFlightCounts>;
}

type ReleaseRow = Database['workflow_releases'];

const toRecord = (row: Omit<ReleaseRow, 'document'>): ReleaseRecord => ({
  workflowId: row.workflow_id,
  tenantId: row.tenant_id,
  number: Number(row.number),
  revision: Number(row.revision),
  summary: (readJson(row.summary) as string[] | null) ?? [],
  note: row.note,
  publishedBy: row.published_by,
  publishedByEmail: row.published_by_email,
  publishedAt: row.published_at,
});

const LIST_COLUMNS = [
  'workflow_id',
  'tenant_id',
  'number',
  'revision',
  'summary',
  'note',
  'published_by',
  'published_by_email',
  'published_at',
] as const;

/** Builds the repository over a database or a transaction. */
export function createWorkflowReleasesRepo(db: Kysely<Database>): WorkflowReleasesRepo {
  const bump = async (
    trx: Kysely<Database>,
    tenantId: string,
    workflowId: string,
    at: string,
    expectedRevision: number | undefined,
    document?: { name: string } & Record<string, unknown>,
  ): Promise<number | undefined> => {
    let query = trx
      .updateTable('workflows')
      .set((eb) => ({
        updated_at: at,
        revision: eb('revision', '+', 1),
        ...(document ? { name: document.name, document: writeJson(document) } : {}),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', workflowId);
    if (expectedRevision !== undefined) query = query.where('revision', '=', expectedRevision);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const row = await trx.selectFrom('workflows').select('revision').where('id', '=', workflowId).executeTakeFirst();
    return row ? Number(row.revision) : undefined;
  };

  const withDocument = (row: ReleaseRow): ReleaseWithDocument => ({
    ...toRecord(row),
    document: readJson(row.document),
  });

  const releases = (tenantId: string, workflowId: string) =>
    db
      .selectFrom('workflow_releases')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('workflow_id', '=', workflowId)
      .orderBy('number', 'desc');

  const workflows = createWorkflowsRepo(db);
  const getDraft = async (tenantId: string, workflowId: string) => {
    const row = await db
      .selectFrom('workflow_drafts')
      .select('document')
      .where('tenant_id', '=', tenantId)
      .where('workflow_id', '=', workflowId)
      .executeTakeFirst();
    return row ? readJson(row.document) : undefined;
  };
  const getEditable = async (tenantId: string, workflowId: string): Promise<EditableWorkflow | undefined> => {
    const record = await workflows.get(tenantId, workflowId);
    if (!record) return undefined;
    const draft = record.active ? await getDraft(tenantId, workflowId) : undefined;
    const state = lifecycleStateOf({ active: record.active, hasDraft: draft !== undefined });
    const document = draft ?? record.document;
    return {
      ...record,
      name: (document as { name?: string }).name ?? record.name,
      document,
      published: record.document,
      state,
    };
  };
  const saveDraft: WorkflowReleasesRepo['saveDraft'] = (tenantId, workflowId, draft, at, expectedRevision) =>
    inTransaction(db, async (trx) => {
      const revision = await bump(trx, tenantId, workflowId, at, expectedRevision);
      if (revision === undefined) return undefined;
      if (draft === null) {
        await trx.deleteFrom('workflow_drafts').where('workflow_id', '=', workflowId).execute();
      } else {
        await trx
          .insertInto('workflow_drafts')
          .values({ workflow_id: workflowId, tenant_id: tenantId, document: writeJson(draft), updated_at: at })
          .onConflict((oc) => oc.column('workflow_id').doUpdateSet({ document: writeJson(draft), updated_at: at }))
          .execute();
      }
      return revision;
    });

  return {
    getEditable,
    async saveEditable(tenantId, workflowId, document, at, expectedRevision) {
      const current = await workflows.get(tenantId, workflowId);
      if (!current) return undefined;
      const state = lifecycleStateOf({ active: current.active, hasDraft: false });
      const edited = { ...document, active: current.active };
      if (saveTarget(state) === 'document') {
        const updated = await workflows.update(
          tenantId,
          workflowId,
          { name: edited.name, document: edited, updatedAt: at },
          expectedRevision,
        );
        if (!updated) return undefined;
      } else {
        const draft = draftAfterSave(current.document as WorkflowDocument, edited);
        if ((await saveDraft(tenantId, workflowId, draft, at, expectedRevision)) === undefined) return undefined;
      }
      return getEditable(tenantId, workflowId);
    },
    getDraft,
    saveDraft,
    publish(tenantId, workflowId, document, at, expectedRevision) {
      return inTransaction(db, async (trx) => {
        const revision = await bump(trx, tenantId, workflowId, at, expectedRevision, document);
        if (revision === undefined) return undefined;
        await trx.deleteFrom('workflow_drafts').where('workflow_id', '=', workflowId).execute();
        return revision;
      });
    },
    insertRelease(release) {
      return inTransaction(db, async (trx) => {
        const top = await trx
          .selectFrom('workflow_releases')
          .select(sql<number | null>`max(number)`.as('top'))
          .where('workflow_id', '=', release.workflowId)
          .executeTakeFirst();
        const number = Number(top?.top ?? 0) + 1;
        await trx
          .insertInto('workflow_releases')
          .values({
            workflow_id: release.workflowId,
            number,
            tenant_id: release.tenantId,
            revision: release.revision,
            document: writeJson(release.document),
            summary: writeJson(release.summary),
            note: release.note,
            published_by: release.publishedBy,
            published_by_email: release.publishedByEmail,
            published_at: release.publishedAt,
          })
          .execute();
        return number;
      });
    },
    async list(tenantId, workflowId) {
      const rows = await db
        .selectFrom('workflow_releases')
        .select([...LIST_COLUMNS])
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .orderBy('number', 'desc')
        .execute();
      return rows.map(toRecord);
    },
    async get(tenantId, workflowId, number) {
      const row = await releases(tenantId, workflowId).where('number', '=', number).executeTakeFirst();
      return row && withDocument(row);
    },
    async releaseAt(tenantId, workflowId, revision) {
      const row = await releases(tenantId, workflowId).where('revision', '<=', revision).limit(1).executeTakeFirst();
      return row && withDocument(row);
    },
    async latest(tenantId, workflowId) {
      const row = await releases(tenantId, workflowId).limit(1).executeTakeFirst();
      return row && withDocument(row);
    },
    async inFlight(tenantId, workflowId) {
      const rows = await db
        .selectFrom('executions')
        .select(['status', sql<number>`count(*)`.as('count')])
        .where('tenant_id', '=', tenantId)
        .where('workflow_id', '=', workflowId)
        .where('status', 'in', ['queued', 'running', 'waiting'])
        .groupBy('status')
        .execute();
      const counts: InFlightCounts = { queued: 0, running: 0, waiting: 0 };
      for (const row of rows) counts[row.status as keyof InFlightCounts] = Number(row.count);
      return counts;
    },
  };
}
