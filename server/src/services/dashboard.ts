/**
 * The dashboard's workflow list, a page at a time (services/workflow-pages.ts): each workflow
 * with the apps of its steps and the accounts it uses (the columns written beside its document,
 * store/repos/workflow-apps.ts: no document is parsed per view) and its latest run (one indexed
 * lookup per row of the page). `order: 'lastRun'` answers instead the workflows of the newest
 * runs (the home's "Latest runs"). Part of the support service.
 */
import type { PlatformDeps } from '../deps.js';
import type { DashboardListQuery, DashboardWorkflowPage } from '../kernel/contracts/support.js';
import type { AuthContext } from '../kernel/types.js';
import { createExecutionReadsRepo } from '../store/repos/executions.js';
import type { WorkflowListRecord } from '../store/repos/workflows.js';
import { readWorkflowPage } from '../store/repos/workflow-pages.js';

export { summariseSteps } from '../store/repos/workflow-apps.js';

/** How many of the newest runs the "latest runs" order reads to find its workflows. */
const RECENT_RUNS_SCANNED = 2000;

/** Builds the dashboard part of the support service. */
export function createDashboardService(deps: PlatformDeps) {
  const executions = createExecutionReadsRepo(deps.handle.db);
  const withLastRuns = async (ctx: AuthContext, rows: WorkflowListRecord[]) => {
    const lastRuns = new Map(
      (
        await executions.lastRunsAmong(
          ctx.tenantId,
          rows.map((r) => r.id),
        )
      ).map((r) => [r.workflow_id, r] as const),
    );
    return rows.map((row) => {
      const last = lastRuns.get(row.id);
      return {
        id: row.id,
        name: row.name,
        active: row.active,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        apps: row.apps,
        credentialIds: row.credentialIds,
        lastRun: last ? { id: last.id, status: last.status, startedAt: last.started_at ?? last.created_at } : null,
      };
    });
  };
  return {
    async listDashboardWorkflows(ctx: AuthContext, query: DashboardListQuery = {}): Promise<DashboardWorkflowPage> {
      if (query.order === 'lastRun') {
        const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 5)), 50);
        const ids = await executions.recentWorkflowIds(ctx.tenantId, limit, RECENT_RUNS_SCANNED);
        const [rows, counts] = await Promise.all([
          deps.repos.workflows.page(ctx.tenantId, { limit, ids }),
          deps.repos.workflows.count(ctx.tenantId),
        ]);
        const order = new Map(ids.map((id, n) => [id, n] as const));
        rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
        return { items: await withLastRuns(ctx, rows), total: counts.total, activeTotal: counts.active };
      }
      const page = await readWorkflowPage(deps.repos.workflows, ctx.tenantId, query);
      return {
        items: await withLastRuns(ctx, page.rows),
        total: page.total,
        activeTotal: page.active,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
  };
}
