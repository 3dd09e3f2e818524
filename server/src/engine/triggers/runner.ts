/**
 * Running a due trigger: one schedule tick or one poll, on the workflow's stored document as
 * it is now (a save while ON takes effect at the next tick or poll, without re-activation).
 * Used by the in-process scheduler and by the BullMQ worker alike. Failures never throw: they
 * are logged and stored on the subscription (`last_error`), where the activation view shows them.
 */
import { compileWorkflow, type WorkflowDocument } from '@junction/core';
import { Problem } from '../../kernel/errors.js';
import type { ScheduleSpec } from '../../integrations/builtin/schedule.js';
import { executeStep } from '../../integrations/executor.js';
import { createRedactor } from '../../security/redact.js';
import type { TriggerContext } from './context.js';
import { describePlanTrigger, type TriggerSetup } from './describe.js';
import { extractItems, pollEvents } from './polling.js';
import { PRUNE_EVERY_MS, prunePollKeys, pruneScheduleKeys } from '../../store/repos/trigger-events.js';
import { isScheduledTick, latestDueTick, nextTick, scheduleTickEvent } from './schedules.js';
import type { SubscriptionRecord } from '../../store/repos/triggers.js';

/** A polling trigger, described. */
export type PollingSetup = Extract<TriggerSetup, { kind: 'polling' }>;

/** The outcome of one poll. */
export type PollResult =
  | { ok: true; fired: number; withoutKey: number; dedupeKeys: string[] }
  | { ok: false; error: string };

/** Poll retries on network errors, 429 and 5xx before the poll counts as failed. */
const POLL_RETRIES = { max: 2, baseMs: 500 };

/**
 * Replaces the credential's values (4 characters or more, every one, in each encoded form) in
 * a message that is stored and shown: an app may echo the key it refused in its error body.
 */
export function hideSecrets(text: string, credential: Record<string, string> | undefined): string {
  const values = Object.values(credential ?? {}).filter((value): value is string => typeof value === 'string');
  return createRedactor(values).text(text);
}

/** A message from anything thrown. */
export function reasonOf(error: unknown): string {
  if (error instanceof Problem) return error.detail ?? error.title;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Polls once: calls the list action with the step's credential, keys the items and ingests
 * them (only recording the keys when `recordOnly`). Never throws.
 */
export async function pollNow(
  ctx: TriggerContext,
  setup: PollingSetup,
  target: { tenantId: string; workflowId: string },
  recordOnly: boolean,
): Promise<PollResult> {
  try {
    const credential = setup.credentialId
      ? await ctx.deps.credentialResolver.valuesFor(target.tenantId, setup.credentialId, setup.app)
      : undefined;
    const result = await executeStep({
      app: setup.app,
      actionKey: setup.actionKey,
      values: setup.values,
      credential,
      base: ctx.deps.config.publicUrl,
      http: ctx.httpFor(setup.app),
      retries: POLL_RETRIES,
      now: () => new Date(ctx.deps.now()),
    });
    if (!result.ok) {
      const error = result.error?.message ?? `${setup.app.appName} did not answer.`;
      return { ok: false, error: hideSecrets(error, credential) };
    }
    const extracted = extractItems(result.output, setup.dataHead, setup.dedupeKey);
    if (!extracted.ok) return { ok: false, error: extracted.error };
    const events = pollEvents({ ...target, stepId: setup.stepId }, extracted.items, recordOnly);
    const outcomes = await ctx.engine.ingest(events);
    const fired = outcomes.filter((o) => o.status === 'accepted').length;
    const dedupeKeys = events.map((event) => event.dedupeKey as string);
    return { ok: true, fired, withoutKey: extracted.withoutKey, dedupeKeys };
  } catch (error) {
    return { ok: false, error: reasonOf(error) };
  }
}

/** The workflow's trigger as its stored document describes it now, or why it cannot run. */
async function currentSetup(
  ctx: TriggerContext,
  sub: SubscriptionRecord,
): Promise<{ setup?: TriggerSetup; error?: string; active: boolean; gone?: boolean }> {
  const workflow =
    sub.workflow !== undefined ? sub.workflow : await ctx.deps.repos.workflows.get(sub.tenantId, sub.workflowId);
  if (!workflow) return { active: false, gone: true };
  const trigger = compileWorkflow(workflow.document as WorkflowDocument).trigger;
  if (!trigger) return { active: workflow.active, error: 'The workflow no longer has a trigger step.' };
  try {
    return { active: workflow.active, setup: await describePlanTrigger(trigger, sub.tenantId, ctx.deps.registry) };
  } catch (error) {
    return { active: workflow.active, error: reasonOf(error) };
  }
}

async function fail(ctx: TriggerContext, sub: SubscriptionRecord, message: string): Promise<void> {
  ctx.deps.logger.warn({ workflowId: sub.workflowId, tenantId: sub.tenantId, kind: sub.kind }, message);
  await ctx.subs.recordRun(sub.workflowId, message, ctx.nowIso());
}

async function succeed(ctx: TriggerContext, sub: SubscriptionRecord): Promise<void> {
  await ctx.subs.recordRun(sub.workflowId, null, ctx.nowIso());
}

const CHANGED_KIND = 'The trigger changed while the workflow was ON: switch the workflow OFF and ON again.';

// Key by key: PostgreSQL's jsonb gives the stored spec back with its keys reordered.
function sameSpec(stored: unknown, spec: ScheduleSpec): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const a = stored as Record<string, unknown>;
  const b = spec as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** How a scan moves a schedule's `next_run_at` on (applied in one transaction per scan). */
export interface ScheduleClaim {
  workflowId: string;
  expected: string | null;
  next: string | null;
  /** A successful run: `last_run_at` set and the error cleared with the claim. */
  finished: boolean;
}

/**
 * Runs a due schedule found by the in-process scan: ingests the latest due tick (dedupe key
 * `schedule:{tick}`) and answers how to move `next_run_at` on; undefined keeps the row due (a
 * failed ingest is tried again at the next scan). Several processes may run the same tick: the
 * dedupe key keeps it to one execution, and only one of them moves the row.
 */
export async function runDueSchedule(ctx: TriggerContext, sub: SubscriptionRecord): Promise<ScheduleClaim | undefined> {
  if (sub.nextRunAt === null) return undefined;
  const now = new Date(ctx.deps.now());
  const stored = (sub.state as { spec?: ScheduleSpec }).spec;
  const current = await currentSetup(ctx, sub);
  if (current.gone) return undefined;
  const spec = current.setup?.kind === 'schedule' ? current.setup.spec : stored;
  const following = spec ? nextTick(spec, now) : undefined;
  const claim = (finished: boolean): ScheduleClaim => ({
    workflowId: sub.workflowId,
    expected: sub.nextRunAt,
    next: following?.toISOString() ?? null,
    finished,
  });
  if (!current.active) return claim(false);
  if (current.setup?.kind !== 'schedule') {
    await fail(ctx, sub, current.error ?? CHANGED_KIND);
    return claim(false);
  }
  if (!sameSpec(stored, current.setup.spec)) {
    // The schedule was edited while ON: re-arm on the new one from now, without firing the old tick.
    const state = { ...sub.state, spec: current.setup.spec };
    await ctx.subs.setState(sub.workflowId, current.setup.stepId, state, ctx.nowIso());
    return claim(false);
  }
  const tick = latestDueTick(current.setup.spec, new Date(sub.nextRunAt), now);
  const outcome = await fireTick(ctx, sub, current.setup, tick, false);
  if (outcome === 'fired') return claim(true);
  return outcome === 'failed' ? claim(false) : undefined;
}

/**
 * Runs one tick delivered by a BullMQ job scheduler (`tick` = the job's scheduled time). A
 * schedule edited while ON is stored and handed to `rearm` (the scheduler upserts its job
 * scheduler); the tick of the old schedule does not fire.
 */
export async function runScheduledJob(
  ctx: TriggerContext,
  sub: SubscriptionRecord,
  tick: Date,
  rearm: (sub: SubscriptionRecord) => Promise<void>,
): Promise<void> {
  const current = await currentSetup(ctx, sub);
  if (current.gone || !current.active) return;
  if (current.setup?.kind !== 'schedule') {
    await fail(ctx, sub, current.error ?? CHANGED_KIND);
    return;
  }
  if (!sameSpec(sub.state.spec, current.setup.spec)) {
    const state = { ...sub.state, spec: current.setup.spec };
    await ctx.subs.setState(sub.workflowId, current.setup.stepId, state, ctx.nowIso());
    await rearm({ ...sub, stepId: current.setup.stepId, state });
    return;
  }
  // Every-N-days schedulers fire daily, and `every` schedulers fire once at once: keep real ticks only.
  if (!isScheduledTick(current.setup.spec, tick)) return;
  await fireTick(ctx, sub, current.setup, tick, true);
}

async function fireTick(
  ctx: TriggerContext,
  sub: SubscriptionRecord,
  setup: Extract<TriggerSetup, { kind: 'schedule' }>,
  tick: Date,
  /** Record the success here (BullMQ); the scan records it with its claim instead. */
  recordSuccess: boolean,
): Promise<'fired' | 'failed' | 'retry'> {
  const event = scheduleTickEvent(sub, setup.values, tick);
  if ('error' in event) {
    await fail(ctx, sub, `The schedule of "${setup.stepName}" is not valid: ${event.error}`);
    return 'failed';
  }
  try {
    await ctx.engine.ingest([event]);
  } catch (error) {
    await fail(ctx, sub, `The scheduled run of ${tick.toISOString()} could not be recorded: ${reasonOf(error)}`);
    return 'retry';
  }
  if (recordSuccess) await succeed(ctx, sub);
  await pruneWhenDue(ctx, sub, setup.stepId, (db, now) => pruneScheduleKeys(db, sub.workflowId, now));
  return 'fired';
}

/** Prunes the workflow's seen keys at most once a day (see prune.ts for the bound). */
async function pruneWhenDue(
  ctx: TriggerContext,
  sub: SubscriptionRecord,
  stepId: string,
  prune: (db: TriggerContext['deps']['handle']['db'], now: number) => Promise<number>,
): Promise<void> {
  const now = ctx.deps.now();
  const last = Date.parse(String(sub.state.prunedAt ?? ''));
  if (Number.isFinite(last) && now - last < PRUNE_EVERY_MS) return;
  try {
    const removed = await prune(ctx.deps.handle.db, now);
    await ctx.subs.setState(
      sub.workflowId,
      stepId,
      { ...sub.state, prunedAt: new Date(now).toISOString() },
      ctx.nowIso(),
    );
    if (removed > 0) ctx.deps.logger.info({ workflowId: sub.workflowId, removed }, 'Pruned seen trigger keys');
  } catch (error) {
    ctx.deps.logger.warn({ workflowId: sub.workflowId, err: reasonOf(error) }, 'Pruning seen trigger keys failed');
  }
}

/**
 * Runs one poll of a subscription. With `claim` (the in-process scan), the process that moves
 * `next_run_at` first polls and the others skip. A trigger step replaced while ON is re-primed
 * (its keys recorded without firing), so a new step does not fire for every existing item.
 */
export async function runPoll(ctx: TriggerContext, sub: SubscriptionRecord, claim: boolean): Promise<void> {
  if (claim) {
    const next = new Date(ctx.deps.now() + ctx.pollIntervalMs).toISOString();
    if (!(await ctx.subs.claim(sub.workflowId, sub.nextRunAt, next, ctx.nowIso()))) return;
  }
  const current = await currentSetup(ctx, sub);
  if (current.gone || !current.active) return;
  if (current.setup?.kind !== 'polling') {
    await fail(ctx, sub, current.error ?? CHANGED_KIND);
    return;
  }
  const setup = current.setup;
  const isNewStep = setup.stepId !== sub.stepId;
  const result = await pollNow(ctx, setup, sub, isNewStep);
  if (!result.ok) {
    await fail(ctx, sub, `Polling "${setup.stepName}" failed: ${result.error}`);
    return;
  }
  if (isNewStep) await ctx.subs.setState(sub.workflowId, setup.stepId, sub.state, ctx.nowIso());
  else {
    const listed = result.dedupeKeys;
    await pruneWhenDue(ctx, sub, setup.stepId, (db, now) => prunePollKeys(db, sub.workflowId, listed, now));
  }
  if (result.withoutKey > 0) {
    await fail(
      ctx,
      sub,
      `Polling "${setup.stepName}": ${result.withoutKey} item(s) had no '${setup.dedupeKey}' (the trigger's Unique ID Key) and were skipped.`,
    );
    return;
  }
  await succeed(ctx, sub);
}
