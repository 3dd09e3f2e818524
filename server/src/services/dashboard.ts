/**
 * The dashboard's workflow list in one call: each workflow with the
 * apps of its steps, the accounts it uses and its latest run. Part of the support service.
 */
import { readJson } from '../store/json.js';
import { createExecutionReadsRepo } from '../store/repos/executions.js';
import type { PlatformDeps } from '../deps.js';
import type { DashboardApp, DashboardWorkflow } from '../kernel/contracts/support.js';
import type { AuthContext } from '../kernel/types.js';

interface StepLike {
  data?: { type?: unknown; label?: unknown; icon?: unknown; credential?: unknown };
}

/** Returns the distinct apps and credential ids of a stored document's steps. */
export function summariseSteps(document: unknown): { apps: DashboardApp[]; credentialIds: string[] } {
  const steps = ((document as { steps?: unknown })?.steps ?? []) as StepLike[];
  const apps = new Map<string, DashboardApp>();
  const credentials = new Set<string>();
  for (const step of Array.isArray(steps) ? steps : []) {
    const data = step?.data ?? {};
    const type = typeof data.type === 'string' ? data.type : '';
    if (type && !apps.has(type)) {
      apps.set(type, {
        type,
        label: typeof data.label === 'string' && data.label ? data.label : type,
        icon: typeof data.icon === 'string' ? data.icon : '',
      });
    }
    if (typeof data.credential === 'string' && data.credential) credentials.add(data.credential);
  }
  return { apps: [...apps.values()], credentialIds: [...credentials] };
}

/** Builds the dashboard part of the support service. */
export function createDashboardService(deps: PlatformDeps) {
  const executions = createExecutionReadsRepo(deps.handle.db);
  return {
    async listDashboardWorkflows(ctx: AuthContext): Promise<{ items: DashboardWorkflow[] }> {
      const rows = await deps.repos.workflows.listWithDocuments(ctx.tenantId);
      // Every workflow's latest run in one statement (an indexed lookup each inside the database).
      const lastRuns = new Map((await executions.lastRunsOf(ctx.tenantId)).map((r) => [r.workflow_id, r] as const));
      const items = rows.map((row) => {
        const last = lastRuns.get(row.id);
        return {
          id: row.id,
          name: row.name,
          active: row.active,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          ...summariseSteps(readJson(row.document)),
          lastRun: last ? { id: last.id, status: last.status, startedAt: last.started_at ?? last.created_at } : null,
        };
      });
      return { items };
    },
  };
}
