/**
 * Catalogue rules: which apps the App step lists on each tab, how a search matches, how an
 * app's actions group into events, and whether an app needs an account
 * (editor-core 2.8, forms-and-developer-portal 2.3, 9).
 */
import { EVENT_GROUPS, type EventGroup, eventGroup } from './rules.js';
import type { ActionDef, AppDefinition, TriggerDef } from './types.js';

/** The most options an app combo or app picker shows (editor-core 9, forms-dp 9). */
export const APP_OPTIONS_LIMIT = 50;

/** The tabs of the App step: Popular, ALL and Tools (editor-core 2.8). */
export type CatalogTab = 'popular' | 'all' | 'tools';

/** What the catalogue rules read of an app; full definitions and catalogue entries both fit. */
export interface CatalogApp {
  appSlug: string;
  appName?: string;
  source?: string;
  disableAuth?: boolean;
  authInfo?: { apiType?: string };
  /** A catalogue entry's word on {@link hasTriggers} (the server derives it from the definition). */
  hasTriggers?: boolean;
  /** The catalogue entry's category (editor-core 3 "App catalogue entry"). */
  category?: string;
}

/**
 * Built-in apps the Popular tab shows besides the 'first100' catalogue (editor-core 2.8): the
 * Demo CRM, which every workspace can try without an outside account.
 */
export const POPULAR_BUILTIN_APPS: readonly string[] = ['demo-crm'];

/** The data-formatting apps, offered as premium to a free workspace (editor-core 6). */
export const PREMIUM_APPS: readonly string[] = ['formatter'];

/** Tells whether choosing the app is premium (a data-formatting app, editor-core 6). */
export function isPremiumApp(appSlug: string): boolean {
  return PREMIUM_APPS.includes(appSlug);
}

/** The catalogue category of messaging apps (Slack, Telegram, Discord, …). */
export const MESSAGING_CATEGORY = 'Communication';

/**
 * Lists the catalogue's messaging apps (category {@link MESSAGING_CATEGORY}), in catalogue
 * order: the palette's ACTIONS offers them as its messaging action (editor-core 1).
 *
 * @example messagingApps(apps).map((app) => app.appSlug) // ['slack', 'telegram', 'discord', …]
 */
export function messagingApps<T extends CatalogApp>(apps: readonly T[]): T[] {
  return apps.filter((app) => app.category === MESSAGING_CATEGORY);
}

/**
 * Tells whether an app can start a workflow: it has at least one shown trigger. A whole
 * definition answers from its triggers; a catalogue entry from its `hasTriggers` (which the
 * server sets with this rule), absent meaning no. Filter, Delay, HTTP request and Formatter
 * have none.
 *
 * @example hasTriggers(webhookApp) // true
 */
export function hasTriggers(app: {
  hasTriggers?: boolean;
  triggers?: Readonly<Record<string, Pick<TriggerDef, 'hidden'>>>;
}): boolean {
  if (app.triggers) return Object.values(app.triggers).some((trigger) => !trigger.hidden);
  return app.hasTriggers === true;
}

/**
 * Tells whether connecting the app needs an account: auth is not disabled and a scheme is
 * set (editor-core 2.8 step 3 "Account: only when the app needs auth").
 */
export function needsAuth(app: CatalogApp): boolean {
  return app.disableAuth !== true && Boolean(app.authInfo?.apiType);
}

/**
 * Whether a trigger step may choose the app: it has triggers, or it is a service with an
 * account (it needs auth), where a custom trigger can be added ('Let's add an event to {app}!',
 * editor-core 2.8–2.9). Tools without triggers (Filter, Delay, HTTP request, Formatter) never.
 */
export function canTrigger(app: CatalogApp): boolean {
  return hasTriggers(app) || needsAuth(app);
}

/**
 * Lists the apps a tab shows whose name matches the query anywhere, case-insensitive, at most
 * 50, in the given order: Popular is source 'first100' and the {@link POPULAR_BUILTIN_APPS},
 * Tools is apps needing no auth, ALL is every app (editor-core 2.8, forms-dp 2.3). For a
 * trigger (`kind: 'trigger'`) only apps that {@link canTrigger} are listed. The name is
 * appName, else appSlug.
 *
 * @example filterApps(apps, { tab: 'tools', query: 'hoo' }) // [webhook]
 */
export function filterApps<T extends CatalogApp>(
  apps: readonly T[],
  { tab = 'all', query = '', kind = 'action' }: { tab?: CatalogTab; query?: string; kind?: 'trigger' | 'action' } = {},
): T[] {
  const needle = query.trim().toLowerCase();
  const result: T[] = [];
  for (const app of apps) {
    if (kind === 'trigger' && !canTrigger(app)) continue;
    if (tab === 'popular' && app.source !== 'first100' && !POPULAR_BUILTIN_APPS.includes(app.appSlug)) continue;
    if (tab === 'tools' && needsAuth(app)) continue;
    const name = (app.appName || app.appSlug || '').toLowerCase();
    if (needle !== '' && !name.includes(needle)) continue;
    result.push(app);
    if (result.length === APP_OPTIONS_LIMIT) break;
  }
  return result;
}

/** One event the Event step offers: an action key with its title and description. */
export interface EventOption {
  key: string;
  title: string;
  description?: string;
}

/** The events of one group, for the Event step's grouped list. */
export interface EventOptionGroup {
  group: EventGroup;
  events: EventOption[];
}

/**
 * Groups an app's shown actions by method into CREATE, SEARCH and UPDATE, in that order,
 * leaving out hidden actions and empty groups (editor-core 2.8, 3).
 *
 * @example eventsByGroup(demoCrm) // [{ group: 'CREATE', events: [{ key: 'createContact', … }] }]
 */
export function eventsByGroup(app: { actions?: Record<string, ActionDef> }): EventOptionGroup[] {
  const byGroup = new Map<EventGroup, EventOption[]>(EVENT_GROUPS.map((g) => [g, []]));
  for (const [key, action] of Object.entries(app.actions ?? {})) {
    if (action.hidden) continue;
    const option: EventOption = { key, title: action.title || key };
    if (action.description) option.description = action.description;
    byGroup.get(eventGroup(action.method))!.push(option);
  }
  return EVENT_GROUPS.filter((g) => byGroup.get(g)!.length > 0).map((group) => ({
    group,
    events: byGroup.get(group)!,
  }));
}

/**
 * Lists the triggers the Event step offers for a trigger: shown ones, as key and label.
 */
export function visibleTriggers(app: Pick<AppDefinition, 'triggers'>): EventOption[] {
  return Object.entries(app.triggers ?? {})
    .filter(([, trigger]) => !trigger.hidden)
    .map(([key, trigger]) => {
      const option: EventOption = { key, title: trigger.label || key };
      if (trigger.description) option.description = trigger.description;
      return option;
    });
}
