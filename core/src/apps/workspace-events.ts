/**
 * Events a workspace adds to an app it does not own (onboarding 2, 4 "Custom-trigger wizard"):
 * the wizard works for any app — catalogue, built-in or another workspace's published app — and
 * what it creates (the hidden list action and the polling trigger) is kept per workspace and
 * laid over the app for that workspace only.
 */
import { withoutTrailing } from '../text/trailing.js';
import type { ActionDef, AppDefinition, TriggerDef } from './types.js';

/** The actions and triggers one workspace added to one app. */
export interface WorkspaceEvents {
  actions: Record<string, ActionDef>;
  triggers: Record<string, TriggerDef>;
}

/** A change to a workspace's additions: keys to add or replace, keys to take out. */
export interface WorkspaceEventsChange extends WorkspaceEvents {
  remove?: string[];
}

/** The additions after a change: earlier ones kept unless replaced or removed. */
export function applyWorkspaceEventsChange(
  earlier: WorkspaceEvents | undefined,
  change: WorkspaceEventsChange,
): WorkspaceEvents {
  const actions = { ...earlier?.actions, ...change.actions };
  const triggers = { ...earlier?.triggers, ...change.triggers };
  for (const key of change.remove ?? []) {
    delete actions[key];
    delete triggers[key];
  }
  return { actions, triggers };
}

/** No additions. */
export const NO_WORKSPACE_EVENTS: WorkspaceEvents = { actions: {}, triggers: {} };

/**
 * The app as one workspace sees it: the app's own actions and triggers plus the workspace's
 * additions. The app's own keys win, so an addition never changes what the app's authors wrote.
 *
 * @example withWorkspaceEvents(slack, { actions: { listTodo }, triggers: { newTodo } }).triggers.newTodo
 */
export function withWorkspaceEvents<T extends Pick<AppDefinition, 'actions' | 'triggers'>>(
  app: T,
  added: WorkspaceEvents | undefined,
): T {
  if (!added || (Object.keys(added.actions).length === 0 && Object.keys(added.triggers).length === 0)) return app;
  return {
    ...app,
    actions: { ...added.actions, ...app.actions },
    triggers: { ...added.triggers, ...app.triggers },
  };
}

/** The keys of `added` that the app itself already uses (an addition may not take them). */
export function takenEventKeys(
  app: Pick<AppDefinition, 'actions' | 'triggers'>,
  added: WorkspaceEvents,
): { actions: string[]; triggers: string[] } {
  return {
    actions: Object.keys(added.actions).filter((key) => Object.hasOwn(app.actions, key)),
    triggers: Object.keys(added.triggers).filter((key) => Object.hasOwn(app.triggers, key)),
  };
}

/**
 * The address an endpoint of the app starts from, offered by the wizard: the app's lambdaURL
 * when set, else the longest shared start (up to a '/') of its actions' absolute URLs, with
 * `{base}` read as `origin` (Junction's own address, where the built-in Demo CRM lives); ''
 * when the app names no URL.
 *
 * @example appBaseUrlOf({ actions: { a: { url: 'https://slack.com/api/chat.postMessage' } } }, o) // 'https://slack.com/api/'
 */
export function appBaseUrlOf(app: Pick<AppDefinition, 'actions' | 'lambdaURL'>, origin: string): string {
  if (app.lambdaURL && /^https?:\/\//i.test(app.lambdaURL)) return `${withoutTrailing(app.lambdaURL, '/')}/`;
  const urls = Object.values(app.actions)
    .map((action) => (action.url ?? '').replace(/^\{base\}/, withoutTrailing(origin, '/')))
    .filter((url) => /^https?:\/\/[^/]+/i.test(url));
  if (urls.length === 0) return '';
  let shared = urls[0];
  for (const url of urls.slice(1)) {
    let i = 0;
    while (i < shared.length && i < url.length && shared[i] === url[i]) i += 1;
    shared = shared.slice(0, i);
  }
  const origin0 = /^https?:\/\/[^/]+/i.exec(urls[0])?.[0] ?? '';
  const cut = shared.lastIndexOf('/');
  // Never shorter than the origin itself: 'https://a.example' + '/'.
  return cut >= origin0.length ? shared.slice(0, cut + 1) : `${origin0}/`;
}
