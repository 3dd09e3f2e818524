/**
 * What kind of trigger a workflow has, read from its stored document and its app's definition:
 * a Junction endpoint (Webhook, Forms: nothing to set up), a schedule, a polling trigger, or an
 * app webhook with subscribe/unsubscribe actions. The rules are core's (`activationProblems`,
 * `planTriggerSetup`); this file resolves the apps and turns problems into 422s naming the step.
 */
import {
  type AppDefinition,
  type AppLookup,
  activationProblems,
  compileWorkflow,
  type Issue,
  type PlanTrigger,
  planTriggerSetup,
  type ScheduleSpec,
  type WorkflowData,
  type WorkflowDocument,
} from '@junction/core';
import { PROBLEM_CODES, unprocessable } from '../../kernel/errors.js';
import type { AppRegistry, RunnableApp } from '../../integrations/registry.js';

export type { TriggerKind } from '../../store/repos/triggers.js';

/** What every kind shares. */
interface TriggerBase {
  stepId: string;
  stepName: string;
  /** App slug and trigger key. */
  appSlug: string;
  event: string;
  /** The trigger step's field values by name. */
  values: Record<string, unknown>;
  credentialId: string | null;
}

/** A described trigger, ready to set up. */
export type TriggerSetup =
  | (TriggerBase & { kind: 'webhook' | 'form' | 'failure' })
  | (TriggerBase & { kind: 'schedule'; spec: ScheduleSpec })
  | (TriggerBase & {
      kind: 'polling';
      app: RunnableApp;
      actionKey: string;
      dedupeKey: string;
      /** '0' when the whole body is the list. */
      dataHead: string;
    })
  | (TriggerBase & { kind: 'app-webhook'; app: RunnableApp; subscribeKey: string; unsubscribeKey: string });

/** The trigger step's field values by name (the stored document keeps them on each field). */
export function fieldValues(trigger: Pick<PlanTrigger, 'fields'>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of trigger.fields ?? []) {
    if (field.value !== undefined) values[field.name] = field.value;
  }
  return values;
}

/**
 * Resolves every app a workflow's steps use, for core's `activationProblems`: the answer
 * finds each definition by slug (undefined when the workspace cannot use the app).
 */
export async function resolveApps(wf: WorkflowData, tenantId: string, registry: AppRegistry): Promise<AppLookup> {
  const found = new Map<string, RunnableApp | undefined>();
  for (const step of wf.steps) {
    const slug = step.data.type || (step.kind === 'trigger' ? step.data.app : '');
    if (slug && !found.has(slug)) found.set(slug, await registry.resolve(tenantId, slug));
  }
  return (slug) => found.get(slug) as AppDefinition | undefined;
}

/** Core's activation problems of a workflow, with every app it uses resolved for the tenant. */
export async function checkActivation(wf: WorkflowData, tenantId: string, registry: AppRegistry): Promise<Issue[]> {
  return activationProblems(wf, await resolveApps(wf, tenantId, registry));
}

/** The 422 Problem that lists activation problems, each named by its step or filter. */
export function activationRefused(wf: WorkflowData, problems: readonly Issue[]): Error {
  const names = new Map(wf.steps.map((s) => [s.id, s.data.name || 'Untitled step']));
  const where = (issue: Issue) => (issue.stepId ? `"${names.get(issue.stepId)}": ` : issue.linkId ? 'A filter: ' : '');
  const list = problems.map((issue) => `${where(issue)}${issue.text}`).join(' ');
  const errors = problems.map((issue) => ({
    field: issue.stepId ? `steps.${issue.stepId}` : issue.linkId ? `links.${issue.linkId}` : 'document',
    message: issue.text,
  }));
  return unprocessable(
    `This workflow cannot be switched on until its issues are fixed. ${list}`,
    'active',
    errors,
    PROBLEM_CODES.activationBlocked,
  );
}

/**
 * Checks that a workflow may be switched ON (core's `activationProblems`, with its apps
 * resolved for the tenant) and describes its trigger. Throws a 422 Problem whose detail says
 * what to fix.
 */
export async function describeTrigger(
  document: WorkflowDocument,
  tenantId: string,
  registry: AppRegistry,
): Promise<TriggerSetup> {
  const problems = await checkActivation(document, tenantId, registry);
  if (problems.length > 0) throw activationRefused(document, problems);
  const trigger = compileWorkflow(document).trigger;
  if (!trigger) throw unprocessable('This workflow has no trigger step.', 'active');
  return describePlanTrigger(trigger, tenantId, registry);
}

/** Describes a compiled trigger (used at activation and at every tick on the stored document). */
export async function describePlanTrigger(
  trigger: PlanTrigger,
  tenantId: string,
  registry: AppRegistry,
): Promise<TriggerSetup> {
  const stepName = trigger.name || 'Trigger';
  const base: TriggerBase = {
    stepId: trigger.stepId,
    stepName,
    appSlug: trigger.app,
    event: trigger.event,
    values: fieldValues(trigger),
    credentialId: trigger.credentialId,
  };
  const planned = planTriggerSetup(trigger, null);
  // Endpoints and schedules need no definition; other apps are resolved for the tenant.
  const app = planned.ok && planned.plan !== null ? undefined : await registry.resolve(tenantId, trigger.app);
  const result = planned.ok && planned.plan !== null ? planned : planTriggerSetup(trigger, app as AppDefinition);
  if (!result.ok) {
    const errors = result.problem.fields?.map((e) => ({ field: `fields.${e.field}`, message: e.message }));
    throw unprocessable(result.problem.text, 'active', errors);
  }
  const plan = result.plan;
  if (plan === null) throw unprocessable(`The app '${trigger.app}' of "${stepName}" is not available.`, 'active');
  switch (plan.kind) {
    case 'webhook':
    case 'form':
    case 'failure':
      return { ...base, kind: plan.kind };
    case 'schedule':
      return { ...base, kind: 'schedule', spec: plan.spec };
    case 'polling':
      return { ...base, ...plan, app: app as RunnableApp };
    case 'app-webhook':
      return { ...base, ...plan, app: app as RunnableApp };
  }
}
