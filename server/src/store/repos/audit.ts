/** The audit log's rows: appended by the audit service, read per workspace, pruned by age. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A stored audit event. */
export interface AuditRecord {
  id: string;
  tenantId: string | null;
  at: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  target: string | null;
  /** JSON text of an object. */
  detail: string;
}

/** A listed event: the stored one, with the current name of the workflow its target names, if one does. */
export interface AuditListRecord extends AuditRecord {
  /** The name of the workflow of this workspace whose id is the target, null when there is none (now). */
  targetWorkflowName: string | null;
}

/** Filters of a read; every one optional. `before` is a cursor: events strictly older than it. */
export interface AuditFilter {
  action?: string;
  actorId?: string;
  from?: string;
  to?: string;
  before?: { at: string; id: string };
}

/** Repository of `audit_events`. */
export interface AuditRepo {
  insert(event: AuditRecord): Promise<void>;
  /** A workspace's events matching the filter, newest first, at most `limit`. */
  list(tenantId: string, filter: AuditFilter, limit: number): Promise<AuditListRecord[]>;
  /** The name of a workspace's workflow, if it exists (recorded with an event on it). */
  workflowName(tenantId: string, workflowId: string): Promise<string | undefined>;
  /** Deletes up to `limit` events older than `beforeIso`; answers how many. */
  deleteBefore(beforeIso: string, limit: number): Promise<number>;
}

/** Builds the audit repository over a database or a transaction. */
export function createAuditRepo(db: Kysely<Database>): AuditRepo {
  return {
    async insert(e) {
      await db
        .insertInto('audit_events')
        .values({
          id: e.id,
          tenant_id: e.tenantId,
          at: e.at,
          action: e.action,
          actor_id: e.actorId,
          actor_email: e.actorEmail,
          address: e.address,
          target: e.target,
          detail: e.detail,
        })
        .execute();
    },
    async list(tenantId, filter, limit) {
      // The target's workflow, when it names one of this workspace's (still there): its current name.
      let query = db
        .selectFrom('audit_events')
        .leftJoin('workflows', (join) =>
          join
            .onRef('workflows.id', '=', 'audit_events.target')
            .onRef('workflows.tenant_id', '=', 'audit_events.tenant_id'),
        )
        .selectAll('audit_events')
        .select('workflows.name as workflow_name')
        .where('audit_events.tenant_id', '=', tenantId);
      if (filter.action) query = query.where('audit_events.action', '=', filter.action);
      if (filter.actorId) query = query.where('audit_events.actor_id', '=', filter.actorId);
      if (filter.from) query = query.where('audit_events.at', '>=', filter.from);
      if (filter.to) query = query.where('audit_events.at', '<=', filter.to);
      const before = filter.before;
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('audit_events.at', '<', before.at),
            eb.and([eb('audit_events.at', '=', before.at), eb('audit_events.id', '<', before.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('audit_events.at', 'desc')
        .orderBy('audit_events.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        tenantId: row.tenant_id,
        at: row.at,
        action: row.action,
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        address: row.address,
        target: row.target,
        detail: row.detail,
        targetWorkflowName: row.workflow_name ?? null,
      }));
    },
    async workflowName(tenantId, workflowId) {
      const row = await db
        .selectFrom('workflows')
        .select('name')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', workflowId)
        .executeTakeFirst();
      return row?.name;
    },
    async deleteBefore(beforeIso, limit) {
      const ids = db.selectFrom('audit_events').select('id').where('at', '<', beforeIso).limit(limit);
      const result = await db.deleteFrom('audit_events').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
