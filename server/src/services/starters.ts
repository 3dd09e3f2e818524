/**
 * Starting points from the editor's address (onboarding 2): `template` 0, 1, 2, 4 or 5 opens
 * one of five starter workflows built on the built-in apps and the Demo CRM; `app1`/`action1`
 * and `app2`/`action2` preselect the trigger's and the first action's app and event.
 */
import {
  ACTION_PLACEHOLDER_NAME,
  type AppDefinition,
  createStepData,
  DEFAULT_WORKFLOW_NAME,
  draftName,
  layoutWorkflow,
  type Step,
  type StepData,
  setUpStepData,
  TRIGGER_PLACEHOLDER_NAME,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from '@junction/core';
import type { PlatformDeps } from '../deps.js';
import { nowIso } from '../kernel/clock.js';
import type { StarterInput, StartersService } from '../kernel/contracts/starters.js';
import { unprocessable } from '../kernel/errors.js';
import type { AuthContext, WorkflowView } from '../kernel/types.js';
import { checkDocument } from './core-rules.js';
import { firstWorkflowRecord, toWorkflowView } from './views.js';

/** The `template` numbers the address accepts (onboarding 2). */
export const STARTER_NUMBERS = [0, 1, 2, 4, 5] as const;

/** A starter's number. */
export type StarterNumber = (typeof STARTER_NUMBERS)[number];

/** One step of a starter: the app, its event and field values (`{{trigger}}` stands for the trigger's id). */
interface StarterStep {
  app: string;
  event: string;
  values?: Record<string, unknown>;
}

/** A starter workflow: a name, its trigger and its actions in order. */
export interface StarterPlan {
  name: string;
  trigger: StarterStep;
  actions: StarterStep[];
}

const TRIGGER_REF = '{{trigger}}';

/**
 * The five starters (onboarding 2). Each one runs as soon as its apps are connected: the Demo
 * CRM needs only the one-click key, the others no account at all.
 */
export const STARTERS: Record<StarterNumber, StarterPlan> = {
  0: {
    name: 'Add webhook sign-ups to the Demo CRM',
    trigger: { app: 'webhook', event: 'catchHook' },
    actions: [
      {
        app: 'demo-crm',
        event: 'createContact',
        values: {
          email: `\${${TRIGGER_REF}.email}`,
          firstName: `\${${TRIGGER_REF}.firstName}`,
          lastName: `\${${TRIGGER_REF}.lastName}`,
        },
      },
    ],
  },
  1: {
    name: 'Turn form answers into Demo CRM contacts',
    trigger: { app: 'junction-forms', event: 'newSubmission' },
    actions: [{ app: 'demo-crm', event: 'createContact' }],
  },
  2: {
    name: 'Tidy the e-mail of every new Demo CRM contact',
    trigger: { app: 'demo-crm', event: 'newContact' },
    actions: [{ app: 'formatter', event: 'text', values: { transform: 'lower', input: `\${${TRIGGER_REF}.email}` } }],
  },
  4: {
    name: 'Send new Demo CRM contacts to another app',
    trigger: { app: 'demo-crm', event: 'newContact' },
    actions: [
      {
        app: 'http',
        event: 'customRequest',
        values: {
          requestType: 'POST',
          stringBody: `{"email": "\${${TRIGGER_REF}.email}", "name": "\${${TRIGGER_REF}.firstName} \${${TRIGGER_REF}.lastName}"}`,
        },
      },
    ],
  },
  5: {
    name: 'Check a web address every morning',
    trigger: { app: 'schedule', event: 'schedule', values: { frequency: 'days', every: 1, at: '09:00' } },
    actions: [{ app: 'http', event: 'customRequest', values: { requestType: 'GET' } }],
  },
};

/** Tells whether a number names a starter. */
export function isStarterNumber(value: unknown): value is StarterNumber {
  return typeof value === 'number' && (STARTER_NUMBERS as readonly number[]).includes(value);
}

/** Step data for an app (and event when given): core's app and event choice, automatically named. */
export function stepDataFor(
  app: AppDefinition,
  kind: 'trigger' | 'action',
  event: string | undefined,
  values: Record<string, unknown>,
  triggerId: string,
): StepData {
  // `{{trigger}}` in a starter's values stands for the trigger step's id.
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    resolved[name] = typeof value === 'string' ? value.split(TRIGGER_REF).join(triggerId) : value;
  }
  const data = setUpStepData(createStepData(), kind, app, event, resolved);
  if (!data) throw unprocessable(`${app.appName || app.appSlug} has no event '${event}'.`, 'template');
  return data;
}

/**
 * The name of a workflow made from preselected apps (editor-core 4.6): '{app} -> Workflow
 * (Draft)' after the trigger's app (else the first action's), 'Untitled Workflow' otherwise.
 */
function draftNameFor(steps: readonly Step[], input: StarterInput): string {
  const chosen = input.app1 ? steps[0] : input.app2 ? steps[1] : undefined;
  return chosen?.data.label ? draftName(chosen.data.label) : DEFAULT_WORKFLOW_NAME;
}

/** Builds the starters service: new workflows from a starter and/or preselected apps. */
export function createStartersService(deps: PlatformDeps): StartersService {
  const resolveApp = async (tenantId: string, slug: string, field: string): Promise<AppDefinition> => {
    const app = await deps.registry.resolve(tenantId, slug);
    if (!app) throw unprocessable(`There is no app '${slug}'.`, field);
    return app as AppDefinition;
  };

  return {
    /** Creates the workflow the address describes in the caller's tenant (inactive). */
    async create(ctx: AuthContext, input: StarterInput): Promise<WorkflowView> {
      if (input.template !== undefined && !isStarterNumber(input.template)) {
        throw unprocessable('template must be 0, 1, 2, 4 or 5.', 'template');
      }
      const plan: StarterPlan =
        input.template === undefined
          ? { name: '', trigger: { app: '', event: '' }, actions: [] }
          : STARTERS[input.template];
      const chosen = { trigger: { ...plan.trigger }, first: plan.actions[0] ? { ...plan.actions[0] } : undefined };
      // The address overrides the starter's trigger and first action (onboarding 2).
      if (input.app1) chosen.trigger = { app: input.app1, event: input.action1 ?? '' };
      else if (input.action1) throw unprocessable('action1 needs app1.', 'action1');
      if (input.app2) chosen.first = { app: input.app2, event: input.action2 ?? '' };
      else if (input.action2) throw unprocessable('action2 needs app2.', 'action2');

      const triggerId = deps.newId();
      const steps: Step[] = [];
      const triggerStep = async (): Promise<StepData> => {
        if (!chosen.trigger.app) return createStepData({ name: TRIGGER_PLACEHOLDER_NAME });
        const app = await resolveApp(ctx.tenantId, chosen.trigger.app, input.app1 ? 'app1' : 'template');
        const event = chosen.trigger.event || undefined;
        if (event && !app.triggers[event])
          throw unprocessable(`${app.appName || app.appSlug} has no trigger '${event}'.`, 'action1');
        return stepDataFor(app, 'trigger', event, chosen.trigger.values ?? {}, triggerId);
      };
      steps.push({ id: triggerId, kind: 'trigger', position: { x: 0, y: 0 }, data: await triggerStep() });

      const actionPlans = [chosen.first, ...plan.actions.slice(1)];
      for (const [index, action] of actionPlans.entries()) {
        let data: StepData;
        if (!action?.app) data = createStepData({ name: ACTION_PLACEHOLDER_NAME });
        else {
          const field = index === 0 && input.app2 ? 'app2' : 'template';
          const app = await resolveApp(ctx.tenantId, action.app, field);
          const event = action.event || undefined;
          if (event && (!app.actions[event] || app.actions[event].hidden)) {
            throw unprocessable(`${app.appName || app.appSlug} has no action '${event}'.`, 'action2');
          }
          data = stepDataFor(app, 'action', event, action.values ?? {}, triggerId);
        }
        steps.push({ id: deps.newId(), kind: 'action', position: { x: 0, y: 0 }, data });
      }
      const links = steps.slice(1).map((step, index) => ({
        id: deps.newId(),
        source: steps[index].id,
        target: step.id,
        name: '',
        groups: [],
        delaySeconds: 0,
      }));
      const draft: WorkflowDocument = {
        schemaVersion: WORKFLOW_SCHEMA_VERSION,
        id: deps.newId(),
        name: plan.name || draftNameFor(steps, input),
        active: false,
        steps,
        links,
      };
      const positions = layoutWorkflow(draft, { mode: 'editor' });
      for (const step of draft.steps) step.position = positions.get(step.id) ?? step.position;
      const checked = checkDocument(draft);
      if (!checked.ok)
        throw unprocessable(`The starter is not a valid workflow: ${checked.errors[0]?.message}`, 'template');
      const record = firstWorkflowRecord(ctx.tenantId, { ...checked.document, active: false }, nowIso(deps));
      await deps.repos.workflows.insert(record);
      return toWorkflowView(record);
    },
  };
}
