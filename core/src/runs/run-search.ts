/**
 * The workspace's run search and bulk actions as the runs page states them (docs/runs-at-scale.md):
 * the page's filters (days from date inputs, UTC) as the query of GET /api/executions and the
 * `filter` of POST /api/executions/bulk, and a bulk action's progress in words.
 */

/** The runs page's filters; empty strings mean "any". */
export interface RunSearchFilters {
  status: string;
  /** A day (YYYY-MM-DD): runs created from its start (UTC). */
  from: string;
  /** A day: runs created until its end (UTC). */
  to: string;
  workflowId: string;
  /** Text in the trigger data. */
  text: string;
}

/** No filter: every run. */
export const NO_RUN_FILTERS: RunSearchFilters = { status: '', from: '', to: '', workflowId: '', text: '' };

/** The search as the API takes it (`to` is the next day's start: the API's `to` is exclusive). */
export interface RunSearchQuery {
  status?: string;
  /** Created at or after (ISO). */
  from?: string;
  /** Created before (ISO). */
  to?: string;
  workflowId?: string;
  /** Words in the trigger data (case-insensitive substring). */
  text?: string;
}

/**
 * The filters as the query of GET /api/executions and the bulk action's `filter`.
 *
 * @example
 * runSearchQuery({ ...NO_RUN_FILTERS, from: '2026-11-01', to: '2026-11-02', text: ' ada ' });
 * // { from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z', text: 'ada' }
 */
export function runSearchQuery(filters: RunSearchFilters): RunSearchQuery {
  const query: RunSearchQuery = {};
  if (filters.status) query.status = filters.status;
  if (filters.from) query.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    query.to = next.toISOString();
  }
  if (filters.workflowId) query.workflowId = filters.workflowId;
  const text = filters.text.trim().slice(0, 200);
  if (text) query.text = text;
  return query;
}

/** A bulk action's progress as GET /api/executions/bulk/{id} answers it. */
export interface BulkRunProgress {
  action: 'rerun' | 'cancel';
  status: 'running' | 'finished';
  total: number;
  done: number;
  succeeded: number;
  failed: number;
}

/**
 * A bulk action's progress in words.
 *
 * @example
 * bulkProgressText({ action: 'rerun', status: 'running', total: 10, done: 4, succeeded: 3, failed: 1 });
 * // 'Re-running 10 runs: 4 done (3 started again, 1 could not be).'
 */
export function bulkProgressText(job: BulkRunProgress): string {
  const runs = job.total === 1 ? '1 run' : `${job.total} runs`;
  const ok = job.action === 'rerun' ? `${job.succeeded} started again` : `${job.succeeded} cancelled`;
  const tail = `(${ok}, ${job.failed} could not be)`;
  if (job.status === 'finished') {
    if (job.total === 0) return 'No run matched: nothing was done.';
    return `${job.action === 'rerun' ? 'Re-run' : 'Cancel'} finished for ${runs} ${tail}.`;
  }
  return `${job.action === 'rerun' ? 'Re-running' : 'Cancelling'} ${runs}: ${job.done} done ${tail}.`;
}
