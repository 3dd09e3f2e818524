/** The executions list of one workflow: filters to the API's query, pages newest first. */
import { apiKey, type ServerState } from '@junction/core';
import { EXECUTION_FILTER_STATUSES } from '../shared/run-status.js';

/** The list's filters as the form holds them: '' means no filter; `since` is a yyyy-mm-dd date. */
export interface ExecutionListFilters {
  status: string;
  since: string;
}

/** One row of the list. */
export interface ExecutionRow {
  id: string;
  status: string;
  trigger: string;
  startedAt: string;
  /** When it ended; null while it runs. */
  finishedAt?: string | null;
  error?: string;
  /** The trigger's output, summarised in the row. */
  triggerData?: unknown;
}

/**
 * Returns the listExecutions query for the form's filters: `since` is the start of that day
 * in the browser's time zone.
 *
 * @example
 * toExecutionQuery({ status: 'failed', since: '' }); // { status: 'failed', limit: 25 }
 */
export function toExecutionQuery(filters: ExecutionListFilters, cursor?: string) {
  const query: { status?: (typeof EXECUTION_FILTER_STATUSES)[number]; since?: string; limit: number; cursor?: string } =
    {
      limit: 25,
    };
  if ((EXECUTION_FILTER_STATUSES as readonly string[]).includes(filters.status)) {
    query.status = filters.status as (typeof EXECUTION_FILTER_STATUSES)[number];
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.since)) {
    const [y, m, d] = filters.since.split('-').map(Number);
    query.since = new Date(y, m - 1, d).toISOString();
  }
  if (cursor) query.cursor = cursor;
  return query;
}

/** How often the newest runs are asked for again while the list is on screen. */
export const RUNS_POLL_MS = 5000;

/**
 * The query of one page of a workflow's executions: cached per workflow, filters and cursor.
 * The first page (no cursor) polls every {@link RUNS_POLL_MS} while the list observes it.
 */
export function executionsPageQuery(
  server: ServerState,
  workflowId: string,
  filters: ExecutionListFilters,
  cursor?: string,
) {
  return server.query(
    '/api/workflows/{id}/executions',
    { params: { path: { id: workflowId }, query: toExecutionQuery(filters, cursor) } },
    { pollMs: cursor ? null : RUNS_POLL_MS },
  );
}

/** One page of a workflow's executions as the server answers it. */
export type ExecutionPage = NonNullable<ReturnType<typeof executionsPageQuery>['state']['data']>;

/** The key prefix of every page of one workflow's executions (invalidated after a run starts). */
export function executionsKey(workflowId: string) {
  return apiKey('/api/workflows/{id}/executions', { path: { id: workflowId } });
}

/** Returns the newest page followed by older ones, each run once (a new run shifts the pages). */
export function mergeExecutionPages(first: ExecutionRow[], older: ExecutionRow[]): ExecutionRow[] {
  const seen = new Set(first.map((row) => row.id));
  return [...first, ...older.filter((row) => !seen.has(row.id))];
}
