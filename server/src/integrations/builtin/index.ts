/**
 * The catalogue of built-in apps: Schedule, Webhook, Forms by Junction,
 * HTTP request, Filter, Delay, Formatter and the Demo CRM, followed by the third-party apps of
 * the app catalogue (`../catalogue/`).
 */

import type { AppDefinition } from '@junction/core';
import { CATALOGUE_APPS } from '../catalogue/index.js';
import { demoCrmApp } from './demo-crm.js';
import { delayApp, filterApp, httpApp } from './flow.js';
import { formatterApp } from './formatter.js';
import { alertsApp } from './alerts.js';
import { formsApp, webhookApp } from './hooks.js';
import { scheduleApp } from './schedule.js';
import type { BuiltinAppDefinition } from './types.js';

const BUILTIN_APPS: readonly BuiltinAppDefinition[] = [
  scheduleApp,
  webhookApp,
  formsApp,
  alertsApp,
  httpApp,
  filterApp,
  delayApp,
  formatterApp,
  demoCrmApp,
  ...CATALOGUE_APPS,
];

const BY_SLUG = new Map(BUILTIN_APPS.map((app) => [app.appSlug, app]));

/**
 * Lists the built-in app definitions, in the order the catalogue shows them. Callers get the
 * shared objects: copy before changing one (`structuredClone`).
 */
export function listBuiltinApps(): readonly BuiltinAppDefinition[] {
  return BUILTIN_APPS;
}

/**
 * Returns the built-in app with this slug, or undefined.
 *
 * @example getBuiltinApp('demo-crm')?.authInfo.testAuth // 'listContacts'
 */
export function getBuiltinApp(slug: string): BuiltinAppDefinition | undefined {
  return BY_SLUG.get(slug);
}

/** Tells whether a slug names a built-in app (its definition cannot be edited in the portal). */
export function isBuiltinApp(slug: string): boolean {
  return BY_SLUG.has(slug);
}

/**
 * Copies a built-in definition into core's plain AppDefinition, without the `builtin`
 * executor keys: what the API answers (openapi.yaml's ActionDef allows no extra keys).
 *
 * @example toAppDefinition(getBuiltinApp('formatter')!).actions.text // no 'builtin' key
 */
export function toAppDefinition(app: BuiltinAppDefinition): AppDefinition {
  const copy = structuredClone(app);
  const actions: AppDefinition['actions'] = {};
  for (const [key, { builtin: _executor, ...action }] of Object.entries(copy.actions)) actions[key] = action;
  return { ...copy, actions };
}
