/**
 * The activation rule (editor-core 4.2, 5.1): what keeps a workflow from being switched ON.
 * The editor's switch, `PUT /api/workflows/{id}/active`, a create with `active: true`,
 * template acceptance, import and `junction migrate` all ask {@link activationProblems}, so
 * no path can store ON a workflow that fails it.
 */
import { type ScheduleSpec, validateSchedule } from '../apps/schedule.js';
import type { AppDefinition, PollingParams } from '../apps/types.js';
import { compileWorkflow, type PlanTrigger } from './compile.js';
import { conditionProblems } from './filter.js';
import { findIssues, ISSUE_TEXTS, isBlankFieldValue } from './issues.js';
import type { Issue, IssueCode, WorkflowData, WorkflowDocument } from './types.js';

/**
 * Finds an app definition by slug; undefined when the app is not available to the workflow's
 * workspace. Pass `null` instead of a lookup where definitions are not at hand (the editor,
 * `junction migrate`): the checks that need a definition are then left to the server.
 */
export type AppLookup = (slug: string) => AppDefinition | undefined;

/** Built-in trigger apps whose trigger is a request to Junction itself: nothing to set up. */
export const JUNCTION_ENDPOINT_TRIGGERS: Readonly<Record<string, 'webhook' | 'form' | 'failure'>> = {
  webhook: 'webhook',
  'junction-forms': 'form',
  // "When another workflow fails": started by the server's failure alerts (docs/failure-alerts.md).
  'junction-alerts': 'failure',
};

/** The slug of the Schedule app, whose trigger is checked without its definition. */
export const SCHEDULE_APP_SLUG = 'schedule';

/** How a trigger is set up when its workflow is switched ON (the server performs it). */
export type TriggerSetupPlan =
  | { kind: 'webhook' | 'form' | 'failure' }
  | { kind: 'schedule'; spec: ScheduleSpec }
  | { kind: 'polling'; actionKey: string; dedupeKey: string; dataHead: string }
  | { kind: 'app-webhook'; subscribeKey: string; unsubscribeKey: string };

/** Why a trigger cannot be set up: its message and, for a schedule, the field at fault. */
export interface TriggerSetupProblem {
  code: Extract<IssueCode, 'unknown-app' | 'unknown-event' | 'invalid-schedule' | 'trigger-setup'>;
  text: string;
  /** Every field error of a schedule (`frequency`, `every`, `at`, `cron`, `timezone`). */
  fields?: { field: string; message: string }[];
}

/** The outcome of {@link planTriggerSetup}; `plan` is null when the definition was not at hand. */
export type TriggerSetupResult =
  | { ok: true; plan: TriggerSetupPlan | null }
  | { ok: false; problem: TriggerSetupProblem };

/** The trigger fields' values by name. */
function valuesOf(trigger: Pick<PlanTrigger, 'fields'>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of trigger.fields ?? []) if (field.value !== undefined) values[field.name] = field.value;
  return values;
}

/**
 * Decides how a compiled trigger is set up, from its app's definition: a Junction endpoint
 * (Webhook, Forms) needs nothing, a schedule needs valid values (frequency, every, at, cron,
 * time zone), a polling trigger a list action and a Unique ID Key, an app webhook subscribe and
 * unsubscribe actions. `app` is the definition, undefined when the app is not available, or
 * null when definitions are not at hand (then only endpoints and schedules are checked).
 *
 * @example planTriggerSetup(plan.trigger, registry.get(plan.trigger.app))
 */
export function planTriggerSetup(trigger: PlanTrigger, app: AppDefinition | undefined | null): TriggerSetupResult {
  const stepName = trigger.name || 'Trigger';
  const endpoint = JUNCTION_ENDPOINT_TRIGGERS[trigger.app];
  if (endpoint) return { ok: true, plan: { kind: endpoint } };
  if (trigger.app === SCHEDULE_APP_SLUG) {
    const checked = validateSchedule(valuesOf(trigger));
    if (checked.ok) return { ok: true, plan: { kind: 'schedule', spec: checked.spec } };
    const text = `The schedule of "${stepName}" is not valid: ${checked.errors[0]?.message ?? ''}`;
    return { ok: false, problem: { code: 'invalid-schedule', text, fields: checked.errors } };
  }
  const fail = (code: TriggerSetupProblem['code'], text: string): TriggerSetupResult => ({
    ok: false,
    problem: { code, text },
  });
  if (!trigger.app) return fail('trigger-setup', `The trigger "${stepName}" has no app selected.`);
  if (app === null) return { ok: true, plan: null };
  if (!app) return fail('unknown-app', `The app '${trigger.app}' of "${stepName}" is not available.`);
  const def = Object.hasOwn(app.triggers, trigger.event) ? app.triggers[trigger.event] : undefined;
  if (!def) return fail('unknown-event', `${app.appName} has no trigger '${trigger.event}' (step "${stepName}").`);
  if (def.type === 'polling') {
    const actionKey = def.action ?? '';
    if (!actionKey || !Object.hasOwn(app.actions, actionKey)) {
      return fail('trigger-setup', `${app.appName}'s trigger '${def.label}' has no list action to poll.`);
    }
    const params = { ...(trigger.pollingParams ?? {}), ...(def.pollingParams ?? {}) } as Partial<PollingParams>;
    const dedupeKey = typeof params.dedupe_key === 'string' ? params.dedupe_key.trim() : '';
    if (!dedupeKey) {
      return fail('trigger-setup', `${app.appName}'s trigger '${def.label}' has no Unique ID Key (dedupe_key).`);
    }
    const dataHead = (typeof params.data_head === 'string' ? params.data_head.trim() : '') || '0';
    return { ok: true, plan: { kind: 'polling', actionKey, dedupeKey, dataHead } };
  }
  const subscribeKey = def.performList || trigger.performList;
  const unsubscribeKey = def.unsubscribe || trigger.unsubscribe;
  if (!subscribeKey || !unsubscribeKey) {
    return fail(
      'trigger-setup',
      `${app.appName}'s trigger '${def.label}' is a webhook without subscribe and unsubscribe actions; it cannot be switched on.`,
    );
  }
  for (const key of [subscribeKey, unsubscribeKey]) {
    if (!Object.hasOwn(app.actions, key)) {
      return fail('trigger-setup', `${app.appName} has no action '${key}' for its trigger '${def.label}'.`);
    }
  }
  return { ok: true, plan: { kind: 'app-webhook', subscribeKey, unsubscribeKey } };
}

// One key per step and field, so a field missing in both the step and its definition is reported once.
function fieldKey(stepId: string, field: string): string {
  return `${stepId}\u0000${field}`;
}

function problem(code: IssueCode, text: string, at: { stepId?: string; linkId?: string } = {}): Issue {
  return { code, severity: 'error', ...at, text };
}

// Checks a trigger or action step against its app's definition: the app and event exist and
// every required, visible field of the definition has a value (a step's own copy of the fields
// may predate a definition change).
function definitionProblems(wf: WorkflowData, apps: AppLookup, reported: Set<string>, into: Issue[]): void {
  for (const step of wf.steps) {
    if (step.kind !== 'action' || !step.data.type) continue;
    const stepId = step.id;
    const name = step.data.name || 'Untitled step';
    const app = apps(step.data.type);
    if (!app) {
      into.push(problem('unknown-app', `The app '${step.data.type}' of "${name}" is not available.`, { stepId }));
      continue;
    }
    if (!step.data.action) continue;
    const action = Object.hasOwn(app.actions, step.data.action) ? app.actions[step.data.action] : undefined;
    if (!action) {
      const text = `${app.appName} has no action '${step.data.action}' (step "${name}").`;
      into.push(problem('unknown-event', text, { stepId }));
      continue;
    }
    const values = new Map(step.data.fields.map((f) => [f.name, f.value]));
    for (const field of action.fields) {
      if (!field.required || field.hidden || field.value !== undefined) continue;
      if (!isBlankFieldValue(values.get(field.name))) continue;
      const key = fieldKey(stepId, field.name);
      if (reported.has(key)) continue;
      reported.add(key);
      into.push({ ...problem('missing-field', ISSUE_TEXTS.missingField(field.name), { stepId }), field: field.name });
    }
  }
}

/**
 * Lists what keeps a workflow from being switched ON (editor-core 4.2, 5.1), as issues of
 * severity 'error' with stable codes:
 * - every error of {@link findIssues}: a step without app, event or credential, a required
 *   field without a value (a custom request's URL included), a step without test data, whose
 *   test failed (`test-data-error`) or whose sample no longer matches its request
 *   (`stale-test-data`);
 * - `no-trigger` and `cycle`: the plan cannot run;
 * - `invalid-filter`: a link's filter row without a field, a value or a number;
 * - `invalid-schedule`: the schedule's frequency, interval, time or zone;
 * - with `apps`: `unknown-app` / `unknown-event` for a step whose app or event does not exist,
 *   `missing-field` for a required field of the definition, and `trigger-setup` for a trigger
 *   that cannot be set up (see {@link planTriggerSetup}).
 *
 * Empty when the workflow may be switched ON. The server still performs the set-up (a
 * subscription an app refuses is reported then).
 *
 * @example activationProblems(doc, (slug) => registry.get(slug)).map((p) => p.text)
 */
export function activationProblems(wf: WorkflowData, apps: AppLookup | null): Issue[] {
  const problems: Issue[] = [];
  const reported = new Set<string>();
  for (const issue of findIssues(wf)) {
    if (issue.severity !== 'error') continue;
    problems.push(issue);
    if (issue.code === 'missing-field') reported.add(fieldKey(issue.stepId ?? '', issue.field ?? ''));
  }
  const plan = compileWorkflow(wf);
  for (const p of plan.problems) {
    if (p.code === 'no-trigger' || p.code === 'cycle') problems.push(problem(p.code, p.text, { stepId: p.stepIds[0] }));
  }
  for (const link of wf.links) {
    const [first] = conditionProblems(link.groups);
    if (first) {
      const label = link.name || 'Filter';
      problems.push(problem('invalid-filter', `${label}: ${first.message}`, { linkId: link.id }));
    }
  }
  if (apps) definitionProblems(wf, apps, reported, problems);
  if (plan.trigger) {
    const trigger = plan.trigger;
    const app = apps === null ? null : trigger.app ? apps(trigger.app) : undefined;
    const setup = planTriggerSetup(trigger, app);
    if (!setup.ok) {
      const { code, text } = setup.problem;
      // A trigger without an app already reads 'Missing app selection.'.
      if (trigger.app) problems.push(problem(code, text, { stepId: trigger.stepId }));
    } else if (apps) {
      const def = app?.triggers[trigger.event];
      const values = new Map(trigger.fields.map((f) => [f.name, f.value]));
      for (const field of def?.fields ?? []) {
        if (!field.required || field.hidden || !isBlankFieldValue(values.get(field.name))) continue;
        const key = fieldKey(trigger.stepId, field.name);
        if (reported.has(key)) continue;
        reported.add(key);
        problems.push({
          ...problem('missing-field', ISSUE_TEXTS.missingField(field.name), { stepId: trigger.stepId }),
          field: field.name,
        });
      }
    }
  }
  return problems;
}

/** Whether a workflow may be switched ON: {@link activationProblems} finds nothing. */
export function canActivate(wf: WorkflowData, apps: AppLookup | null = null): boolean {
  return activationProblems(wf, apps).length === 0;
}

/**
 * The document as it may be stored: ON only when it passes {@link activationProblems}, else
 * OFF. Template acceptance, import and `junction migrate` store what this answers, with the
 * problems that switched it OFF.
 */
export function storableActivation(
  doc: WorkflowDocument,
  apps: AppLookup | null,
): { document: WorkflowDocument; problems: Issue[] } {
  if (!doc.active) return { document: doc, problems: [] };
  const problems = activationProblems(doc, apps);
  return problems.length === 0 ? { document: doc, problems } : { document: { ...doc, active: false }, problems };
}

/**
 * The document with its activation written (the one way the server changes `active`): ON or
 * OFF, and, when switched ON, the trigger step's `triggerMessage` set to what the set-up
 * reported (editor-core 4.2).
 */
export function withActivation(
  doc: WorkflowDocument,
  active: boolean,
  message?: { stepId: string; text: string },
): WorkflowDocument {
  const steps = message
    ? doc.steps.map((step) =>
        step.id === message.stepId ? { ...step, data: { ...step.data, triggerMessage: message.text } } : step,
      )
    : doc.steps;
  return { ...doc, active, steps };
}
