/**
 * Activation (editor-core 4.2): switching a workflow ON checks it (core's
 * `activationProblems`), sets its trigger up and stores it with `workflows.active = 1` in one
 * transaction; switching OFF tears the trigger down (an app webhook is unsubscribed through
 * its delete call; schedules and polls stop) and stores `active = 0`. Any failure answers 422
 * with the reason and leaves the workflow as it was (OFF stays OFF, ON stays ON).
 */
import { randomUUID } from 'node:crypto';
import { compileWorkflow, type WorkflowDocument } from '@junction/core';
import { conflict, notFound, PROBLEM_CODES, unprocessable } from '../../kernel/errors.js';
import { createHookHandshakes } from '../../integrations/hooks/handshakes.js';
import type { ActivationStatus, ActivationView, TriggersService } from '../../kernel/contracts/triggers.js';
import type { AuthContext } from '../../kernel/types.js';
import type { WorkflowRecord } from '../../store/repos/workflows.js';
import type { TriggerContext } from './context.js';
import { checkActivation, describeTrigger, type TriggerSetup } from './describe.js';
import { pollNow, reasonOf } from './runner.js';
import type { TriggerScheduler } from './scheduler.js';
import { nextTick } from './schedules.js';
import type { SubscriptionRecord } from '../../store/repos/triggers.js';
import { subscribeApp, unsubscribeApp, webhookUrl } from './subscriptions.js';
import { createSubscriptionIntents, unsubscribeStored } from './intents.js';
import { createSubscriptionsRepo } from '../../store/repos/triggers.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database.js';
import { inTransaction } from '../../store/repos/transaction.js';
import { createWorkflowReleasesRepo, type ReleaseRecord } from '../../store/repos/workflow-releases.js';
import { recordRelease, recordReleaseIn, releaseAuthor, toVersionView } from './release-record.js';

/**
 * What of a document's trigger needs a new set-up when it changes (step, app, event, account,
 * field values): a publish that changes none of it keeps the webhook subscription, the schedule
 * and the polling cursor as they are.
 */
function triggerKey(document: unknown): string {
  const trigger = compileWorkflow(document as WorkflowDocument).trigger;
  if (!trigger) return '';
  return JSON.stringify({ ...trigger, name: '' });
}

/** What a set-up produced, before it is stored. */
interface Prepared {
  state: Record<string, unknown>;
  message: string;
  nextRunAt: string | null;
  /** The intent of an app subscription made for it, settled by the commit that stores it (intents.ts). */
  intentId?: string;
  /** Undo for a set-up whose commit failed (an app subscription to remove). */
  undo?: () => Promise<void>;
}

/** A replaced app subscription kept under a row id of its own until the app confirms its removal. */
interface Retiring {
  record: SubscriptionRecord;
  id: string;
}

/** How long a workflow stored ON whose trigger could not be set up waits before another try. */
const ADOPT_RETRY_MS = 5 * 60_000;
/** Workflows stored ON without a trigger, adopted per pass. */
const UNARMED_BATCH = 200;

/** Builds the service over the shared context and a scheduler. */
export function createTriggersService(
  ctx: TriggerContext,
  scheduler: TriggerScheduler,
): TriggersService & { armUnarmed(): Promise<void>; cleanUp(): Promise<void>; sweepIntents(): Promise<void> } {
  const { deps, subs } = ctx;
  const intents = createSubscriptionIntents(ctx);
  const releases = createWorkflowReleasesRepo(deps.handle.db);
  // Handshake secrets of the subscribed apps (Asana's X-Hook-Secret window, Graph's clientState).
  const handshakes = createHookHandshakes(deps);
  // One activation at a time per workflow in this process (a double click, two tabs).
  const locks = new Map<string, Promise<unknown>>();
  const serial = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = locks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    locks.set(key, next);
    void next
      .finally(() => {
        if (locks.get(key) === next) locks.delete(key);
      })
      .catch(() => undefined);
    return next;
  };

  const appCall = async (tenantId: string, setup: Extract<TriggerSetup, { app: unknown }>) => ({
    app: setup.app,
    credential: setup.credentialId
      ? await deps.credentialResolver.valuesFor(tenantId, setup.credentialId, setup.app)
      : undefined,
    base: deps.config.publicUrl,
    http: ctx.httpFor(setup.app),
  });

  const hookUrlOf = (workflow: WorkflowRecord) => webhookUrl(deps.config.publicUrl, ctx.hookKeyFor(workflow));

  async function prepare(
    workflow: WorkflowRecord,
    setup: TriggerSetup,
    existing: SubscriptionRecord | undefined,
  ): Promise<Prepared> {
    const tenantId = workflow.tenantId;
    const sameStep =
      existing?.kind === setup.kind && existing.stepId === setup.stepId && existing.app === setup.appSlug;
    switch (setup.kind) {
      case 'webhook':
        return { state: {}, message: `Listening for requests at ${hookUrlOf(workflow)}`, nextRunAt: null };
      case 'failure':
        return { state: {}, message: 'Runs when another workflow of this workspace fails.', nextRunAt: null };
      case 'form': {
        // Forms are addressed by their own id, never the workflow's.
        const formId = typeof setup.values.formId === 'string' ? setup.values.formId : '';
        const formUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/form/${encodeURIComponent(formId)}`;
        return { state: {}, message: `Listening for submissions of ${formUrl}`, nextRunAt: null };
      }
      case 'schedule': {
        const next = nextTick(setup.spec, new Date(deps.now()));
        if (!next) throw unprocessable(`The schedule of "${setup.stepName}" never fires.`, 'active');
        return {
          // The first prune of seen keys is due a day after activation.
          state: { spec: setup.spec, prunedAt: new Date(deps.now()).toISOString() },
          message: `Next run at ${next.toISOString()} (${setup.spec.timezone}).`,
          nextRunAt: next.toISOString(),
        };
      }
      case 'polling': {
        const seconds = Math.round(ctx.pollIntervalMs / 1000);
        const message = `Checking ${setup.app.appName} for new items every ${seconds} seconds.`;
        const nextRunAt = new Date(deps.now() + ctx.pollIntervalMs).toISOString();
        // Already ON on this step: its keys are recorded; priming again would drop new items.
        if (sameStep) return { state: existing.state, message, nextRunAt };
        // The first poll remembers what exists and fires nothing; it also proves the
        // credential and the list action work before the workflow is ON.
        const primed = await pollNow(ctx, setup, { tenantId, workflowId: workflow.id }, true);
        if (!primed.ok) throw unprocessable(`Could not read "${setup.stepName}": ${primed.error}`, 'active');
        return { state: { prunedAt: new Date(deps.now()).toISOString() }, message, nextRunAt };
      }
      case 'app-webhook': {
        const hookUrl = hookUrlOf(workflow);
        const message = `${setup.app.appName} sends new events to ${hookUrl}`;
        if (sameStep && existing.state.hookUrl === hookUrl) return { state: existing.state, message, nextRunAt: null };
        const call = await appCall(tenantId, setup);
        const hookKey = ctx.hookKeyFor(workflow);
        const values = await handshakes.prepareSubscription(
          tenantId,
          hookKey,
          setup.appSlug,
          setup.values,
          setup.event,
        );
        // Written down before the app is asked: a process dying before the commit leaves it to the sweep.
        const intentId = await intents.begin({
          tenantId,
          workflowId: workflow.id,
          app: setup.appSlug,
          event: setup.event,
          hookKey,
          hookUrl,
          unsubscribeKey: setup.unsubscribeKey,
          credentialId: setup.credentialId,
        });
        const outcome = await subscribeApp(call, setup.subscribeKey, values, hookUrl).catch(async (error) => {
          await intents.drop(intentId);
          throw error;
        });
        if (!outcome.ok) {
          await intents.drop(intentId);
          throw unprocessable(`${setup.app.appName} refused the webhook subscription: ${outcome.error}`, 'active');
        }
        const remove = async () => {
          const undone = await unsubscribeApp(call, setup.unsubscribeKey, outcome.answer, setup.values, hookUrl);
          return undone.ok ? undefined : undone.error;
        };
        if (!(await intents.answered(intentId, outcome.answer))) {
          await remove();
          throw unprocessable(`${setup.app.appName} took too long to answer the webhook subscription.`, 'active');
        }
        await ctx.crashPoints.afterSubscribeAnswer?.();
        // The credential id is kept for OFF after the workflow was deleted (its document is gone).
        const state = {
          subscription: outcome.answer,
          hookUrl,
          unsubscribeKey: setup.unsubscribeKey,
          credentialId: setup.credentialId,
        };
        return {
          state,
          message,
          nextRunAt: null,
          intentId,
          undo: () => intents.undo(intentId, remove),
        };
      }
    }
  }

  /** Removes an app webhook subscription; answers the error text when the app refused. */
  async function teardown(tenantId: string, sub: SubscriptionRecord): Promise<string | undefined> {
    if (sub.kind !== 'app-webhook') return undefined;
    const state = sub.state as { hookUrl?: string };
    const problem = await unsubscribeStored(ctx, tenantId, { ...sub.state, app: sub.app });
    if (problem) return problem;
    const hookKey = state.hookUrl?.split('/hooks/')[1];
    if (hookKey) await handshakes.forget(decodeURIComponent(hookKey));
    return undefined;
  }

  /** A replaced app subscription, to keep for removal in the commit that replaces it. */
  function retiringOf(workflowId: string, existing: SubscriptionRecord | undefined, prepared: Prepared) {
    if (existing?.kind !== 'app-webhook' || existing.state === prepared.state) return undefined;
    return { record: existing, id: `${workflowId}~retired~${randomUUID()}` };
  }

  /**
   * In the commit's transaction: settles the set-up's intent (refused when the sweep took it
   * meanwhile, which fails the commit) and keeps the replaced app subscription for removal.
   */
  async function commitIn(trx: Kysely<Database>, prepared: Prepared, retiring: Retiring | undefined) {
    if (prepared.intentId && !(await intents.settleIn(trx, prepared.intentId))) {
      throw unprocessable('Setting up the trigger took too long: switch the workflow ON again.', 'active');
    }
    if (retiring) await createSubscriptionsRepo(trx).retire(retiring.record, retiring.id);
  }

  /**
   * Past the commit: the replaced app subscription is removed now; when that fails its retired
   * row stays and the orphans' clean-up tries again.
   */
  async function removeRetired(tenantId: string, workflowId: string, retiring: Retiring | undefined) {
    if (!retiring) return;
    const problem = await teardown(tenantId, retiring.record);
    if (problem) deps.logger.warn({ workflowId }, `${problem} (tried again later)`);
    else await subs.forget(retiring.id);
  }

  async function switchOn(ctx2: AuthContext, workflow: WorkflowRecord): Promise<ActivationView> {
    const existing = await subs.get(ctx2.tenantId, workflow.id);
    let prepared: Prepared;
    let setup: TriggerSetup;
    try {
      setup = await describeTrigger(workflow.document as WorkflowDocument, ctx2.tenantId, deps.registry);
      prepared = await prepare(workflow, setup, existing);
    } catch (error) {
      // The editor saves `active: true` before it asks: a failed activation must leave the workflow OFF.
      if (!existing && workflow.active) await subs.deactivate(ctx2.tenantId, workflow.id, ctx.nowIso());
      throw error;
    }
    const record = toRecord(workflow, setup, prepared, existing);
    // A replaced app subscription (another step or app) is kept for removal in the same commit.
    const retiring = retiringOf(workflow.id, existing, prepared);
    let stored: boolean;
    try {
      stored = await inTransaction(deps.handle.db, async (trx) => {
        if (!(await createSubscriptionsRepo(trx).activate(record))) return false;
        await commitIn(trx, prepared, retiring);
        return true;
      });
    } catch (error) {
      await prepared.undo?.();
      throw error;
    }
    if (!stored) {
      await prepared.undo?.();
      throw notFound('Workflow');
    }
    await removeRetired(ctx2.tenantId, workflow.id, retiring);
    if (existing) await scheduler.disarm(workflow.id);
    await scheduler.arm(record);
    return { active: true, triggerMessage: prepared.message };
  }

  function toRecord(
    workflow: WorkflowRecord,
    setup: TriggerSetup,
    prepared: Prepared,
    existing: SubscriptionRecord | undefined,
  ): SubscriptionRecord {
    const at = ctx.nowIso();
    return {
      workflowId: workflow.id,
      tenantId: workflow.tenantId,
      stepId: setup.stepId,
      kind: setup.kind,
      app: setup.appSlug,
      event: setup.event,
      state: prepared.state,
      triggerMessage: prepared.message,
      nextRunAt: prepared.nextRunAt,
      lastRunAt: null,
      lastError: null,
      lastErrorAt: null,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
  }

  /**
   * Arms a workflow stored ON without going through activation (rows written before every
   * create went through activation). One that fails core's activation rule is stored OFF (it
   * could never run, and the list and `GET …/active` must agree); a trigger whose set-up fails
   * otherwise (an app that does not answer) is logged and tried again after ADOPT_RETRY_MS.
   */
  async function adopt(tenantId: string, workflowId: string): Promise<boolean> {
    const workflow = await deps.repos.workflows.get(tenantId, workflowId);
    if (!workflow?.active || (await subs.get(tenantId, workflowId))) return true;
    const problems = await checkActivation(workflow.document as WorkflowDocument, tenantId, deps.registry);
    if (problems.length > 0) {
      await subs.deactivate(tenantId, workflowId, ctx.nowIso());
      deps.logger.warn(
        { workflowId, problems: problems.map((p) => p.text) },
        'A workflow stored ON fails the activation rule: stored OFF',
      );
      return true;
    }
    try {
      const setup = await describeTrigger(workflow.document as WorkflowDocument, tenantId, deps.registry);
      const prepared = await prepare(workflow, setup, undefined);
      const record = toRecord(workflow, setup, prepared, undefined);
      const stored = await inTransaction(deps.handle.db, async (trx) => {
        if (!(await createSubscriptionsRepo(trx).adopt(record))) return false;
        await commitIn(trx, prepared, undefined);
        return true;
      }).catch(async (error) => {
        await prepared.undo?.();
        throw error;
      });
      if (!stored) {
        await prepared.undo?.();
        return true;
      }
      await scheduler.arm(record);
      deps.logger.info({ workflowId, kind: setup.kind }, 'Armed the trigger of a workflow stored ON');
      return true;
    } catch (error) {
      deps.logger.warn(
        { workflowId, err: reasonOf(error) },
        'A workflow stored ON has a trigger that cannot be set up',
      );
      return false;
    }
  }

  async function switchOff(ctx2: AuthContext, workflow: WorkflowRecord): Promise<ActivationView> {
    const existing = await subs.get(ctx2.tenantId, workflow.id);
    if (existing) {
      const problem = await teardown(ctx2.tenantId, existing);
      if (problem) throw unprocessable(problem, 'active');
    }
    if (!(await subs.deactivate(ctx2.tenantId, workflow.id, ctx.nowIso()))) throw notFound('Workflow');
    await scheduler.disarm(workflow.id);
    // OFF edits in place (core lifecycle): the draft becomes the document the editor shows.
    const draft = await releases.getDraft(ctx2.tenantId, workflow.id);
    if (draft !== undefined) {
      const document = { ...(draft as WorkflowDocument), active: false };
      await releases.publish(ctx2.tenantId, workflow.id, document, ctx.nowIso(), undefined);
    }
    return { active: false };
  }

  /** Publishes a draft (see TriggersService.publishDraft); runs inside the workflow's serial lane. */
  async function publish(
    auth: AuthContext,
    workflowId: string,
    input: { draft: WorkflowDocument; expectedRevision: number; note?: string },
  ) {
    const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
    if (!workflow) throw notFound('Workflow');
    if (!workflow.active) {
      throw conflict(
        'Switch the workflow ON to publish it: while OFF, edits are saved as they are.',
        'active',
        PROBLEM_CODES.workflowNotActive,
      );
    }
    const next = { ...input.draft, active: true };
    // The switch's checks on the draft: a refusal is the same 422 naming the steps.
    const setup = await describeTrigger(next, auth.tenantId, deps.registry);
    const existing = await subs.get(auth.tenantId, workflowId);
    const rearm = !existing || triggerKey(workflow.document) !== triggerKey(next);
    const record = { ...workflow, document: next };
    // A new event of the same app starts a new cursor; the same event keeps it.
    const prepared = rearm
      ? await prepare(record, setup, existing?.event === setup.event ? existing : undefined)
      : undefined;
    const armed = prepared ? toRecord(record, setup, prepared, existing) : undefined;
    // The app subscription the new set-up replaces: its removal is recorded with the publish.
    const retiring = prepared && retiringOf(workflowId, existing, prepared);
    const publishedBy = await releaseAuthor(deps, auth);
    // One transaction (DESIGN "A workflow's life"): the document that runs, the trigger's new
    // subscription and the version commit together or not at all, so a failure between them
    // never leaves a published draft without its trigger or its version.
    let version: ReleaseRecord;
    try {
      version = await inTransaction(deps.handle.db, async (trx) => {
        const at = ctx.nowIso();
        const revision = await createWorkflowReleasesRepo(trx).publish(
          auth.tenantId,
          workflowId,
          next,
          at,
          input.expectedRevision,
        );
        if (revision === undefined) {
          throw conflict(
            'This workflow was changed elsewhere. Reload it and try again.',
            'expectedRevision',
            PROBLEM_CODES.workflowRevisionConflict,
          );
        }
        if (armed && !(await createSubscriptionsRepo(trx).activate(armed))) throw notFound('Workflow');
        if (prepared) await commitIn(trx, prepared, retiring);
        const recorded = await recordReleaseIn(trx, auth, workflowId, publishedBy, input.note);
        if (!recorded) throw notFound('Workflow');
        return recorded;
      });
    } catch (error) {
      // Nothing was stored: the app subscription made for the draft goes again.
      await prepared?.undo?.();
      throw error;
    }
    if (prepared && armed) {
      // Past the commit: the previous app subscription goes; the scheduler follows the stored row.
      await removeRetired(auth.tenantId, workflowId, retiring);
      if (existing) await scheduler.disarm(workflowId);
      await scheduler.arm(armed);
    }
    return { version: toVersionView(version), rearmed: rearm };
  }

  // Workflow revisions whose adoption failed, with when (real time): retried after ADOPT_RETRY_MS.
  const failed = new Map<string, number>();
  return {
    sweepIntents: () => intents.sweep(),
    async cleanUp() {
      for (const orphan of await subs.listOrphans(UNARMED_BATCH)) {
        await serial(orphan.workflowId, async () => {
          await scheduler.disarm(orphan.workflowId);
          const problem = await teardown(orphan.tenantId, orphan);
          // Kept until the app confirms: the next pass tries again.
          if (problem) deps.logger.warn({ workflowId: orphan.workflowId }, `Deleted workflow: ${problem}`);
          else await subs.forget(orphan.workflowId);
        });
      }
    },
    async armUnarmed() {
      for (const found of await subs.listUnarmed(UNARMED_BATCH)) {
        const key = `${found.workflowId}:${found.revision}`;
        const failedAt = failed.get(key);
        if (failedAt !== undefined && Date.now() - failedAt < ADOPT_RETRY_MS) continue;
        const ok = await serial(found.workflowId, () => adopt(found.tenantId, found.workflowId));
        if (ok) failed.delete(key);
        else failed.set(key, Date.now());
      }
    },
    setActive(auth, workflowId, active) {
      return serial(workflowId, async () => {
        const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
        if (!workflow) throw notFound('Workflow');
        if (!active) return switchOff(auth, workflow);
        const view = await switchOn(auth, workflow);
        // Switching ON publishes: the document that now runs is a new version.
        if (!workflow.active) await recordRelease(deps, auth, workflowId);
        return view;
      });
    },
    publishDraft(auth, workflowId, input) {
      return serial(workflowId, () => publish(auth, workflowId, input));
    },
    async getHook(auth, workflowId) {
      const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
      if (!workflow) throw notFound('Workflow');
      return { url: hookUrlOf(workflow) };
    },
    rotateHook(auth, workflowId) {
      return serial(workflowId, async () => {
        const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
        if (!workflow) throw notFound('Workflow');
        const sub = workflow.active ? await subs.get(auth.tenantId, workflowId) : undefined;
        if (sub?.kind === 'app-webhook') {
          throw conflict(
            'Switch the workflow OFF before making a new webhook URL: the app keeps sending to the current one.',
          );
        }
        if (!(await deps.repos.workflows.rotateHookKey(auth.tenantId, workflowId))) throw notFound('Workflow');
        const fresh = await deps.repos.workflows.get(auth.tenantId, workflowId);
        if (!fresh) throw notFound('Workflow');
        // ON: the trigger message names the new URL.
        if (sub) await switchOn(auth, fresh);
        return { url: hookUrlOf(fresh) };
      });
    },
    async getActivation(auth, workflowId) {
      const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
      if (!workflow) throw notFound('Workflow');
      const sub = await subs.get(auth.tenantId, workflowId);
      const view: ActivationStatus = { active: workflow.active && sub !== undefined };
      if (!sub) return view;
      view.triggerMessage = sub.triggerMessage;
      if (sub.lastError !== null) view.lastError = sub.lastError;
      if (sub.lastErrorAt !== null) view.lastErrorAt = sub.lastErrorAt;
      if (sub.lastRunAt !== null) view.lastRunAt = sub.lastRunAt;
      if (sub.nextRunAt !== null) view.nextRunAt = sub.nextRunAt;
      return view;
    },
  };
}
