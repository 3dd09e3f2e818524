/**
 * The audit page's calls: a page of the workspace's audit log with its filters, and the
 * JSON-lines download (GET /api/tenants/{tenantId}/audit and /audit/export).
 */
import { createResponseError } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';

/** The audit page's filters; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  actorId: string;
  /** A day (YYYY-MM-DD) from the date input: events from its start. */
  from: string;
  /** A day: events to its end. */
  to: string;
}

/** One event as the audit page lists it. */
export interface AuditRow {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  target: string | null;
  detail: Record<string, unknown>;
}

/** The query the API takes for the filters (days become the start and end of the day, UTC). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.action) query.action = filters.action;
  if (filters.actorId) query.actorId = filters.actorId;
  if (filters.from) query.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) query.to = `${filters.to}T23:59:59.999Z`;
  return query;
}

/** The audit log's calls, a page store of the root. */
export const AuditStoreModel = ApiModel.named('AuditStore').actions((self) => ({
  /** A page of events, newest first; `before` is the previous page's `next`. */
  async list(tenantId: string, filters: AuditFilters, before?: string): Promise<{ items: AuditRow[]; next?: string }> {
    return self.api.get('/api/tenants/{tenantId}/audit', {
      params: { path: { tenantId }, query: { ...auditQuery(filters), ...(before ? { before } : {}) } },
    });
  },
  /** The whole filtered log as JSON lines (the server records the download). */
  async download(tenantId: string, filters: AuditFilters): Promise<string> {
    const { data, error, response } = await self.api.raw.GET('/api/tenants/{tenantId}/audit/export', {
      params: { path: { tenantId }, query: auditQuery(filters) },
      parseAs: 'text',
    });
    if (!response.ok) throw createResponseError(error, response);
    return data as unknown as string;
  },
}));
