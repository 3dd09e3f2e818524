/**
 * What an action will send before any value is known (forms-dp 2.10, API Configuration's
 * Step 2 'Test API Request'): the request `buildRequest` makes when every field holds a
 * placeholder naming it («Item») and every account value one naming its key («api_key»).
 * The portal shows it beside the configuration, so an author sees the method, address,
 * query, headers and body the Test tab will send.
 */
import { buildRequest, type RequestResult } from './request.js';
import type { ActionDef, AppDefinition, AuthFormField } from './types.js';

// The account values the auth schemes read besides the app's own form fields.
const SCHEME_KEYS = ['api_key', 'username', 'password', 'access_token'];

/** A placeholder standing for a value the user gives later. */
export function previewPlaceholder(name: string): string {
  return `«${name}»`;
}

/**
 * Builds the request an action would send, with placeholders for the step's values and the
 * account's; `{base}` stays as written. A custom-code action answers the 'custom-code' problem.
 *
 * @example
 * const preview = previewActionRequest(app, app.actions.create_order);
 * if (preview.ok) show(preview.request.method, preview.request.url, preview.request.body);
 */
export function previewActionRequest(
  app: Pick<AppDefinition, 'authInfo'> & Partial<Pick<AppDefinition, 'disableAuth'>>,
  action: ActionDef,
): RequestResult {
  const values: Record<string, unknown> = {};
  for (const field of Array.isArray(action.fields) ? action.fields : []) {
    // A hidden field with its own value sends that value.
    if (field.hidden && field.value !== undefined) continue;
    values[field.name] = previewPlaceholder(field.title || field.name);
  }
  const info = app.authInfo ?? {};
  const formFields: AuthFormField[] = [
    ...(info.basicFormFields ?? []),
    ...(info.apikeyFormFields ?? []),
    ...(info.oauthFormFields ?? []),
    ...(info.customCodeFormFields ?? []),
  ];
  const credential: Record<string, string> = {};
  for (const key of [...SCHEME_KEYS, ...formFields.map((f) => f.key)]) credential[key] = previewPlaceholder(key);
  return buildRequest({ app, action, values, credential, base: '{base}' });
}
