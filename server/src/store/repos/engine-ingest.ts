/** The engine's ingest writes: workflow look-ups, trigger events (deduplication) and new executions. */
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../database.js';
import {
  DOCUMENT_CACHE_SIZE,
  type EngineWorkflow,
  type NewExecution,
  remember,
  toWorkflow,
  workflowDocuments,
  writeAny,
} from './engine-rows.js';

const startedAt = (r: NewExecution) => (r.status === 'not_run' || r.claim ? r.now : null);
const finishedAt = (r: NewExecution) => (r.status === 'not_run' ? r.now : null);

/** The engine's ingest writes: workflow look-ups, trigger events (deduplication) and new executions. */
export function createEngineIngest(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  return {
    /**
     * A workflow by id, any tenant; with a tenant id only that tenant's. Reads the row's head, and the document only for a revision this
     * process has not seen yet.
     */
    async findWorkflow(id: string, tenantId?: string): Promise<EngineWorkflow | undefined> {
      let head = db.selectFrom('workflows').select(['id', 'tenant_id', 'active', 'revision']).where('id', '=', id);
      if (tenantId !== undefined) head = head.where('tenant_id', '=', tenantId);
      const found = await head.executeTakeFirst();
      if (!found) return undefined;
      const cached = workflowDocuments.get(`${found.id}:${Number(found.revision)}`);
      if (cached) return toWorkflow(found, cached);
      let query = db
        .selectFrom('workflows')
        .select(['id', 'tenant_id', 'active', 'revision', 'document'])
        .where('id', '=', id);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      const stored = row.document;
      const doc = { stored, json: typeof stored === 'string' ? stored : JSON.stringify(stored) };
      remember(workflowDocuments, `${row.id}:${Number(row.revision)}`, doc);
      return toWorkflow(row, doc);
    },

    /** The workflow whose webhook key is `key` (`/hooks/{key}`), any tenant. */
    async findHookWorkflow(key: string): Promise<EngineWorkflow | undefined> {
      const head = await db.selectFrom('workflows').select('id').where('hook_key', '=', key).executeTakeFirst();
      return head ? this.findWorkflow(head.id) : undefined;
    },

    /** Records a dedupe key; false when the workflow already has it. */
    async insertTriggerEvent(event: {
      workflowId: string;
      dedupeKey: string;
      tenantId: string;
      executionId: string | null;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('trigger_events')
        .values({
          workflow_id: event.workflowId,
          dedupe_key: event.dedupeKey,
          tenant_id: event.tenantId,
          execution_id: event.executionId,
          created_at: event.now,
        })
        .onConflict((oc) => oc.columns(['workflow_id', 'dedupe_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** The execution a dedupe key created, if any. */
    async findTriggerEvent(workflowId: string, dedupeKey: string): Promise<{ executionId: string | null } | undefined> {
      const row = await db
        .selectFrom('trigger_events')
        .select('execution_id')
        .where('workflow_id', '=', workflowId)
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst();
      return row && { executionId: row.execution_id };
    },

    /**
     * Inserts execution rows (one statement), and their workflow versions when new. `known`:
     * versions already stored (outside a transaction: the caller adds them once they are).
     */
    async insertExecutions(rows: NewExecution[], known?: Set<string>): Promise<void> {
      if (rows.length === 0) return;
      const versions = new Map(rows.map((r) => [`${r.workflowId}:${r.workflowRevision}`, r]));
      for (const [key, r] of versions) {
        if (known?.has(key)) continue;
        await db
          .insertInto('workflow_versions')
          .values({
            workflow_id: r.workflowId,
            revision: r.workflowRevision,
            tenant_id: r.tenantId,
            document: r.documentJson,
            created_at: r.now,
          })
          .onConflict((oc) => oc.columns(['workflow_id', 'revision']).doNothing())
          .execute();
        if (known) {
          if (known.size >= DOCUMENT_CACHE_SIZE) known.clear();
          known.add(key);
        }
      }
      if (dialect === 'postgres') {
        // One array per column (`unnest`): the same text for any number of rows, so it stays
        // prepared (../pg-prepared.ts) instead of a new VALUES list per batch size.
        const column = <T>(pick: (r: NewExecution) => T) => rows.map(pick);
        await sql`
          INSERT INTO executions (id, tenant_id, workflow_id, workflow_revision, status, trigger, trigger_data,
            dedupe_key, lease_until, attempt, rerun_of, started_at, finished_at, created_at, updated_at)
          SELECT v.*, v.created_at FROM unnest(${column((r) => r.id)}::text[], ${column((r) => r.tenantId)}::text[],
            ${column((r) => r.workflowId)}::text[], ${column((r) => r.workflowRevision)}::integer[],
            ${column((r) => r.status)}::text[], ${column((r) => r.trigger)}::text[],
            ${column((r) => writeAny(r.triggerData))}::jsonb[], ${column((r) => r.dedupeKey)}::text[],
            ${column((r) => r.claim?.leaseUntil ?? null)}::text[], ${column((r) => (r.claim ? 1 : 0))}::integer[],
            ${column((r) => r.rerunOf ?? null)}::text[], ${column(startedAt)}::text[], ${column(finishedAt)}::text[],
            ${column((r) => r.now)}::text[])
            AS v(id, tenant_id, workflow_id, workflow_revision, status, trigger, trigger_data, dedupe_key,
              lease_until, attempt, rerun_of, started_at, finished_at, created_at)`.execute(db);
        return;
      }
      await db
        .insertInto('executions')
        .values(
          rows.map((r) => ({
            id: r.id,
            tenant_id: r.tenantId,
            workflow_id: r.workflowId,
            workflow_revision: r.workflowRevision,
            status: r.status,
            trigger: r.trigger,
            trigger_data: writeAny(r.triggerData),
            error: null,
            dedupe_key: r.dedupeKey,
            resume_at: null,
            lease_until: r.claim?.leaseUntil ?? null,
            cursor: null,
            attempt: r.claim ? 1 : 0,
            rerun_of: r.rerunOf ?? null,
            started_at: startedAt(r),
            finished_at: finishedAt(r),
            created_at: r.now,
            updated_at: r.now,
          })),
        )
        .execute();
    },

    /** How many executions of a workflow wait in the queue (the admission limit). */
    async countQueued(workflowId: string): Promise<number> {
      const row = await db
        .selectFrom('executions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('workflow_id', '=', workflowId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
