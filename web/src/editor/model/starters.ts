/**
 * Starting points from the editor's address (onboarding 2): `template` 0, 1, 2, 4 or 5 and
 * `app1`, `action1`, `app2`, `action2` become a new workflow made by POST /api/starters (the
 * editor store's `openStarter`).
 */

/** The address parameters that describe a starting point. */
export const STARTER_PARAMS = ['template', 'app1', 'action1', 'app2', 'action2'] as const;

/** What POST /api/starters takes. */
export interface StarterRequest {
  template?: 0 | 1 | 2 | 4 | 5;
  app1?: string;
  action1?: string;
  app2?: string;
  action2?: string;
}

const TEMPLATE_NUMBERS = new Set([0, 1, 2, 4, 5]);

/**
 * Reads the starting point from a query string; null when it asks for none. A `template` that
 * is not 0, 1, 2, 4 or 5 is ignored (a blank workflow opens, as without it).
 *
 * @example readStarterRequest('?template=2&app2=http') // { template: 2, app2: 'http' }
 */
export function readStarterRequest(search: string): StarterRequest | null {
  const params = new URLSearchParams(search);
  const request: StarterRequest = {};
  const template = params.get('template');
  if (template !== null && /^\d$/.test(template.trim()) && TEMPLATE_NUMBERS.has(Number(template))) {
    request.template = Number(template) as StarterRequest['template'];
  }
  for (const key of ['app1', 'action1', 'app2', 'action2'] as const) {
    const value = params.get(key)?.trim();
    if (value) request[key] = value;
  }
  return Object.keys(request).length > 0 ? request : null;
}

/** Tells whether the address asks for a starter or preselected apps. */
export function wantsStarter(search: string): boolean {
  return readStarterRequest(search) !== null;
}

/** Returns the query string without the starter parameters. */
export function withoutStarterParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of STARTER_PARAMS) params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : '';
}
