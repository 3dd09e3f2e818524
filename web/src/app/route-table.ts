/**
 * The client route table (forms-dp 2.1): every path the web app answers, as exact
 * react-router patterns. Anything else redirects to /404.
 */
import { matchRoutes } from 'react-router-dom';

/** Every route of forms-dp 2.1, in its order; `:name` marks a path parameter. */
export const ROUTE_PATTERNS = [
  '/',
  '/dashboard',
  '/shopify',
  '/shopify/admin/oauth/redirect_to_install',
  '/executions/:execID',
  '/workflows',
  '/connections',
  '/settings',
  '/audit',
  '/runs',
  '/support',
  '/profile',
  // The Demo CRM's own screens (contacts, Settings → API), signed in; its API is /demo-crm/….
  '/demo-crm',
  '/addAuthForm',
  '/editApps',
  '/form/:formId',
  '/page/:pageId',
  '/develop/',
  '/develop/new',
  '/develop/:appSlug',
  '/develop/:appSlug/authentication',
  '/develop/:appSlug/authentication/edit',
  '/develop/:appSlug/actions',
  // Also serves /develop/{appSlug}/actions/__new__/settings (a new action).
  '/develop/:appSlug/actions/:actionKey/settings',
  // Also serves the trigger editor, /develop/{appSlug}/actions/{triggerKey}/input.
  '/develop/:appSlug/actions/:actionKey/input',
  '/develop/:appSlug/actions/:actionKey/input/:id',
  '/develop/:appSlug/actions/:actionKey/api',
  '/develop/:appSlug/actions/:actionKey/test',
  '/develop/:appSlug/triggers',
  '/develop/:appSlug/triggers/:triggerKey/settings',
  // The user guide (docs/ in the repository); /docs opens its first page.
  '/docs',
  '/docs/:page',
  // Who may come in: a fresh installation's set-up page, an invitation link, the owner's page.
  '/setup',
  '/invite/:token',
  '/instance',
  '/404',
] as const;

/** One pattern of {@link ROUTE_PATTERNS}. */
export type RoutePattern = (typeof ROUTE_PATTERNS)[number];

export { NOT_FOUND_PATH } from './paths.js';

/** A matched route: its pattern and its decoded path parameters. */
export interface RouteMatch {
  pattern: RoutePattern;
  params: Record<string, string>;
}

// Case-sensitive because the spec's routes are exact matches: /Workflows is not /workflows.
const matchable = ROUTE_PATTERNS.map((path) => ({ path, caseSensitive: true }));

/**
 * Finds the route a pathname belongs to, or null when it must go to /404. Static segments
 * win over parameters (/develop/new is not an app called "new"). A trailing slash is
 * tolerated, as react-router does.
 *
 * @example
 * matchAppRoute('/develop/demo-crm/actions') // { pattern: '/develop/:appSlug/actions', params: { appSlug: 'demo-crm' } }
 * matchAppRoute('/workflows/extra')          // null
 */
export function matchAppRoute(pathname: string): RouteMatch | null {
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.[matches.length - 1];
  if (!last) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(last.params)) {
    if (value !== undefined) params[key] = value;
  }
  return { pattern: last.route.path, params };
}
