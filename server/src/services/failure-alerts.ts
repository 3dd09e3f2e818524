/**
 * Failure alerts (docs/failure-alerts.md): after a run ends in this process, core's
 * `decideFailureAlert` says whether its workspace is told (the first failure at once, one digest
 * per interval while failures go on, "recovered" when a run succeeds again); the mail goes to
 * the workspace's owners and admins and links to the run's replay and to a page that turns the
 * workflow's alerts off. Settings live in `failure_alerts` (a workspace row '*' and one row per
 * workflow, which also keeps the state between runs).
 */
import { randomBytes } from 'node:crypto';
import {
  checkAlertInterval,
  composeFailureAlert,
  DEFAULT_ALERT_INTERVAL_MINUTES,
  decideFailureAlert,
  digestDue,
  type FailureAlertFacts,
  hearsFailure,
  parseWatchedWorkflows,
  QUIET_STATE,
  type WorkflowData,
} from '@junction/core';
import { onRunEnd } from '../engine/observe.js';
import { ALERTS_APP_SLUG, WATCHED_WORKFLOWS_FIELD } from '../integrations/builtin/alerts.js';
import type { IngestEvent } from '../kernel/contracts/engine.js';
import type { FailureAlertsService, FailureAlertSettingsView } from '../kernel/contracts/alerts.js';
import type { ServiceDeps } from '../deps.js';
import { nowIso } from '../kernel/clock.js';
import { notFound, unprocessable } from '../kernel/errors.js';
import type { Lifecycle } from '../kernel/lifecycle.js';
import type { AuthContext } from '../kernel/views.js';
import { createEngineRepo } from '../store/repos/engine.js';
import { createFailureAlertsRepo, type FailureAlertRecord, WORKSPACE_ROW } from '../store/repos/failure-alerts.js';

/** Roles that receive alerts. */
const RECIPIENT_ROLES = new Set(['owner', 'admin']);

/** How often the digest sweep looks for intervals that ended without another failure (default). */
export const DIGEST_SWEEP_MS = 60_000;

/** Builds the service and the lifecycle that listens to run ends. */
export function createFailureAlerts(
  deps: ServiceDeps,
  engineDeps: { ingest: (events: IngestEvent[]) => Promise<unknown> },
  options: { digestSweepMs?: number } = {},
): { service: FailureAlertsService; lifecycle: Lifecycle & { sweepDigests(): Promise<void> } } {
  const alerts = createFailureAlertsRepo(deps.handle.db);
  const engine = createEngineRepo(deps.handle.db, deps.handle.dialect);
  const base = deps.config.publicUrl;
  /** One decision at a time in this process: two failures never both mail "first". */
  let chain: Promise<void> = Promise.resolve();
  /**
   * Workflows told of a failure and not yet of a recovery (`tenant:workflow`): a success of any
   * other workflow costs no read at all, so the hot path of a healthy instance is unchanged.
   */
  const failing = new Set<string>();
  let stop: (() => void) | undefined;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  const fresh = (tenantId: string, workflowId: string): FailureAlertRecord => ({
    tenantId,
    workflowId,
    enabled: true,
    intervalMinutes: null,
    ...QUIET_STATE,
    offToken: randomBytes(24).toString('base64url'),
    updatedAt: nowIso(deps),
  });
  const rowOf = async (tenantId: string, workflowId: string) =>
    (await alerts.get(tenantId, workflowId)) ?? fresh(tenantId, workflowId);
  const settingsOf = async (tenantId: string): Promise<FailureAlertSettingsView> => {
    const row = await alerts.get(tenantId, WORKSPACE_ROW);
    return {
      enabled: row?.enabled ?? true,
      intervalMinutes: row?.intervalMinutes ?? DEFAULT_ALERT_INTERVAL_MINUTES,
    };
  };
  const ownWorkflow = async (ctx: AuthContext, workflowId: string) => {
    const workflow = await engine.findWorkflow(workflowId, ctx.tenantId);
    if (!workflow) throw notFound('Workflow');
    return workflow;
  };

  async function mail(tenantId: string, facts: Omit<FailureAlertFacts, 'offUrl'>, row: FailureAlertRecord) {
    const members = await deps.repos.tenants.listMembers(tenantId);
    const to = members.filter((m) => RECIPIENT_ROLES.has(m.role)).map((m) => m.email);
    const content = composeFailureAlert({
      ...facts,
      offUrl: `${base}/api/alerts/off?token=${encodeURIComponent(row.offToken)}`,
    });
    for (const address of to) await deps.mailer.send({ to: address, ...content });
    return to.length;
  }

  /** What a failed run's mail says of it: its step, error and replay link. */
  async function failureOf(executionId: string, execution: { document: unknown; error?: string | null }) {
    const document = execution.document as WorkflowData;
    const failedStep = (await engine.listStepRuns(executionId)).find((r) => r.status === 'failed');
    const step = failedStep && document.steps?.find((s) => s.id === failedStep.stepId);
    return {
      document,
      failedStep,
      stepName: step ? step.data.name || step.id : undefined,
      error: failedStep?.error ?? execution.error ?? undefined,
      replayUrl: `${base}/executions/${executionId}`,
    };
  }

  async function afterRun(executionId: string, outcome: string): Promise<void> {
    if (outcome !== 'failed' && outcome !== 'succeeded') return;
    if (outcome === 'succeeded' && failing.size === 0) return;
    // Another process's database (tests run several servers in one process) has no such run.
    const execution = await engine.get(executionId);
    if (!execution) return;
    const { tenantId, workflowId } = execution;
    const key = `${tenantId}:${workflowId}`;
    if (outcome === 'succeeded' && !failing.has(key)) return;
    const document = execution.document as WorkflowData;
    const facts =
      outcome === 'failed'
        ? await failureOf(executionId, execution)
        : { failedStep: undefined, stepName: undefined, error: undefined };
    const { failedStep, stepName, error } = facts;
    const replayUrl = `${base}/executions/${executionId}`;
    if (outcome === 'failed') {
      await startAlertWorkflows(tenantId, document, {
        workflowId,
        workflowName: document.name ?? '',
        executionId,
        stepId: failedStep?.stepId ?? null,
        stepName: stepName ?? null,
        errorMessage: error ?? null,
        failedAt: execution.finishedAt ?? nowIso(deps),
        replayUrl,
      });
    }
    const settings = await settingsOf(tenantId);
    if (!settings.enabled) return;
    const row = await rowOf(tenantId, workflowId);
    if (!row.enabled) return;
    const decision = decideFailureAlert(row, outcome, deps.now(), settings.intervalMinutes);
    if (decision.mail === null && decision.state === row) return;
    const next = { ...row, ...decision.state, updatedAt: nowIso(deps) };
    await alerts.save(next);
    if (next.failing) failing.add(key);
    else failing.delete(key);
    if (decision.mail === null) return;
    await mail(
      tenantId,
      {
        kind: decision.mail,
        workflowName: document.name ?? '',
        stepName,
        error,
        count: decision.count,
        replayUrl,
        intervalMinutes: settings.intervalMinutes,
      },
      next,
    );
  }

  /**
   * The digest of an interval that ended without another failure (docs/failure-alerts.md):
   * core's `digestDue` on the workflow's state; the mail names the newest failed run.
   */
  async function digestAfterInterval(tenantId: string, workflowId: string): Promise<void> {
    const settings = await settingsOf(tenantId);
    if (!settings.enabled) return;
    const row = await alerts.get(tenantId, workflowId);
    if (!row?.enabled) return;
    const decision = digestDue(row, deps.now(), settings.intervalMinutes);
    if (decision.mail === null) return;
    const next = { ...row, ...decision.state, updatedAt: nowIso(deps) };
    // Every process sweeps: only the one that moves the row from the state it read mails.
    if (!(await alerts.claimDigest(row, next))) return;
    const executionId = await alerts.lastFailedRun(tenantId, workflowId);
    const execution = executionId ? await engine.get(executionId) : undefined;
    if (!executionId || !execution) return;
    const failure = await failureOf(executionId, execution);
    await mail(
      tenantId,
      {
        kind: 'digest',
        workflowName: failure.document.name ?? '',
        stepName: failure.stepName,
        error: failure.error,
        count: decision.count,
        replayUrl: failure.replayUrl,
        intervalMinutes: settings.intervalMinutes,
      },
      next,
    );
  }

  /** Looks for intervals that ended with failures not mailed yet; one decision at a time with the runs'. */
  function sweepDigests(): Promise<void> {
    const swept = chain.then(async () => {
      for (const { tenantId, workflowId } of await alerts.listUnsent()) {
        try {
          await digestAfterInterval(tenantId, workflowId);
        } catch (error) {
          deps.logger.error({ workflowId, err: String(error) }, 'Failure digest not sent');
        }
      }
    });
    chain = swept.catch((error: unknown) => deps.logger.error({ err: String(error) }, 'Failure digest sweep failed'));
    return chain;
  }

  /** Starts the workspace's alert workflows that hear this failure (never for an alert workflow's own). */
  async function startAlertWorkflows(
    tenantId: string,
    failed: WorkflowData,
    triggerData: { workflowId: string } & Record<string, unknown>,
  ) {
    const failedIsAlertWorkflow = failed.steps?.some((s) => s.kind === 'trigger' && s.data.app === ALERTS_APP_SLUG);
    if (failedIsAlertWorkflow) return;
    const events: IngestEvent[] = [];
    for (const alert of await alerts.listAlertWorkflows(tenantId)) {
      const trigger = (alert.document as WorkflowData).steps?.find((s) => s.id === alert.stepId);
      const field = trigger?.data.fields?.find((f) => f.name === WATCHED_WORKFLOWS_FIELD);
      const heard = hearsFailure({
        alertWorkflowId: alert.workflowId,
        watched: parseWatchedWorkflows(field?.value),
        failedWorkflowId: triggerData.workflowId,
        failedIsAlertWorkflow: false,
      });
      if (heard) events.push({ tenantId, workflowId: alert.workflowId, trigger: 'failure', triggerData });
    }
    if (events.length > 0) await engineDeps.ingest(events);
  }

  const listen = (executionId: string, outcome: string) => {
    // Only failures and the first success after them cost more than one read.
    chain = chain
      .then(() => afterRun(executionId, outcome))
      .catch((error: unknown) => deps.logger.error({ executionId, err: String(error) }, 'Failure alert not sent'));
  };

  const service: FailureAlertsService = {
    getSettings: (ctx) => settingsOf(ctx.tenantId),
    async updateSettings(ctx, input) {
      if (input.intervalMinutes !== undefined) {
        const problem = checkAlertInterval(input.intervalMinutes);
        if (problem) throw unprocessable(problem, 'intervalMinutes');
      }
      const row = await rowOf(ctx.tenantId, WORKSPACE_ROW);
      await alerts.save({
        ...row,
        enabled: input.enabled ?? row.enabled,
        intervalMinutes: input.intervalMinutes ?? row.intervalMinutes,
        updatedAt: nowIso(deps),
      });
      return settingsOf(ctx.tenantId);
    },
    async getWorkflowAlerts(ctx, workflowId) {
      await ownWorkflow(ctx, workflowId);
      return { workflowId, enabled: (await alerts.get(ctx.tenantId, workflowId))?.enabled ?? true };
    },
    async setWorkflowAlerts(ctx, workflowId, enabled) {
      await ownWorkflow(ctx, workflowId);
      const row = await rowOf(ctx.tenantId, workflowId);
      await alerts.save({ ...row, enabled, updatedAt: nowIso(deps) });
      return { workflowId, enabled };
    },
    async sendTestAlert(ctx, workflowId) {
      const workflow = await ownWorkflow(ctx, workflowId);
      const row = await rowOf(ctx.tenantId, workflowId);
      if (!(await alerts.get(ctx.tenantId, workflowId))) await alerts.save(row);
      const settings = await settingsOf(ctx.tenantId);
      const recipients = await mail(
        ctx.tenantId,
        {
          kind: 'test',
          workflowName: (workflow.document as WorkflowData).name ?? '',
          count: 0,
          replayUrl: `${base}/workflows`,
          intervalMinutes: settings.intervalMinutes,
        },
        row,
      );
      return { recipients, delivery: deps.mailer.mode === 'smtp' ? ('smtp' as const) : ('log' as const) };
    },
    async turnOff(token) {
      const row = await alerts.findByToken(token);
      if (!row || row.workflowId === WORKSPACE_ROW) throw notFound('Alert');
      await alerts.save({ ...row, enabled: false, updatedAt: nowIso(deps) });
      const workflow = await engine.findWorkflow(row.workflowId, row.tenantId);
      return { workflowName: (workflow?.document as WorkflowData | undefined)?.name ?? '', enabled: false };
    },
  };

  return {
    service,
    lifecycle: {
      sweepDigests,
      async start() {
        for (const row of await alerts.listFailing()) failing.add(`${row.tenantId}:${row.workflowId}`);
        stop = onRunEnd(listen);
        // A digest is due when its interval ends, whether or not another failure arrives.
        // With a quicker reconciler configured (RECONCILE_INTERVAL_MS, tests) it sweeps as often.
        const every = Math.min(
          options.digestSweepMs ?? DIGEST_SWEEP_MS,
          deps.config.reconcileIntervalMs ?? DIGEST_SWEEP_MS,
        );
        sweeper = setInterval(() => void sweepDigests(), every);
        sweeper.unref?.();
      },
      async close() {
        stop?.();
        stop = undefined;
        clearInterval(sweeper);
        sweeper = undefined;
        await chain;
      },
    },
  };
}
