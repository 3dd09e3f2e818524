/**
 * The forms repository: forms, submissions and uploads, always read and written
 * within one tenant, except the public look-ups by form or file id that anonymous visitors
 * make (those answer the owning tenant with the row).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** A stored form with its parsed tuple. */
export interface FormRecord {
  id: string;
  tenantId: string;
  name: string;
  workflowId: string | null;
  content: unknown;
  createdAt: string;
  updatedAt: string;
}

/** A stored submission. */
export interface SubmissionRecord {
  id: string;
  tenantId: string;
  formId: string;
  answers: Record<string, unknown>;
  executionId: string | null;
  createdAt: string;
}

/** A stored upload's bookkeeping (the bytes live in the file storage). */
export interface UploadRecord {
  id: string;
  tenantId: string;
  formId: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  submissionId: string | null;
  createdAt: string;
}

/** What an update of a form writes. */
export type FormChange = Pick<FormRecord, 'name' | 'workflowId' | 'content' | 'updatedAt'>;

/** Repository of the forms tables. */
export interface FormsRepo {
  list(tenantId: string, workflowId?: string): Promise<FormRecord[]>;
  get(tenantId: string, id: string): Promise<FormRecord | undefined>;
  /**
   * A form by its own id alone, for anonymous visitors (`/form/{formId}`; never by the id of
   * the workflow it starts).
   */
  getPublic(id: string): Promise<FormRecord | undefined>;
  insert(form: FormRecord): Promise<void>;
  update(tenantId: string, id: string, change: FormChange): Promise<FormRecord | undefined>;
  /** Deletes the form with its submissions and uploads; answers the removed uploads' storage keys, or undefined when nothing matched. */
  remove(tenantId: string, id: string): Promise<string[] | undefined>;
  insertSubmission(submission: SubmissionRecord): Promise<void>;
  /**
   * Claims unused uploads of a form for a submission in one conditional UPDATE (only rows whose
   * `submission_id` is still null change), so of many submissions carrying one upload exactly
   * one gets it; answers how many rows it claimed.
   */
  claimUploads(tenantId: string, formId: string, uploadIds: string[], submissionId: string): Promise<number>;
  /** Gives back the uploads a submission claimed (it was refused or failed before being stored). */
  releaseUploads(uploadIds: string[], submissionId: string): Promise<void>;
  listSubmissions(tenantId: string, formId: string): Promise<SubmissionRecord[]>;
  insertUpload(upload: UploadRecord): Promise<void>;
  /** An upload by id alone, for downloads and submissions. */
  getUpload(id: string): Promise<UploadRecord | undefined>;
  /**
   * Deletes the rows of uploads no submission used that were stored before `before` (any
   * tenant: a server-side sweep); answers their storage keys.
   */
  removeUnusedUploads(before: string, limit: number): Promise<string[]>;
  /** Bytes of the stored uploads: of one form stored since `since`, or (no filter) of all forms. */
  sumUploadBytes(filter?: { formId: string; since: string }): Promise<number>;
}

/** Builds the forms repository over a database. */
export function createFormsRepo(db: Kysely<Database>): FormsRepo {
  const toForm = (row: Database['forms']): FormRecord => ({
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    workflowId: row.workflow_id,
    content: readJson(row.content),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const toSubmission = (row: Database['form_submissions']): SubmissionRecord => ({
    id: row.id,
    tenantId: row.tenant_id,
    formId: row.form_id,
    answers: readJson(row.answers),
    executionId: row.execution_id,
    createdAt: row.created_at,
  });
  const toUpload = (row: Database['form_uploads']): UploadRecord => ({
    id: row.id,
    tenantId: row.tenant_id,
    formId: row.form_id,
    storageKey: row.storage_key,
    fileName: row.file_name,
    contentType: row.content_type,
    // node-postgres may answer integers as text.
    size: Number(row.size),
    submissionId: row.submission_id,
    createdAt: row.created_at,
  });
  const get = async (tenantId: string, id: string) => {
    const row = await db
      .selectFrom('forms')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toForm(row);
  };

  return {
    async list(tenantId, workflowId) {
      let query = db.selectFrom('forms').selectAll().where('tenant_id', '=', tenantId);
      if (workflowId !== undefined) query = query.where('workflow_id', '=', workflowId);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map(toForm);
    },
    get,
    async getPublic(id) {
      // Only the form's own id: a workflow id (public in templates and old links) opens nothing.
      const row = await db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toForm(row);
    },
    async insert(form) {
      await db
        .insertInto('forms')
        .values({
          id: form.id,
          tenant_id: form.tenantId,
          name: form.name,
          workflow_id: form.workflowId,
          content: writeJson(form.content),
          created_at: form.createdAt,
          updated_at: form.updatedAt,
        })
        .execute();
    },
    async update(tenantId, id, change) {
      const result = await db
        .updateTable('forms')
        .set({
          name: change.name,
          workflow_id: change.workflowId,
          content: writeJson(change.content),
          updated_at: change.updatedAt,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return get(tenantId, id);
    },
    async remove(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        const form = await trx
          .selectFrom('forms')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!form) return undefined;
        const uploads = await trx
          .selectFrom('form_uploads')
          .select('storage_key')
          .where('tenant_id', '=', tenantId)
          .where('form_id', '=', id)
          .execute();
        // Explicit deletes: SQLite enforces the cascade only with foreign keys switched on.
        await trx.deleteFrom('form_uploads').where('tenant_id', '=', tenantId).where('form_id', '=', id).execute();
        await trx.deleteFrom('form_submissions').where('tenant_id', '=', tenantId).where('form_id', '=', id).execute();
        await trx.deleteFrom('forms').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
        return uploads.map((u) => u.storage_key);
      });
    },
    async insertSubmission(s) {
      await db
        .insertInto('form_submissions')
        .values({
          id: s.id,
          tenant_id: s.tenantId,
          form_id: s.formId,
          answers: writeJson(s.answers),
          execution_id: s.executionId,
          created_at: s.createdAt,
        })
        .execute();
    },
    async claimUploads(tenantId, formId, uploadIds, submissionId) {
      if (uploadIds.length === 0) return 0;
      const result = await db
        .updateTable('form_uploads')
        .set({ submission_id: submissionId })
        .where('tenant_id', '=', tenantId)
        .where('form_id', '=', formId)
        .where('id', 'in', uploadIds)
        .where('submission_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async releaseUploads(uploadIds, submissionId) {
      if (uploadIds.length === 0) return;
      await db
        .updateTable('form_uploads')
        .set({ submission_id: null })
        .where('id', 'in', uploadIds)
        .where('submission_id', '=', submissionId)
        .execute();
    },
    async listSubmissions(tenantId, formId) {
      const rows = await db
        .selectFrom('form_submissions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('form_id', '=', formId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toSubmission);
    },
    async insertUpload(u) {
      await db
        .insertInto('form_uploads')
        .values({
          id: u.id,
          tenant_id: u.tenantId,
          form_id: u.formId,
          storage_key: u.storageKey,
          file_name: u.fileName,
          content_type: u.contentType,
          size: u.size,
          submission_id: u.submissionId,
          created_at: u.createdAt,
        })
        .execute();
    },
    async sumUploadBytes(filter) {
      let query = db.selectFrom('form_uploads').select((eb) => eb.fn.sum<string | number | null>('size').as('bytes'));
      if (filter) query = query.where('form_id', '=', filter.formId).where('created_at', '>=', filter.since);
      const row = await query.executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    async removeUnusedUploads(before, limit) {
      const rows = await db
        .selectFrom('form_uploads')
        .select(['id', 'storage_key'])
        .where('submission_id', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      await db
        .deleteFrom('form_uploads')
        .where('submission_id', 'is', null)
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => r.storage_key);
    },
    async getUpload(id) {
      const row = await db.selectFrom('form_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUpload(row);
    },
  };
}
