/**
 * What kind of trigger a workflow has, read from its stored document and its app's definition:
 * a Junction endpoint (Webhook, Forms: nothing to set up), a schedule, a polling trigger, or an
 * app webhook with subscribe/unsubscribe actions. Problems become 422s naming the step.
 */
import {
  blockingIssues,
  compileWorkflow,
  type PlanTrigger,
  type TriggerDef,
  type WorkflowDocument,
} from '@junction/core';
import { PROBLEM_CODES, unprocessable } from '../../errors.js';
import { type ScheduleSpec, validateSchedule } from '../../integrations/builtin/schedule.js';
import type { AppRegistry, RunnableApp } from '../../integrations/registry.js';

/** The kinds of trigger subscriptions. */
export type TriggerKind = 'webhook' | 'form' | 'schedule' | 'polling' | 'app-webhook';

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
  | (TriggerBase & { kind: 'webhook' | 'form' })
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

/** Built-in apps whose trigger is a request to Junction itself. */
const JUNCTION_ENDPOINTS: Record<string, 'webhook' | 'form'> = { webhook: 'webhook', 'junction-forms': 'form' };

/** The trigger step's field values by name (the stored document keeps them on each field). */
export function fieldValues(trigger: Pick<PlanTrigger, 'fields'>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of trigger.fields ?? []) {
    if (field.value !== undefined) values[field.name] = field.value;
  }
  return values;
}

/**
 * Checks that a workflow may be switched ON (core's blocking issues: a trigger or action step
 * without test data, a step needing auth without a credential) and describes its trigger.
 * Throws a 422 Problem whose detail says what to fix.
 */
export async function describeTrigger(
  document: WorkflowDocument,
  tenantId: string,
  registry: AppRegistry,
): Promise<TriggerSetup> {
  const blocking = blockingIssues(document);
  if (blocking.length > 0) {
    const names = new Map(document.steps.map((s) => [s.id, s.data.name || 'Untitled step']));
    const list = blocking.map((issue) => `"${names.get(issue.stepId ?? '')}": ${issue.text}`).join(' ');
    const errors = blocking.map((issue) => ({ field: `steps.${issue.stepId ?? ''}`, message: issue.text }));
    throw unprocessable(
      `This workflow cannot be switched on until its issues are fixed. ${list}`,
      'active',
      errors,
      PROBLEM_CODES.activationBlocked,
    );
  }
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
  if (!trigger.app) throw unprocessable(`The trigger "${stepName}" has no app selected.`, 'active');
  const endpoint = JUNCTION_ENDPOINTS[trigger.app];
  if (endpoint) return { ...base, kind: endpoint };
  if (trigger.app === 'schedule') {
    const checked = validateSchedule(base.values);
    if (!checked.ok) {
      const [first] = checked.errors;
      const errors = checked.errors.map((e) => ({ field: `fields.${e.field}`, message: e.message }));
      throw unprocessable(`The schedule of "${stepName}" is not valid: ${first?.message}`, 'active', errors);
    }
    return { ...base, kind: 'schedule', spec: checked.spec };
  }
  const app = await registry.resolve(tenantId, trigger.app);
  if (!app) throw unprocessable(`The app '${trigger.app}' of "${stepName}" is not available.`, 'active');
  const def = Object.hasOwn(app.triggers, trigger.event) ? (app.triggers[trigger.event] as TriggerDef) : undefined;
  if (!def) throw unprocessable(`${app.appName} has no trigger '${trigger.event}' (step "${stepName}").`, 'active');
  if (def.type === 'polling') return describePolling(base, app, def, trigger);
  const subscribeKey = def.performList || trigger.performList;
  const unsubscribeKey = def.unsubscribe || trigger.unsubscribe;
  if (!subscribeKey || !unsubscribeKey) {
    throw unprocessable(
      `${app.appName}'s trigger '${def.label}' is a webhook without subscribe and unsubscribe actions; it cannot be switched on.`,
      'active',
    );
  }
  for (const key of [subscribeKey, unsubscribeKey]) {
    if (!Object.hasOwn(app.actions, key)) {
      throw unprocessable(`${app.appName} has no action '${key}' for its trigger '${def.label}'.`, 'active');
    }
  }
  return { ...base, kind: 'app-webhook', app, subscribeKey, unsubscribeKey };
}

function describePolling(base: TriggerBase, app: RunnableApp, def: TriggerDef, trigger: PlanTrigger): TriggerSetup {
  const actionKey = def.action ?? '';
  if (!actionKey || !Object.hasOwn(app.actions, actionKey)) {
    throw unprocessable(`${app.appName}'s trigger '${def.label}' has no list action to poll.`, 'active');
  }
  const params = { ...(trigger.pollingParams ?? {}), ...(def.pollingParams ?? {}) } as {
    dedupe_key?: string;
    data_head?: string;
  };
  const dedupeKey = params.dedupe_key?.trim() ?? '';
  if (!dedupeKey) {
    throw unprocessable(`${app.appName}'s trigger '${def.label}' has no Unique ID Key (dedupe_key).`, 'active');
  }
  const dataHead = params.data_head?.trim() || '0';
  return { ...base, kind: 'polling', app, actionKey, dedupeKey, dataHead };
}
