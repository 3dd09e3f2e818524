/**
 * The audit log: one `record(ctx, event)` every service calls for what owners and admins must
 * be able to trace (sign-ins, sessions, invitations, members and roles, connections, switching
 * workflows, publishing, exports), and the reads behind the audit page and its JSON-lines
 * download. Recording never fails the action it records: a write that fails is logged.
 */
import { can, isRole } from '@junction/core';
import type {
  AuditActor,
  AuditEventInput,
  AuditEventView,
  AuditQuery,
  AuditService,
} from '../kernel/contracts/audit.js';
import { AUDIT_ACTIONS } from '../kernel/contracts/audit.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import { badRequest, forbidden, notFound } from '../kernel/errors.js';
import type { AuthContext } from '../kernel/types.js';
import type { AuditFilter, AuditListRecord } from '../store/repos/index.js';

/** Events one page of the audit log shows unless asked for fewer. */
export const AUDIT_PAGE_DEFAULT = 50;
/** Most events one page may ask for. */
export const AUDIT_PAGE_MAX = 200;
/** Most events one download holds (the newest); narrow the dates for older ones. */
export const AUDIT_EXPORT_MAX = 50_000;

/** True for events whose target is a workflow (its id). */
const isWorkflowEvent = (action: string) => action.startsWith('workflow.');

const toView = (row: AuditListRecord): AuditEventView => {
  const detail = safeDetail(row.detail);
  const view: AuditEventView = {
    id: row.id,
    at: row.at,
    action: row.action as AuditEventView['action'],
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    address: row.address,
    target: row.target,
    detail,
  };
  if (!isWorkflowEvent(row.action) || !row.target) return view;
  // The name recorded with the event is the honest one; older events had none: today's name.
  const recorded = typeof detail.name === 'string' ? detail.name : null;
  return { ...view, workflow: { name: recorded ?? row.targetWorkflowName, exists: row.targetWorkflowName !== null } };
};

function safeDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const encodeCursor = (row: { at: string; id: string }) => Buffer.from(`${row.at}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): AuditFilter['before'] {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id) throw badRequest('The cursor is not one this list gave.', 'query.before');
  return { at, id };
}

/** Builds the audit service over the shared service dependencies. */
export function createAuditService(deps: ServiceDeps): AuditService {
  const { repos } = deps;

  // The caller must be an admin or the owner of the workspace (another workspace reads as missing).
  const requireReader = async (ctx: AuthContext, tenantId: string) => {
    const role = await repos.tenants.roleOf(ctx.userId, tenantId);
    if (role === undefined) throw notFound('Tenant');
    const allowed = can(isRole(role) ? role : 'viewer', 'audit.read');
    if (!allowed.allowed) throw forbidden(allowed.reason);
  };

  const filterOf = (query: AuditQuery): AuditFilter => {
    if (query.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(query.action)) {
      throw badRequest(`Unknown action '${query.action}'.`, 'query.action');
    }
    return {
      action: query.action,
      actorId: query.actorId,
      from: query.from,
      to: query.to,
      before: decodeCursor(query.before),
    };
  };

  // A workflow's event records the workflow's name as it is now (the log keeps it after a rename
  // or a delete); a caller that had the name at hand (publishing, a delete) passed it already.
  const withWorkflowName = async (tenantId: string | null, event: AuditEventInput) => {
    const detail = event.detail ?? {};
    if (!isWorkflowEvent(event.action) || !event.target || !tenantId || typeof detail.name === 'string') return detail;
    const name = await repos.audit.workflowName(tenantId, event.target);
    return name === undefined ? detail : { ...detail, name };
  };

  const service: AuditService = {
    async record(ctx: AuthContext | AuditActor | null, event: AuditEventInput) {
      try {
        const actorId = ctx?.userId ?? null;
        const actor = actorId ? await repos.users.findById(actorId) : undefined;
        const tenantId = event.tenantId ?? ctx?.tenantId ?? null;
        await repos.audit.insert({
          id: deps.newId(),
          tenantId,
          at: nowIso(deps),
          action: event.action,
          actorId,
          actorEmail: actor?.email ?? null,
          address: ctx?.address ?? null,
          target: event.target ?? null,
          detail: JSON.stringify(await withWorkflowName(tenantId, event)),
        });
      } catch (error) {
        deps.logger.warn({ err: String(error), action: event.action }, 'Could not record an audit event');
      }
    },

    async list(ctx, tenantId, query) {
      await requireReader(ctx, tenantId);
      const limit = Math.min(AUDIT_PAGE_MAX, Math.max(1, query.limit ?? AUDIT_PAGE_DEFAULT));
      const rows = await repos.audit.list(tenantId, filterOf(query), limit + 1);
      const items = rows.slice(0, limit).map(toView);
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      return last ? { items, next: encodeCursor(last) } : { items };
    },

    async exportLines(ctx, tenantId, query) {
      await requireReader(ctx, tenantId);
      const filter = filterOf(query);
      const lines: string[] = [];
      while (lines.length < AUDIT_EXPORT_MAX) {
        const rows = await repos.audit.list(tenantId, filter, Math.min(1000, AUDIT_EXPORT_MAX - lines.length));
        for (const row of rows) lines.push(JSON.stringify(toView(row)));
        if (rows.length === 0 || rows.length < 1000) break;
        const last = rows[rows.length - 1];
        filter.before = { at: last.at, id: last.id };
      }
      await service.record(ctx, { tenantId, action: 'export.audit', detail: { events: lines.length } });
      return lines.length ? `${lines.join('\n')}\n` : '';
    },
  };
  return service;
}
