/**
 * The keys a custom trigger takes in an app (onboarding 4 "Custom-trigger wizard"): a noun makes
 * `list{Noun}` and `new{Noun}` (core's buildCustomTrigger), and neither may be a key the app
 * already has. The server refuses such an addition (PUT /api/apps/{slug}/workspace-events) with
 * {@link takenEventsProblem}; the wizard asks the same rule where the noun is typed
 * ({@link customTriggerNounProblem}), so a taken noun never waits for Finish to fail.
 */
import { withoutTrailing } from '../text/trailing.js';
import { buildCustomTrigger } from './custom-trigger.js';
import type { AppDefinition } from './types.js';
import { appBaseUrlOf, takenEventKeys, type WorkspaceEvents } from './workspace-events.js';

/** Why an addition cannot take its keys: the sentence and the field at fault. */
export interface TakenEventsProblem {
  text: string;
  /** `actions.{key}` or `triggers.{key}`. */
  path: string;
}

/**
 * The first key of `added` the app already uses, in words: the app's own event by its title
 * ("Demo CRM already has a trigger 'New contact'."), the key where it has none; null when every
 * key is free. Actions are checked before triggers.
 *
 * @example takenEventsProblem(demoCrm, { actions: {}, triggers: { newContact } })?.text
 * // "Demo CRM already has a trigger 'New contact'."
 */
export function takenEventsProblem(
  app: Pick<AppDefinition, 'appName' | 'actions' | 'triggers'>,
  added: WorkspaceEvents,
): TakenEventsProblem | null {
  const taken = takenEventKeys(app, added);
  const [action] = taken.actions;
  if (action !== undefined) {
    const title = app.actions[action].title || action;
    return { text: `${app.appName} already has an action '${title}'.`, path: `actions.${action}` };
  }
  const [trigger] = taken.triggers;
  if (trigger !== undefined) {
    const label = app.triggers[trigger].label || trigger;
    return { text: `${app.appName} already has a trigger '${label}'.`, path: `triggers.${trigger}` };
  }
  return null;
}

/**
 * Why a noun cannot name a new custom trigger of `app`: its `list{Noun}` or `new{Noun}` is a
 * key the app already has ({@link takenEventsProblem}, then 'Choose another noun.'); '' when
 * the noun is free or has no letter or digit yet. `ownKeys` are keys the wizard itself saved
 * (the hidden list action of an earlier test), which it may replace.
 *
 * @example customTriggerNounProblem(demoCrm, 'Contact')
 * // "Demo CRM already has a trigger 'New contact'. Choose another noun."
 */
export function customTriggerNounProblem(
  app: Pick<AppDefinition, 'appName' | 'actions' | 'triggers'>,
  noun: string,
  ownKeys: readonly string[] = [],
): string {
  if (!/[A-Za-z0-9]/.test(noun)) return '';
  const built = buildCustomTrigger({ noun, url: '', fields: [], dataHead: '', dedupeKey: '' });
  const actions = { ...app.actions };
  const triggers = { ...app.triggers };
  for (const key of ownKeys) {
    delete actions[key];
    delete triggers[key];
  }
  const problem = takenEventsProblem(
    { appName: app.appName, actions, triggers },
    { actions: { [built.actionKey]: built.action }, triggers: { [built.triggerKey]: built.trigger } },
  );
  return problem ? `${problem.text} Choose another noun.` : '';
}

/** True for a URL with a `{…}` placeholder other than a leading `{base}`. */
const hasPlaceholder = (url: string) => /\{/.test(url.replace(/^\{base\}/, ''));

/**
 * The endpoint the wizard offers first: the URL of the app's list request — its connection
 * test's action when that is a GET without placeholders (the Demo CRM's
 * `{base}/demo-crm/contacts`), else its first such GET whose key starts with 'list' — with
 * `{base}` read as `origin`; else the app's base URL ({@link appBaseUrlOf}), which lists
 * nothing by itself.
 *
 * @example listEndpointOf(demoCrm, 'http://localhost:3000') // 'http://localhost:3000/demo-crm/contacts'
 */
export function listEndpointOf(
  app: Pick<AppDefinition, 'actions' | 'lambdaURL'> & { authInfo?: { testAuth?: string } },
  origin: string,
): string {
  const isListGet = (key: string | undefined) => {
    const action = key !== undefined && Object.hasOwn(app.actions, key) ? app.actions[key] : undefined;
    return action !== undefined && action.method === 'get' && !hasPlaceholder(action.url);
  };
  const testKey = app.authInfo?.testAuth;
  const key = isListGet(testKey) ? testKey : Object.keys(app.actions).find((k) => /^list/i.test(k) && isListGet(k));
  const url = key ? app.actions[key].url.replace(/^\{base\}/, withoutTrailing(origin, '/')) : '';
  return /^https?:\/\/[^/]+/i.test(url) ? url : appBaseUrlOf(app, origin);
}
