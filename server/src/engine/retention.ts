/**
 * Retention: the bound on stored executions and their step records, and on crash reports and
 * support tickets (their days and, for reports, their count; kernel/support-limits.ts). Finished
 * executions (succeeded, failed, filtered, cancelled, not run) are deleted in the background
 * once they are older than the policy's days (failed ones after their own, longer, days) or
 * beyond the newest N of their workflow; their step records go with them (`step_runs` has
 * ON DELETE CASCADE). A queued, running or waiting execution is never deleted: every DELETE
 * names the finished statuses itself, so a row that is not finished at that instant stays.
 *
 * Deletes run in small batches (one statement of at most `batchSize` executions each); after
 * each batch the pruner pauses at least as long as the batch took, so ingest and the runner's
 * group-committed writes always get the database at least half of the time. Several
 * processes may prune the same database (each DELETE is idempotent).
 *
 * Age is counted from when an execution finished (`updated_at` of a finished row is its last
 * change, the finish), so the `(status, updated_at)` index serves the day bound and the
 * `(workflow_id, created_at)` index the per-workflow bound: no migration is needed.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Logger } from '../kernel/logger.js';
import type { Database } from '../store/database.js';
import { DEFAULT_SUPPORT_LIMITS, supportLimits } from '../kernel/support-limits.js';
import { createErrorReportsRepo } from '../store/repos/error-reports.js';
import { createRetentionRepo, KEPT_FOR_DAYS } from '../store/repos/retention.js';
import { createTicketsRepo } from '../store/repos/tickets.js';
import { createAuditRepo } from '../store/repos/audit.js';

const DAY_MS = 86_400_000;

/** How long executions are kept; 0 turns a bound off. */
export interface RetentionPolicy {
  /** Days a finished execution is kept (EXECUTIONS_KEEP_DAYS, default 30; fractions allowed). */
  keepDays: number;
  /** Days a failed execution is kept (EXECUTIONS_KEEP_FAILED_DAYS, default 90). */
  keepFailedDays: number;
  /** Finished executions kept per workflow, newest first (EXECUTIONS_KEEP_PER_WORKFLOW, default 10,000). */
  keepPerWorkflow: number;
  /** How often a pruning pass starts, in ms (EXECUTIONS_PRUNE_INTERVAL_MS, default 60,000). */
  intervalMs: number;
  /** Executions deleted per statement (default 250). */
  batchSize: number;
  /** Workflows whose count bound one pass checks (default 100; the next pass goes on from there). */
  workflowsPerPass: number;
  /** A pass stops after this long and the next one goes on (default 20 s). */
  passBudgetMs: number;
  /** Days a crash report is kept (ERROR_REPORTS_KEEP_DAYS, default 30). */
  errorReportsKeepDays: number;
  /** Newest crash reports kept (ERROR_REPORTS_KEEP, default 10,000). */
  errorReportsKeep: number;
  /** Days a support ticket is kept (TICKETS_KEEP_DAYS, default 365). */
  ticketsKeepDays: number;
  /** Days an audit event is kept (AUDIT_KEEP_DAYS, default 365). */
  auditKeepDays: number;
}

/** The default policy (documented in README "Configuration" and config.ts). */
export const DEFAULT_RETENTION: RetentionPolicy = {
  keepDays: 30,
  keepFailedDays: 90,
  keepPerWorkflow: 10_000,
  intervalMs: 60_000,
  batchSize: 250,
  workflowsPerPass: 100,
  passBudgetMs: 20_000,
  errorReportsKeepDays: DEFAULT_SUPPORT_LIMITS.errorReportsKeepDays,
  errorReportsKeep: DEFAULT_SUPPORT_LIMITS.errorReportsKeep,
  ticketsKeepDays: DEFAULT_SUPPORT_LIMITS.ticketsKeepDays,
  auditKeepDays: 365,
};

/** The policy a configuration asks for (negative or missing values take the defaults). */
export function retentionPolicy(
  config: Pick<Config, 'executionRetention' | 'supportLimits' | 'auditKeepDays'>,
): RetentionPolicy {
  const given = config.executionRetention ?? {};
  const support = supportLimits(config);
  const pick = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
  return {
    keepDays: pick(given.keepDays, DEFAULT_RETENTION.keepDays),
    keepFailedDays: pick(given.keepFailedDays, DEFAULT_RETENTION.keepFailedDays),
    keepPerWorkflow: Math.floor(pick(given.keepPerWorkflow, DEFAULT_RETENTION.keepPerWorkflow)),
    intervalMs: Math.max(100, pick(given.intervalMs, DEFAULT_RETENTION.intervalMs)),
    batchSize: Math.max(1, Math.floor(pick(given.batchSize, DEFAULT_RETENTION.batchSize))),
    workflowsPerPass: DEFAULT_RETENTION.workflowsPerPass,
    passBudgetMs: DEFAULT_RETENTION.passBudgetMs,
    errorReportsKeepDays: support.errorReportsKeepDays,
    errorReportsKeep: support.errorReportsKeep,
    ticketsKeepDays: support.ticketsKeepDays,
    auditKeepDays: Math.max(1, pick(config.auditKeepDays, DEFAULT_RETENTION.auditKeepDays)),
  };
}

/** What the pruner needs. */
export interface PrunerDeps {
  db: Kysely<Database>;
  policy: RetentionPolicy;
  now: () => number;
  logger: Logger;
}

/** What one pass deleted. */
export interface PruneReport {
  /** Executions deleted for their age. */
  expired: number;
  /** Executions deleted beyond their workflow's count. */
  beyondCount: number;
}

/** Builds the background pruner: `start` schedules passes, `pass` runs one now (tests, tools). */
export function createPruner(deps: PrunerDeps) {
  const { policy } = deps;
  const repo = createRetentionRepo(deps.db);
  const errorReports = createErrorReportsRepo(deps.db);
  const tickets = createTicketsRepo(deps.db);
  const audit = createAuditRepo(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PruneReport> | undefined;
  let stopped = false;
  /** Where the count bound goes on at the next pass (keyset over workflow ids). */
  let workflowCursor = '';

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Runs `batch` until it deletes less than a full batch or the pass's time is up. */
  async function drain(batch: () => Promise<number>, deadline: number): Promise<number> {
    let total = 0;
    while (!stopped && Date.now() < deadline) {
      const begin = Date.now();
      const deleted = await batch();
      total += deleted;
      if (deleted < policy.batchSize) break;
      // Give the database back for at least as long as the batch held it.
      await pause(Math.max(5, Date.now() - begin));
    }
    return total;
  }

  async function runPass(): Promise<PruneReport> {
    const report: PruneReport = { expired: 0, beyondCount: 0 };
    const deadline = Date.now() + policy.passBudgetMs;
    const now = deps.now();
    if (policy.keepDays > 0) {
      const before = new Date(now - policy.keepDays * DAY_MS).toISOString();
      report.expired += await drain(() => repo.deleteFinishedBefore(KEPT_FOR_DAYS, before, policy.batchSize), deadline);
    }
    if (policy.keepFailedDays > 0) {
      const before = new Date(now - policy.keepFailedDays * DAY_MS).toISOString();
      report.expired += await drain(() => repo.deleteFinishedBefore(['failed'], before, policy.batchSize), deadline);
    }
    if (policy.keepPerWorkflow > 0) {
      const ids = await repo.workflowIds(workflowCursor, policy.workflowsPerPass);
      workflowCursor = ids.length < policy.workflowsPerPass ? '' : (ids.at(-1) ?? '');
      for (const id of ids) {
        if (stopped || Date.now() >= deadline) break;
        const boundary = await repo.countBoundary(id, policy.keepPerWorkflow);
        if (boundary === undefined) continue;
        report.beyondCount += await drain(() => repo.deleteWorkflowBefore(id, boundary, policy.batchSize), deadline);
      }
    }
    if (report.expired + report.beyondCount > 0) deps.logger.info({ ...report }, 'Pruned finished executions');
    await pruneSupport(now, deadline);
    return report;
  }

  /** Crash reports beyond their days or their count; tickets and audit events beyond their days. */
  async function pruneSupport(now: number, deadline: number): Promise<void> {
    const reportsBefore = new Date(now - policy.errorReportsKeepDays * DAY_MS).toISOString();
    const ticketsBefore = new Date(now - policy.ticketsKeepDays * DAY_MS).toISOString();
    const reports =
      (await drain(() => errorReports.deleteBefore(reportsBefore, policy.batchSize), deadline)) +
      (await drain(() => errorReports.deleteBeyond(policy.errorReportsKeep, policy.batchSize), deadline));
    const oldTickets = await drain(() => tickets.deleteBefore(ticketsBefore, policy.batchSize), deadline);
    const auditBefore = new Date(now - policy.auditKeepDays * DAY_MS).toISOString();
    const oldEvents = await drain(() => audit.deleteBefore(auditBefore, policy.batchSize), deadline);
    if (reports + oldTickets + oldEvents > 0)
      deps.logger.info(
        { reports, tickets: oldTickets, auditEvents: oldEvents },
        'Pruned crash reports, tickets and audit events',
      );
  }

  return {
    /** Runs one pass (or joins the one in progress); answers what it deleted. */
    pass(): Promise<PruneReport> {
      running ??= runPass().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Starts passes every `intervalMs` (the first one after one interval). */
    start(): void {
      stopped = false;
      const tick = () => {
        this.pass()
          .catch((error: unknown) => deps.logger.error({ err: String(error) }, 'Execution pruning failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, policy.intervalMs).unref();
          });
      };
      timer = setTimeout(tick, policy.intervalMs).unref();
    },
    /** Stops scheduling passes and ends the one in progress after its current batch. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
