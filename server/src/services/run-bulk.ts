/**
 * Runs at scale (docs/runs-at-scale.md): the workspace-wide run search, and bulk actions over
 * the chosen runs or every run a search keeps ("all matching", at most `BULK_LIMIT`): re-run
 * each from its failed step on the original or latest version, or cancel the queued and
 * waiting ones. A bulk action runs in the background of this process, a few runs at a time, and
 * its progress is read by id (kept in memory for an hour after it ends; a restart forgets it).
 */
import type { ExecutionSummaryView, RerunInput } from '../kernel/contracts/engine.js';
import { failureRate, firstDayOf, runDays } from '@junction/core';
import type { BulkRunInput, BulkRunView, RunSearchQuery, RunsService } from '../kernel/contracts/runs.js';
import type { ServiceDeps } from '../deps.js';
import { badRequest, notFound, unprocessable } from '../kernel/errors.js';
import type { AuthContext } from '../kernel/views.js';
import { decodeCursor, encodeCursor, toSummaryView } from '../engine/service.js';
import { createEngineRepo } from '../store/repos/engine.js';
import { createExecutionSearch } from '../store/repos/execution-search.js';
import { createRunStatsRepo } from '../store/repos/run-stats.js';

/** Most runs one bulk action takes ("all matching" stops there). */
export const BULK_LIMIT = 10_000;
/** Runs a bulk action works on at once. */
const BULK_CONCURRENCY = 4;
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;
const MAX_PROBLEMS = 20;
const MAX_STARTED = 1000;
const KEEP_FINISHED_MS = 60 * 60 * 1000;

/** What the bulk actions call on the engine. */
export interface RunBulkEngine {
  rerunExecution(ctx: AuthContext, executionId: string, input: RerunInput): Promise<{ executionId: string }>;
  cancelExecution(ctx: AuthContext, executionId: string): Promise<ExecutionSummaryView>;
}

interface Job extends BulkRunView {
  tenantId: string;
  endedAt?: number;
}

/** Builds the service. */
export function createRunsService(deps: ServiceDeps, engine: RunBulkEngine): RunsService {
  const search = createExecutionSearch(deps.handle.db);
  const engineRepo = createEngineRepo(deps.handle.db, deps.handle.dialect);
  const jobs = new Map<string, Job>();
  const counts = createRunStatsRepo(deps.handle.db);

  const filterOf = (query: RunSearchQuery) => {
    for (const key of ['from', 'to'] as const) {
      const value = query[key];
      if (value !== undefined && Number.isNaN(Date.parse(value))) throw badRequest(`'${key}' is not a date.`, key);
    }
    return {
      status: query.status,
      from: query.from,
      to: query.to,
      workflowId: query.workflowId,
      revision: query.revision,
      text: query.text,
    };
  };

  function view(job: Job): BulkRunView {
    const { tenantId: _t, endedAt: _e, ...rest } = job;
    return { ...rest, problems: [...job.problems], started: [...job.started] };
  }

  async function idsOf(ctx: AuthContext, input: BulkRunInput): Promise<string[]> {
    if (input.executionIds) return [...new Set(input.executionIds)];
    if (!input.filter) throw unprocessable('Choose runs, or a search whose runs to take.', 'executionIds');
    const filter = filterOf(input.filter);
    const ids: string[] = [];
    let before: { createdAt: string; id: string } | undefined;
    while (ids.length < BULK_LIMIT) {
      const page = await search.search(ctx.tenantId, { ...filter, limit: 500, before });
      for (const row of page) ids.push(row.id);
      if (page.length < 500) break;
      const last = page[page.length - 1];
      before = { createdAt: last.createdAt, id: last.id };
    }
    return ids.slice(0, BULK_LIMIT);
  }

  /** Re-runs one run from its failed step (the first step when none failed). */
  async function rerunOne(ctx: AuthContext, id: string, version: 'original' | 'latest'): Promise<string> {
    const execution = await engineRepo.get(id, ctx.tenantId);
    if (!execution) throw notFound('Execution');
    const failed = (await engineRepo.listStepRuns(id)).find((r) => r.status === 'failed');
    const steps = (execution.document as { steps?: { id: string; kind: string }[] }).steps ?? [];
    const fromStepId = failed?.stepId ?? steps.find((s) => s.kind !== 'trigger')?.id;
    if (!fromStepId) throw unprocessable('This run has no step to re-run.', 'executionIds');
    return (await engine.rerunExecution(ctx, id, { fromStepId, version })).executionId;
  }

  async function work(ctx: AuthContext, job: Job, ids: string[], input: BulkRunInput) {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        try {
          if (input.action === 'rerun') {
            const started = await rerunOne(ctx, id, input.version ?? 'original');
            if (job.started.length < MAX_STARTED) job.started.push(started);
          } else {
            await engine.cancelExecution(ctx, id);
          }
          job.succeeded += 1;
        } catch (error) {
          job.failed += 1;
          const message = error instanceof Error ? error.message : String(error);
          if (job.problems.length < MAX_PROBLEMS) job.problems.push({ executionId: id, message });
        }
        job.done += 1;
      }
    };
    await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker));
    job.status = 'finished';
    job.endedAt = deps.now();
  }

  function forgetOld() {
    for (const [id, job] of jobs)
      if (job.endedAt !== undefined && deps.now() - job.endedAt > KEEP_FINISHED_MS) jobs.delete(id);
  }

  return {
    async stats(ctx, period) {
      const now = deps.now();
      const since = `${firstDayOf(period, now)}T00:00:00.000Z`;
      // Three reads at once (on PostgreSQL, three connections: one round trip of wall time).
      const [counted, topFailing, waiting] = await Promise.all([
        counts.countByDay(ctx.tenantId, since),
        counts.topFailing(ctx.tenantId, since, 5),
        counts.countWaiting(ctx.tenantId),
      ]);
      const days = runDays(counted, period, now);
      const totals = { succeeded: 0, failed: 0, other: 0 };
      for (const day of days) {
        totals.succeeded += day.succeeded;
        totals.failed += day.failed;
        totals.other += day.other;
      }
      return {
        period,
        days,
        totals,
        failureRate: failureRate(days),
        topFailing,
        waiting,
      };
    },
    async search(ctx, query) {
      const limit = Math.min(Math.max(1, query.limit ?? DEFAULT_PAGE), MAX_PAGE);
      const rows = await search.search(ctx.tenantId, {
        ...filterOf(query),
        limit: limit + 1,
        before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      });
      const items = rows.slice(0, limit);
      const page: { items: ExecutionSummaryView[]; nextCursor?: string } = { items: items.map(toSummaryView) };
      if (rows.length > limit)
        page.nextCursor = encodeCursor(items[items.length - 1].createdAt, items[items.length - 1].id);
      return page;
    },
    async startBulk(ctx, input) {
      forgetOld();
      const ids = await idsOf(ctx, input);
      const job: Job = {
        id: deps.newId(),
        tenantId: ctx.tenantId,
        action: input.action,
        status: 'running',
        total: ids.length,
        done: 0,
        succeeded: 0,
        failed: 0,
        problems: [],
        started: [],
      };
      jobs.set(job.id, job);
      void work(ctx, job, ids, input).catch((error: unknown) => {
        deps.logger.error({ job: job.id, err: String(error) }, 'Bulk run action stopped');
        job.status = 'finished';
        job.endedAt = deps.now();
      });
      return view(job);
    },
    async getBulk(ctx, id) {
      const job = jobs.get(id);
      if (!job || job.tenantId !== ctx.tenantId) throw notFound('Bulk action');
      return view(job);
    },
  };
}
