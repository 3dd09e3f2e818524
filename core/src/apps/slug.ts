/**
 * The app slug rule: the shape every app key follows, and which keys a new portal app may not
 * take (onboarding 3 "App auth info": a lower-case identifier; forms-dp 2.11: the storefront
 * hand-off finds its app by slug, so a slug that names something of the instance must not be
 * declarable by any workspace).
 */

/**
 * A lower-case identifier: letters, numbers, and single hyphens or underscores between them
 * (no leading, trailing or doubled separator, so `shopify-` or `-shopify` cannot pose as
 * `shopify`).
 */
export const APP_SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** The message for a slug of the wrong shape. */
export const APP_SLUG_SHAPE_MESSAGE =
  'appSlug must be a lower-case identifier: lower-case letters and numbers, with single hyphens or underscores between them.';

/**
 * Names no portal app may take whatever the instance holds: the names of JavaScript's object
 * prototype (a slug is used as a map key), and words of the product's own pages and paths
 * (`/develop/new`, `/api`, ...), which would read as Junction's own.
 */
export const RESERVED_APP_SLUG_WORDS: readonly string[] = [
  // Object.prototype and function members, lower-cased.
  'constructor',
  'prototype',
  'proto',
  '__proto__',
  'tostring',
  'tolocalestring',
  'valueof',
  'hasownproperty',
  'isprototypeof',
  'propertyisenumerable',
  '__definegetter__',
  '__definesetter__',
  '__lookupgetter__',
  '__lookupsetter__',
  'null',
  'undefined',
  // The product's pages, routes and words.
  'new',
  'edit',
  'develop',
  'developer',
  'developers',
  'admin',
  'administrator',
  'root',
  'system',
  'api',
  'apps',
  'app',
  'auth',
  'oauth',
  'hooks',
  'form',
  'forms',
  'page',
  'portal',
  'settings',
  'support',
  'help',
  'docs',
  'static',
  'assets',
  'public',
  'dashboard',
  'junction',
  'official',
  'builtin',
  'catalogue',
  'catalog',
];

/**
 * The form two slugs are compared in: lower case without hyphens and underscores, so
 * `demo_crm`, `demo-crm` and `democrm` count as one name.
 *
 * @example
 * appSlugSkeleton('Demo_CRM') // 'democrm'
 */
export function appSlugSkeleton(slug: string): string {
  return slug.toLowerCase().replace(/[-_]/g, '');
}

/** Why a slug cannot be taken. */
export type AppSlugProblem = { reason: 'shape' | 'reserved'; message: string };

/**
 * Checks the slug of a new portal app: its shape, then whether it is (or looks like) a reserved
 * word or one of `taken` (the instance's built-in and catalogue apps, its hand-offs). Answers
 * undefined when the slug may be used; never throws.
 *
 * @example
 * checkNewAppSlug('shopify-', ['shopify'])?.reason // 'shape'
 * checkNewAppSlug('shop_ify', ['shopify'])?.reason // 'reserved'
 * checkNewAppSlug('my-shop', ['shopify']) // undefined
 */
export function checkNewAppSlug(slug: string, taken: Iterable<string> = []): AppSlugProblem | undefined {
  if (!APP_SLUG_PATTERN.test(slug)) return { reason: 'shape', message: APP_SLUG_SHAPE_MESSAGE };
  const skeleton = appSlugSkeleton(slug);
  for (const word of RESERVED_APP_SLUG_WORDS) {
    if (appSlugSkeleton(word) === skeleton) {
      return { reason: 'reserved', message: `'${slug}' is reserved for Junction itself; choose another name.` };
    }
  }
  for (const name of taken) {
    if (appSlugSkeleton(name) === skeleton) {
      const same = name === slug ? `'${slug}' is` : `'${slug}' looks like '${name}', which is`;
      return { reason: 'reserved', message: `${same} an app of this server; choose another name.` };
    }
  }
  return undefined;
}
