/**
 * The runner: claims one execution, walks core's compiled plan and records
 * every step. Links' filters are evaluated by core; a delay parks the execution as `waiting`
 * with its resume time in the row (the queue's timer or delayed job is only a wake-up call,
 * the reconciler finds it again after a restart); actions go through `executeStep` with the
 * tenant's app and credential. A re-claimed execution skips the steps that already succeeded.
 */
import {
  compileWorkflow,
  createFilterResolver,
  evaluateFilter,
  type PlanLink,
  type PlanStep,
  resolveFieldsWithin,
  type WorkflowData,
  type WorkflowPlan,
} from '@junction/core';
import { Problem } from '../kernel/errors.js';
import { isBuiltinApp } from '../integrations/builtin/index.js';
import { executeStep, type StepExecution } from '../integrations/executor.js';
import { metrics } from '../metrics.js';
import { appBaseUrl, appOwnerOf } from '../integrations/registry.js';
import type { HttpClient } from '../security/http-client.js';
import type { ExecutionStatus } from '../kernel/contracts/engine.js';
import type { EngineDeps } from './deps.js';
import type { WriteBatcher } from './batcher.js';
import { createClaimFinish } from './claim-finish.js';
import { queuedRecord } from './preclaim.js';
import type {
  EngineRepo,
  EngineWriter,
  ExecutionCursor,
  ExecutionRecord,
  NewExecution,
  StepRunRecord,
} from '../store/repos/engine.js';
import { type EngineSettings, formatBytes, heartbeatEveryMs, leaseNeedsRenewal } from './settings.js';

/** What the runner needs. */
export interface RunnerDeps {
  platform: EngineDeps;
  repo: EngineRepo;
  /** Group commit of the runner's writes (SQLite); reads go straight to `repo`. */
  write: WriteBatcher;
  settings: EngineSettings;
  /** The guarded client for apps on the internet (allowlist from the configuration). */
  http: HttpClient;
  /** The client for Junction's own Demo CRM: its allowlist is only the public URL's host:port. */
  selfHttp: HttpClient;
  /** Wakes the execution up at `atMs` (a timer or a delayed job). */
  wakeAt: (executionId: string, atMs: number) => void;
  /** The record of an execution its ingest inserted claimed (./preclaim.ts), if any. */
  preclaimed?: (executionId: string) => ExecutionRecord | undefined;
  /** The row of a fresh execution this process's ingest inserted queued (./preclaim.ts), if any. */
  waitingRow?: (executionId: string) => NewExecution | undefined;
}

/** How one walk ended. */
export type RunOutcome = 'not-claimed' | 'waiting' | 'cancelled' | ExecutionStatus;

const PLAN_CACHE_SIZE = 256;

/** Builds the runner. */
export function createRunner(deps: RunnerDeps) {
  const { platform, repo, settings } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();
  const plans = new Map<string, WorkflowPlan>();
  /** Runs writes in one group-committed round, after saving a step record held back for it. */
  const commit = <T>(held: StepRunRecord | undefined, fn: (r: EngineWriter) => Promise<T>) =>
    deps.write(async (writer) => {
      if (held) await writer.saveStepRun(held);
      return fn(writer);
    });

  function planOf(execution: ExecutionRecord): WorkflowPlan {
    const key = `${execution.workflowId}:${execution.workflowRevision}:${execution.rerunOf ?? ''}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = compileWorkflow(execution.document as WorkflowData);
      if (plans.size >= PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value as string);
      plans.set(key, plan);
    }
    return plan;
  }

  const { claim, renewOne, finishOne } = createClaimFinish({
    write: deps.write,
    now: platform.now,
    leaseMs: settings.leaseMs,
  });

  /**
   * Claims a fresh execution this process inserted queued, building its record from the row
   * kept in memory (./preclaim.ts): a conditional UPDATE without RETURNING, in a group-commit
   * round. Undefined when there is no such row, or it is no longer queued (cancelled, or claimed
   * by the reconciler): the normal claim decides then. Only where writes share a round (SQLite);
   * on PostgreSQL the normal claims of one turn already share a statement.
   */
  async function claimWaiting(executionId: string): Promise<ExecutionRecord | undefined> {
    const row = deps.waitingRow?.(executionId);
    if (!row || deps.write.autocommit) return undefined;
    const at = platform.now();
    const claimedAt = iso(at);
    const leaseUntil = iso(at + settings.leaseMs);
    const taken = await deps.write.direct((r) => r.claimQueued(executionId, claimedAt, leaseUntil));
    return taken ? queuedRecord(row, claimedAt, leaseUntil) : undefined;
  }

  /** Runs (or resumes) one execution; answers how the walk ended. */
  async function run(executionId: string): Promise<RunOutcome> {
    const execution = deps.preclaimed?.(executionId) ?? (await claimWaiting(executionId)) ?? (await claim(executionId));
    if (!execution) return 'not-claimed';
    try {
      return await walk(execution);
    } catch (error) {
      platform.logger.error({ executionId, err: String(error) }, 'Execution crashed');
      await deps.write.direct((r) =>
        r.finish(executionId, 'failed', `The run stopped unexpectedly: ${describe(error)}`, iso(platform.now())),
      );
      return 'failed';
    }
  }

  /**
   * Runs one step while renewing the execution's lease every quarter of it, so a step longer
   * than the (short) lease never lets another worker take a live run for dead. A failed renewal
   * is logged; the next beat tries again.
   */
  async function withHeartbeat<T>(id: string, work: () => Promise<T>, renewed: (leaseEnd: number) => void): Promise<T> {
    const beat = setInterval(() => {
      const now = platform.now();
      renewOne({ step: undefined, id, leaseUntil: iso(now + settings.leaseMs), now: iso(now) }).then(
        (running) => {
          if (running) renewed(now + settings.leaseMs);
        },
        (error: unknown) => platform.logger.warn({ err: String(error), executionId: id }, 'Lease heartbeat failed'),
      );
    }, heartbeatEveryMs(settings.leaseMs));
    beat.unref();
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  async function walk(execution: ExecutionRecord): Promise<RunOutcome> {
    const id = execution.id;
    const plan = planOf(execution);
    const cursor: ExecutionCursor = { delays: { ...execution.cursor.delays } };
    /** The last step's record, saved with the next write (checkpoint, wait or finish). */
    let held: StepRunRecord | undefined;
    /** When this worker's lease on the execution ends (epoch ms; NaN if unknown: renew). */
    let leaseEnd = execution.leaseUntil === null ? Number.NaN : Date.parse(execution.leaseUntil);
    // The last step's record and the end of the execution: one atomic statement on PostgreSQL.
    const finish = async (status: ExecutionStatus, error: string | null) => {
      const ended = (await finishOne({ step: held, id, status, error, now: iso(platform.now()) }))
        ? status
        : 'cancelled';
      metrics.executionFinished(ended);
      return ended;
    };
    const park = async (until: string) => {
      const parked = await commit(held, (r) => r.wait(id, until, cursor, iso(platform.now())));
      if (!parked) return 'cancelled';
      deps.wakeAt(id, Date.parse(until));
      return 'waiting';
    };
    if (!plan.isRunnable || !plan.trigger) {
      const problem = plan.problems.find((p) => p.severity === 'error');
      return finish('failed', `The workflow cannot run: ${problem?.text ?? 'it has no trigger step.'}`);
    }
    // A first claim of a fresh execution has no step records yet; a resume or a re-run does.
    const fresh = execution.attempt <= 1 && execution.rerunOf === null && !execution.cursor.delays;
    const records = new Map(fresh ? [] : (await repo.listStepRuns(id)).map((r) => [r.stepId, r]));
    const outputs = new Map<string, unknown>([[plan.trigger.stepId, execution.triggerData]]);
    const resolve = createFilterResolver(outputs);
    const incoming = incomingLinksOf(plan);
    /** Steps whose children may run (succeeded, and not a filter that said no). */
    const open = new Set<string>([plan.trigger.stepId]);
    /** Steps that ran behind a filter. */
    const behindFilter = new Set<string>();
    let stoppedByFilter = false;
    let ranBehindFilter = false;
    let executed = 0;

    for (const step of plan.steps) {
      let reached = false;
      let passed = false;
      let viaFilter = false;
      let linkDelay = 0;
      for (const { source, link } of incoming.get(step.id) ?? []) {
        if (!open.has(source)) continue;
        reached = true;
        if (evaluateFilter(link.groups, resolve)) {
          passed = true;
          linkDelay = Math.max(linkDelay, link.delaySeconds);
          if (link.groups.length > 0 || behindFilter.has(source) || isFilterStep(plan, source)) viaFilter = true;
        }
      }
      if (!passed) {
        if (reached) stoppedByFilter = true;
        continue;
      }
      const record = records.get(step.id);
      if (record?.status === 'succeeded') {
        outputs.set(step.id, record.output);
        if (!isStoppingFilter(step, record.output)) open.add(step.id);
        if (viaFilter) behindFilter.add(step.id);
        continue;
      }

      const delaySeconds = step.delaySeconds + linkDelay;
      if (delaySeconds > 0 && record?.status !== 'waiting') {
        const delays = cursor.delays ?? {};
        const until = delays[step.id] ?? iso(platform.now() + delaySeconds * 1000);
        if (Date.parse(until) > platform.now()) {
          delays[step.id] = until;
          return park(until);
        }
      }
      // Between steps, a checkpoint: the previous step's record, the lease extended when a
      // quarter of it has passed (settings.ts), and a stop if the execution was cancelled
      // meanwhile. One statement on PostgreSQL (a data-modifying CTE), shared by the
      // checkpoints of one event-loop turn.
      if (executed > 0) {
        const now = platform.now();
        const extend = leaseNeedsRenewal(leaseEnd, now, settings.leaseMs);
        const leaseUntil = extend ? iso(now + settings.leaseMs) : null;
        const running = await renewOne({ step: held, id, leaseUntil, now: iso(now) });
        held = undefined;
        if (!running) return 'cancelled';
        if (extend) leaseEnd = now + settings.leaseMs;
      }
      executed += 1;

      let result: StepResult;
      if (record?.status === 'waiting') {
        result = { ok: true, input: record.input, output: record.output, attempts: record.attempts };
      } else {
        result = await withHeartbeat(
          id,
          () => runStep(execution, step, outputs),
          (until) => {
            leaseEnd = until;
          },
        );
      }
      const started = record?.startedAt ?? result.startedAt ?? iso(platform.now());
      const resumeAt = delayEnd(step, result);
      if (result.ok && resumeAt && Date.parse(resumeAt) > platform.now()) {
        held = stepRun(id, step.id, 'waiting', result, started, null);
        return park(resumeAt);
      }
      held = stepRun(id, step.id, result.ok ? 'succeeded' : 'failed', result, started, iso(platform.now()));
      if (!result.ok) {
        return finish('failed', `Step "${step.name || step.id}" failed: ${result.error}`);
      }
      outputs.set(step.id, result.output);
      if (isStoppingFilter(step, result.output)) stoppedByFilter = true;
      else open.add(step.id);
      if (viaFilter) {
        behindFilter.add(step.id);
        ranBehindFilter = true;
      }
    }
    return finish(stoppedByFilter && !ranBehindFilter ? 'filtered' : 'succeeded', null);
  }

  interface StepResult {
    ok: boolean;
    input: unknown;
    output: unknown;
    error?: string;
    attempts: number;
    startedAt?: string;
  }

  async function runStep(
    execution: ExecutionRecord,
    step: PlanStep,
    outputs: Map<string, unknown>,
  ): Promise<StepResult> {
    const startedAt = iso(platform.now());
    // Filter and loop-end steps without an app only shape the walk.
    if (step.app === '') return { ok: true, input: null, output: null, attempts: 0, startedAt };
    // JSON bodies get references as JSON values, never spliced text (core's resolveFieldValue),
    // and the input is counted while it is built: a field repeating a large value is refused
    // before it exists.
    const resolved = resolveFieldsWithin(step.fields, outputs, settings.stepInputLimit);
    if (!resolved.ok) {
      const error = `its input is larger than ${formatBytes(resolved.maxBytes)} once its references are filled in (the limit is STEP_INPUT_LIMIT).`;
      return { ok: false, input: null, output: { error }, error, attempts: 0, startedAt };
    }
    const values = resolved.values;
    const app = await platform.registry.resolve(execution.tenantId, step.app, { action: step.event });
    if (!app)
      return {
        ok: false,
        input: values,
        output: null,
        error: `the app '${step.app}' is not available.`,
        attempts: 0,
        startedAt,
      };
    let credential: Record<string, string> | undefined;
    if (step.credentialId) {
      try {
        credential = await platform.credentialResolver.valuesFor(execution.tenantId, step.credentialId, app);
      } catch (error) {
        const reason = error instanceof Problem ? (error.detail ?? error.message) : describe(error);
        return {
          ok: false,
          input: values,
          output: null,
          error: `its connected account could not be used (${reason}).`,
          attempts: 0,
          startedAt,
        };
      }
    }
    const isSelf = app.appSlug === 'demo-crm' && isBuiltinApp(app.appSlug);
    let attempts = 0;
    const stepStarted = performance.now();
    const outcome = await withTimeout(
      executeStep({
        app,
        actionKey: step.event,
        values,
        credential,
        base: appBaseUrl(app, platform.config.publicUrl),
        http: isSelf ? deps.selfHttp : deps.http,
        retries: {
          max: settings.stepRetries,
          baseMs: settings.stepRetryBaseMs,
          maxDelayMs: Math.min(30_000, settings.stepTimeoutMs),
          onRetry: () => {
            attempts += 1;
          },
        },
        now: () => new Date(platform.now()),
        // The same key on retries and after a crash mid-step: a target that honours it acts once.
        idempotencyKey: `${execution.id}:${step.id}`,
        // Custom code waits for a sandbox within the step's own time limit, in its workspace's share.
        workspace: execution.tenantId,
        deadline: Date.now() + settings.stepTimeoutMs,
      }),
      settings.stepTimeoutMs,
    );
    attempts += 1;
    const stepOutcome =
      outcome === 'timeout' || outcome.error?.code === 'timeout' ? 'timeout' : outcome.error ? 'error' : 'ok';
    metrics.stepDuration((performance.now() - stepStarted) / 1000, stepOutcome);
    if (outcome === 'timeout') {
      return {
        ok: false,
        input: values,
        output: { error: `Timed out after ${formatSeconds(settings.stepTimeoutMs)}.` },
        error: `it timed out after ${formatSeconds(settings.stepTimeoutMs)}.`,
        attempts,
        startedAt,
      };
    }
    // Another workspace's published app: its request (the author's URL, headers, body) is not recorded.
    const owner = appOwnerOf(app);
    const recorded = owner === undefined || owner === execution.tenantId ? outcome : withoutAuthorRequest(outcome);
    if (outcome.error?.code === 'timeout') {
      // The client's own limit is the step's: say it the same way.
      return {
        ...toResult(values, recorded, attempts, startedAt),
        error: `it timed out after ${formatSeconds(settings.stepTimeoutMs)}.`,
      };
    }
    return toResult(values, recorded, attempts, startedAt);
  }

  return { run };
}

/**
 * A step outcome of another workspace's published app as its run records it: no request, and
 * the app's address and host out of the error text (a network error quotes where it failed).
 * An answer the service sent stays: it is the service's to give.
 */
function withoutAuthorRequest(outcome: StepExecution): StepExecution {
  const url = outcome.request?.url;
  const error = outcome.error;
  if (!url || !error) return { ...outcome, request: undefined };
  const host = URL.canParse(url) ? new URL(url).host : '';
  let message = error.message.split(url).join("the app's address");
  message = message.replace(/https?:\/\/\S+/g, (found) => (host && found.includes(host) ? "the app's address" : found));
  if (host) message = message.split(host).join("the app's host");
  const output = outcome.response ? outcome.output : { error: message };
  return { ...outcome, request: undefined, error: { ...error, message }, output };
}

function toResult(values: unknown, outcome: StepExecution, attempts: number, startedAt: string) {
  const input = outcome.request ? { values, request: outcome.request } : { values };
  if (outcome.ok) return { ok: true, input, output: outcome.output, attempts, startedAt };
  const retried = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  return {
    ok: false,
    input,
    output: outcome.output,
    error: `${outcome.error?.message ?? 'it failed.'}${retried}`,
    attempts,
    startedAt,
  };
}

function stepRun(
  executionId: string,
  stepId: string,
  status: StepRunRecord['status'],
  result: { input: unknown; output: unknown; error?: string; attempts: number },
  startedAt: string,
  finishedAt: string | null,
): StepRunRecord {
  return {
    executionId,
    stepId,
    status,
    input: result.input,
    output: result.output,
    error: result.error ?? null,
    attempts: result.attempts,
    startedAt,
    finishedAt,
  };
}

/** Each plan's incoming links, built once per plan (plans are cached and never changed). */
const incomingByPlan = new WeakMap<WorkflowPlan, Map<string, { source: string; link: PlanLink }[]>>();

/** Each step's incoming links, with their source: the walk reads them for every step of every run. */
function incomingLinksOf(plan: WorkflowPlan): Map<string, { source: string; link: PlanLink }[]> {
  let links = incomingByPlan.get(plan);
  if (!links) {
    links = incomingLinks(plan);
    incomingByPlan.set(plan, links);
  }
  return links;
}

/** Each step's incoming links, with their source. */
function incomingLinks(plan: WorkflowPlan): Map<string, { source: string; link: PlanLink }[]> {
  const map = new Map<string, { source: string; link: PlanLink }[]>();
  const add = (source: string, links: PlanLink[]) => {
    for (const link of links) {
      const list = map.get(link.targetId) ?? [];
      list.push({ source, link });
      map.set(link.targetId, list);
    }
  };
  if (plan.trigger) add(plan.trigger.stepId, plan.trigger.next);
  for (const step of plan.steps) add(step.id, step.next);
  return map;
}

function isFilterStep(plan: WorkflowPlan, stepId: string): boolean {
  const step = plan.steps.find((s) => s.id === stepId);
  return step !== undefined && (step.kind === 'filter' || step.app === 'filter');
}

/** A Filter app step whose conditions did not pass: its branch ends here. */
function isStoppingFilter(step: PlanStep, output: unknown): boolean {
  return (
    step.app === 'filter' &&
    typeof output === 'object' &&
    output !== null &&
    (output as { passed?: unknown }).passed === false
  );
}

/** The resume time a Delay app step asked for, if any. */
function delayEnd(step: PlanStep, result: { ok: boolean; output: unknown }): string | undefined {
  if (step.app !== 'delay' || !result.ok || typeof result.output !== 'object' || result.output === null)
    return undefined;
  const resumeAt = (result.output as { resumeAt?: unknown }).resumeAt;
  return typeof resumeAt === 'string' ? resumeAt : undefined;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
