/**
 * Setting a step up (editor-core 2.8, 2.9, 4.8): choosing its app, choosing its event, and its
 * automatic name. Pure functions over step data: the step panels, the palette, the custom
 * trigger wizard and the server's starters all build steps with them, so an app or event
 * choice clears the same fields everywhere.
 */
import { needsAuth } from '../apps/catalog.js';
import type { AppDefinition, FieldDef, PollingParams } from '../apps/types.js';
import { customRequestName, stepName } from './naming.js';
import { ACTION_PLACEHOLDER_NAME, TRIGGER_PLACEHOLDER_NAME } from './template.js';
import { defaultOfKind, stepFieldSpec, TRIGGER_ONLY_KEYS } from './step-fields.js';
import { recordSample } from './test-state.js';
import type { StepData, StepKind } from './types.js';

/** The app that runs a custom HTTP request (named by verb and resource, editor-core 4.8). */
export const HTTP_APP_SLUG = 'http';

/** What an app choice needs to know of the app: the catalogue entry or the whole definition. */
export interface ChosenApp {
  appSlug: string;
  appName?: string;
  iconURL?: string;
  disableAuth?: boolean;
  authInfo?: { apiType?: string };
  /** Whether the app needs an account, when the caller knows only that (the palette). */
  hasauth?: boolean;
}

/** What a choice on a step starts over: its app, or its event (editor-core 4.8). */
export type ChoiceLevel = 'app' | 'event';

// An event choice starts the test over: the sample, its time and fingerprint, a trigger's chosen item.
const EVENT_RESET: Partial<StepData> = {
  testData: null,
  actionTestTime: null,
  sampleKey: '',
  triggerChoices: [],
  triggerchoice: '',
  triggerChoiceTime: null,
};

// An app choice also clears the account, the event with its label and fields, and every
// trigger-only field of the step data table.
const APP_RESET: Partial<StepData> = {
  ...EVENT_RESET,
  credential: null,
  authname: '',
  action: '',
  actionlabel: '',
  fields: [],
  ...Object.fromEntries(TRIGGER_ONLY_KEYS.map((key) => [key, defaultOfKind(stepFieldSpec(key).kind)])),
};

/**
 * THE rule of what a choice resets (editor-core 3 "Step data", 4.8): an app choice keeps only
 * the step's name and delay, an event choice keeps the app and account. Every path that sets
 * a step up (the step panels, the palette, the custom trigger wizard, the server's starters)
 * goes through it, so they all leave the same step data. A fresh copy.
 */
export function choiceReset(level: ChoiceLevel): Partial<StepData> {
  const entries = Object.entries(level === 'app' ? APP_RESET : EVENT_RESET);
  return Object.fromEntries(entries.map(([key, value]) => [key, Array.isArray(value) ? [] : value]));
}

function textValue(fields: readonly FieldDef[], name: string): string {
  const value = fields.find((f) => f.name === name)?.value;
  return typeof value === 'string' ? value : '';
}

/**
 * The automatic name of a step (editor-core 4.8): a custom request by its verb and resource
 * ('Create new contact'), an event '{event} in {app}', an app alone by its label, and a
 * placeholder by its 'Click to Add …' text.
 */
export function automaticStepName(
  kind: StepKind,
  data: Pick<StepData, 'type' | 'action' | 'actionlabel' | 'label' | 'fields'>,
): string {
  if (data.type === HTTP_APP_SLUG && data.action) {
    return customRequestName(textValue(data.fields, 'requestType') || 'GET', textValue(data.fields, 'url'));
  }
  if (data.actionlabel) return stepName(data.actionlabel, data.label);
  if (data.label) return data.label;
  return kind === 'trigger' ? TRIGGER_PLACEHOLDER_NAME : ACTION_PLACEHOLDER_NAME;
}

// Names a step written before `customName` existed could carry while still automatic.
function lookedAutomatic(kind: StepKind, data: StepData): boolean {
  const automatic = automaticStepName(kind, data);
  // Before 'an' ('Find an order') the automatic name said 'Find a order': still automatic.
  const withOldArticle = automatic.replace(/^(Find|Update|Remove) an /, '$1 a ');
  const names = ['', TRIGGER_PLACEHOLDER_NAME, ACTION_PLACEHOLDER_NAME, data.label, automatic, withOldArticle];
  return names.includes(data.name);
}

/** Whether a step is still named automatically: never renamed by the user (editor-core 4.8). */
export function isAutomaticallyNamed(kind: StepKind, data: StepData): boolean {
  return !data.customName && lookedAutomatic(kind, data);
}

/**
 * The patch of an edit with the step's name kept up to date: a step never renamed by the user
 * takes the automatic name of its new data; a renamed one keeps its name whatever changes
 * (its URL included).
 *
 * @example applyStepPatch('action', data, { fields }) // { fields, name: 'Create new order' } unless renamed
 */
export function applyStepPatch(kind: StepKind, before: StepData, patch: Partial<StepData>): Partial<StepData> {
  if (!isAutomaticallyNamed(kind, before) || 'name' in patch) return patch;
  const name = automaticStepName(kind, { ...before, ...patch });
  return name === before.name ? patch : { ...patch, name };
}

/**
 * The patch of a user's rename: the name, marked as the user's so automatic naming stops. An
 * empty name gives the step back its automatic name.
 */
export function renamePatch(kind: StepKind, data: StepData, name: string): Partial<StepData> {
  const trimmed = name.trim();
  if (trimmed === '') return { name: automaticStepName(kind, data), customName: false };
  return { name: trimmed, customName: true };
}

/** Copies a field definition into a step field (its own value, schema and flags). */
export function toStepField(field: FieldDef): FieldDef {
  return JSON.parse(JSON.stringify(field)) as FieldDef;
}

/**
 * The fields a step's set-up form shows, in its event definition's order: the step's own (a
 * field stored without a schema or title takes the definition's), the fields the definition
 * gained since the step was set up (the custom request's headers and body rows, editor-core
 * 3), then step fields the definition does not list. A field the step has keeps its value.
 *
 * @example withDefinitionFields([{ name: 'url', value: 'x' }], [{ name: 'headers' }, { name: 'url', title: 'URL' }]);
 * // [{ name: 'headers' }, { name: 'url', title: 'URL', value: 'x' }]
 */
export function withDefinitionFields(
  fields: readonly FieldDef[],
  definition: readonly FieldDef[] | undefined,
): FieldDef[] {
  if (!definition || definition.length === 0) return [...fields];
  const byName = new Map(fields.map((field) => [field.name, field]));
  const listed = new Set(definition.map((def) => def.name));
  const ordered = definition.map((def) => {
    const own = byName.get(def.name);
    if (!own) return toStepField(def);
    if (own.schema && own.title) return own;
    return { ...own, title: own.title || def.title, schema: own.schema ?? toStepField(def).schema };
  });
  return [...ordered, ...fields.filter((field) => !listed.has(field.name))];
}

/**
 * The step data an app choice sets (editor-core 4.8): type, label, icon, auth and the app's
 * form-data endpoint; the event, its label and fields, the account and the test data start
 * over. A trigger also resets its trigger-only data and keeps the app in `app`.
 */
export function chooseAppPatch(kind: StepKind, app: ChosenApp): Partial<StepData> {
  const patch: Partial<StepData> = {
    ...choiceReset('app'),
    type: app.appSlug,
    label: app.appName || app.appSlug,
    icon: app.iconURL ?? '',
    hasauth: app.hasauth ?? needsAuth(app),
    url: `/api/apps/${app.appSlug}`,
  };
  return kind === 'trigger' ? { ...patch, app: app.appSlug } : patch;
}

/**
 * The step data an event choice sets (editor-core 4.8): the event key and label, its fields
 * (with `values` filled in), a trigger's polling and webhook settings; the test data starts
 * over. Undefined when the app has no such event (or only a hidden action).
 */
export function chooseEventPatch(
  kind: StepKind,
  app: AppDefinition,
  event: string,
  values: Record<string, unknown> = {},
): Partial<StepData> | undefined {
  const withValues = (defs: readonly FieldDef[]) =>
    defs.map((def) => {
      const field = toStepField(def);
      if (Object.hasOwn(values, def.name)) field.value = values[def.name];
      return field;
    });
  const reset = choiceReset('event');
  if (kind === 'trigger') {
    const trigger = Object.hasOwn(app.triggers, event) ? app.triggers[event] : undefined;
    if (!trigger) return undefined;
    const polling = trigger.pollingParams;
    return {
      action: event,
      actionlabel: trigger.label,
      triggerlabel: trigger.label,
      triggerResource: trigger.action ?? '',
      pollingParams: polling && 'dedupe_key' in polling ? { ...(polling as PollingParams) } : null,
      performList: trigger.performList ?? '',
      unsubscribe: trigger.unsubscribe ?? '',
      webhookKey: trigger.webhookKey ?? '',
      fields: withValues(trigger.fields ?? []),
      ...reset,
    };
  }
  const action = Object.hasOwn(app.actions, event) ? app.actions[event] : undefined;
  if (!action) return undefined;
  return { action: event, actionlabel: action.title || event, fields: withValues(action.fields), ...reset };
}

/** A custom trigger built by the wizard (onboarding 4), as its step takes it. */
export interface CustomTriggerSetup {
  app: ChosenApp;
  /** The new trigger's key and label, and the key of its hidden list action. */
  triggerKey: string;
  label: string;
  listActionKey: string;
  /** The account the endpoint was tested with (null: none). */
  credential: string | null;
  authname: string;
  fields: FieldDef[];
  /** The list the test found: its items (the first is the sample), where it is, its unique key. */
  items: readonly unknown[];
  dataHead: string;
  dedupeKey: string;
}

/**
 * The step data a custom trigger sets (onboarding 4): an app choice, then the new trigger as
 * its event, the account and test values it was tested with, and the first found item as the
 * sample (with the fingerprint of the step as built).
 */
export function customTriggerPatch(before: StepData, setup: CustomTriggerSetup): Partial<StepData> {
  const patch: Partial<StepData> = {
    ...chooseAppPatch('trigger', setup.app),
    action: setup.triggerKey,
    actionlabel: setup.label,
    triggerlabel: setup.label,
    triggerResource: setup.listActionKey,
    pollingParams: { dedupe_key: setup.dedupeKey, data_head: setup.dataHead },
    fields: setup.fields.map(toStepField),
    credential: setup.credential,
    authname: setup.authname,
    triggerChoices: setup.items.slice(0, 5),
  };
  const sample = setup.items[0];
  return sample === undefined ? patch : { ...patch, ...recordSample({ ...before, ...patch }, sample) };
}

/**
 * A choice on a step: its app, its event (of the app's definition, with field values), or a
 * custom trigger built by the wizard. Every path that sets a step up describes it as one.
 */
export type StepChoice =
  | { type: 'app'; app: ChosenApp }
  | { type: 'event'; app: AppDefinition; event: string; values?: Record<string, unknown> }
  | { type: 'customTrigger'; setup: CustomTriggerSetup };

/**
 * THE way a choice changes a step (editor-core 4.8, onboarding 4): the choice's patch with the
 * name kept automatic until the user renames. Undefined when the app has no such event (or
 * a custom trigger is chosen on an action).
 *
 * @example wf.updateStep(id, chooseOnStep('action', step.data, { type: 'app', app }))
 */
export function chooseOnStep(kind: StepKind, before: StepData, choice: StepChoice): Partial<StepData> | undefined {
  let patch: Partial<StepData> | undefined;
  if (choice.type === 'app') patch = chooseAppPatch(kind, choice.app);
  else if (choice.type === 'event') patch = chooseEventPatch(kind, choice.app, choice.event, choice.values);
  else patch = kind === 'trigger' ? customTriggerPatch(before, choice.setup) : undefined;
  return patch && applyStepPatch(kind, before, patch);
}

/**
 * The whole data of a step set up on an app (and event when given), automatically named: what
 * a starter or a wizard builds in one go.
 */
export function setUpStepData(
  base: StepData,
  kind: StepKind,
  app: AppDefinition,
  event?: string,
  values: Record<string, unknown> = {},
): StepData | undefined {
  const start: StepData = { ...base, name: '', customName: false };
  let data: StepData = { ...start, ...chooseOnStep(kind, start, { type: 'app', app }) };
  if (event) {
    const patch = chooseOnStep(kind, data, { type: 'event', app, event, values });
    if (!patch) return undefined;
    data = { ...data, ...patch };
  }
  return { ...data, name: automaticStepName(kind, data) };
}
