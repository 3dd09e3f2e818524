/**
 * A page of the workspace's workflows for the two lists (GET /api/workflows and GET
 * /api/dashboard/workflows): newest first, `limit` rows (default 50, at most 200) after the
 * previous page's `nextCursor`, optionally only those whose name or an app's label contains `q`,
 * with how many match in all. Each list reads one page, never the whole workspace
 * (BENCHMARKS.md "Many workflows").
 */
import { badRequest } from '../../kernel/errors.js';
import type { WorkflowListRecord, WorkflowsRepo } from './workflows.js';

/** Rows on a page when the caller does not say. */
export const DEFAULT_WORKFLOW_PAGE = 50;
/** The most rows on one page. */
export const MAX_WORKFLOW_PAGE = 200;

/** What a list asks for (the contract's query parameters). */
export interface WorkflowListQuery {
  limit?: number;
  cursor?: string;
  /** Text the name or an app's label contains. */
  q?: string;
}

/** A page of rows, the cursor of the next when there is one, and the counts of all that match. */
export interface WorkflowPage {
  rows: WorkflowListRecord[];
  nextCursor?: string;
  /** Workflows matching the query (all of the workspace's without `q`). */
  total: number;
  /** Of them, how many are ON. */
  active: number;
}

/** The keyset cursor of a page: where its last row is. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

/** Reads a keyset cursor; 400 naming `cursor` when it is not one. */
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const at = text.indexOf('|');
  if (at <= 0 || Number.isNaN(Date.parse(text.slice(0, at)))) throw badRequest('The cursor is not valid.', 'cursor');
  return { createdAt: text.slice(0, at), id: text.slice(at + 1) };
}

/** Reads one page (and the counts) of the tenant's workflows. */
export async function readWorkflowPage(
  repo: WorkflowsRepo,
  tenantId: string,
  query: WorkflowListQuery = {},
): Promise<WorkflowPage> {
  const limit = Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_WORKFLOW_PAGE)), MAX_WORKFLOW_PAGE);
  const text = query.q?.trim() || undefined;
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const [rows, counts] = await Promise.all([
    repo.page(tenantId, { limit: limit + 1, before, text }),
    repo.count(tenantId, text),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    ...(rows.length > limit && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}),
    total: counts.total,
    active: counts.active,
  };
}
