/**
 * The workspace-wide run search (docs/runs-at-scale.md): status, date range, workflow, version
 * and text in the trigger data, newest first, keyset-paged. Every filter but the text is served
 * by an index (migration 0021: tenant + created, tenant + status + created; the workflow ones of
 * 0002). The text is a bounded scan: it reads the newest `TEXT_SCAN_LIMIT` runs the other filters
 * keep (from the page's cursor on) and matches their trigger data there, on both databases; a
 * caller narrows with dates or a workflow to look further back.
 */
import type { RunSearchQuery } from '@junction/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { containsPattern } from '../like.js';
import { type ExecutionSummaryRecord, SUMMARY_COLUMNS, toSummary } from './engine-rows.js';

/** How many of the newest candidate runs one text search reads (per page). */
export const TEXT_SCAN_LIMIT = 10_000;

/** What the search keeps: core's filters, the revision and a page. */
export interface ExecutionSearch extends RunSearchQuery {
  /** The workflow revision the run ran. */
  revision?: number;
  limit: number;
  /** The previous page's last run. */
  before?: { createdAt: string; id: string };
}

/** Searches one workspace's runs. */
export function createExecutionSearch(db: Kysely<Database>) {
  return {
    async search(tenantId: string, filter: ExecutionSearch): Promise<ExecutionSummaryRecord[]> {
      let query = db
        .selectFrom('executions')
        .select([...SUMMARY_COLUMNS])
        .where('tenant_id', '=', tenantId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.workflowId !== undefined) query = query.where('workflow_id', '=', filter.workflowId);
      if (filter.revision !== undefined) query = query.where('workflow_revision', '=', filter.revision);
      if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
      const before = filter.before;
      if (before) {
        query = query
          .where('created_at', '<=', before.createdAt)
          .where((eb) =>
            eb.or([
              eb('created_at', '<', before.createdAt),
              eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
            ]),
          );
      }
      query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
      const text = filter.text?.trim();
      if (!text) return (await query.limit(filter.limit).execute()).map(toSummary);
      const rows = await db
        .selectFrom(query.limit(TEXT_SCAN_LIMIT).as('c'))
        .selectAll()
        .where(sql<boolean>`lower(cast(c.trigger_data as text)) like ${containsPattern(text)} escape '\\'`)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(filter.limit)
        .execute();
      return rows.map(toSummary);
    },
  };
}
