/**
 * The audit page's calls: the workspace's audit log with its filters as a paged resource of the
 * server-state layer, and the JSON-lines download (GET /api/tenants/{tenantId}/audit and
 * /audit/export).
 */
import type { Schema } from '@junction/api-spec';
import { apiKey, createResponseError, type PagedData, type ServerState } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';

/** The audit page's filters; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  actorId: string;
  /** A day (YYYY-MM-DD) from the date input: events from its start. */
  from: string;
  /** A day: events to its end. */
  to: string;
}

/** One event as the audit page lists it: the contract's AuditEvent, its free-form detail read as values. */
export type AuditRow = Omit<Schema<'AuditEvent'>, 'detail'> & { detail: Record<string, unknown> };

/** The query the API takes for the filters (days become the start and end of the day, UTC). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.action) query.action = filters.action;
  if (filters.actorId) query.actorId = filters.actorId;
  if (filters.from) query.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) query.to = `${filters.to}T23:59:59.999Z`;
  return query;
}

const logQuery = (server: ServerState, tenantId: string, filters: AuditFilters) =>
  server.paged(
    '/api/tenants/{tenantId}/audit',
    { params: { path: { tenantId }, query: auditQuery(filters) } },
    'before',
  );

/** The filtered log as the page reads it. */
export interface AuditLog {
  /** Every page read so far (newest first), with its one loading / error state; observe it in an observer. */
  resource: Resource<PagedData<AuditRow>>;
  /** Reads the next page (older events) and appends it; rejects with the request's error. */
  loadMore(): Promise<void>;
}

/** The audit log's calls, a page store of the root. */
export const AuditStoreModel = ApiModel.named('AuditStore')
  .views((self) => ({
    /** The workspace's log under `filters`: the newest page first, older ones by `loadMore`. */
    log(tenantId: string, filters: AuditFilters): AuditLog {
      const paged = logQuery(self.server, tenantId, filters);
      return { resource: resourceOf(paged.query), loadMore: () => paged.fetchMore() };
    },
  }))
  .actions((self) => ({
    /** The whole filtered log as JSON lines; the server records the download, so the log is read again. */
    async download(tenantId: string, filters: AuditFilters): Promise<string> {
      return self.server.mutate(
        async (api) => {
          const { data, error, response } = await api.raw.GET('/api/tenants/{tenantId}/audit/export', {
            params: { path: { tenantId }, query: auditQuery(filters) },
            parseAs: 'text',
          });
          if (!response.ok) throw createResponseError(error, response);
          return data as unknown as string;
        },
        { invalidates: [apiKey('/api/tenants/{tenantId}/audit', { path: { tenantId } })] },
      );
    },
  }));
