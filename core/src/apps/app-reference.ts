/**
 * How a reference in an app's request reads in the developer portal (forms-dp 2.10: URL, URL
 * Params and Request Body rows reference the form's values as `${inputData.name}` and the
 * account's as `${auth.key}`): a pill 'Input · Name' or 'Account · API Key', as the editor
 * shows step references (editor-core 2.7), red with the reason when it names nothing.
 */
import type { Reference } from '../workflow/path.js';
import type { ReferenceView } from '../workflow/reference-view.js';
import type { ActionDef, AuthInfo } from './types.js';

// The account values the auth schemes read besides the app's own form fields (as request-preview).
const SCHEME_KEYS = ['api_key', 'username', 'password', 'access_token'];

/** What the portal's references may name: the action's fields and the app's account fields. */
export interface AppReferenceSources {
  fields?: ActionDef['fields'];
  authInfo?: AuthInfo;
}

/** The account form fields of every scheme, by key. */
function accountTitles(authInfo: AuthInfo | undefined): Map<string, string> {
  const titles = new Map<string, string>(SCHEME_KEYS.map((key) => [key, key]));
  const info = authInfo ?? {};
  for (const list of [info.basicFormFields, info.apikeyFormFields, info.oauthFormFields, info.customCodeFormFields]) {
    for (const field of list ?? []) if (field.key.trim() !== '') titles.set(field.key, field.title || field.key);
  }
  return titles;
}

/**
 * Describes one `${inputData.…}` or `${auth.…}` reference of a portal request for its pill:
 * the field's title (else its name) after 'Input' or 'Account', with a problem when the action
 * has no such field or the account no such value, or when the reference is neither.
 *
 * @example
 * describeAppReference(parseReferences('${inputData.item}')[0], { fields: [{ name: 'item', title: 'Item', … }] });
 * // { label: 'Input · Item', … }
 */
export function describeAppReference(ref: Reference, sources: AppReferenceSources): ReferenceView {
  const base = { raw: ref.raw, stepId: ref.stepId, path: ref.path, stepName: '' };
  const name = ref.path;
  if (ref.stepId === 'inputData') {
    const field = (sources.fields ?? []).find((f) => f.name === name);
    if (field) return { ...base, stepName: 'Input', label: `Input · ${field.title || field.name}` };
    return {
      ...base,
      stepName: 'Input',
      label: `Input · ${name || 'all values'}`,
      problem: name ? `"${name}" is not a field of this action's Form Design.` : 'Name one field: ${inputData.name}.',
    };
  }
  if (ref.stepId === 'auth') {
    const title = accountTitles(sources.authInfo).get(name);
    if (title) return { ...base, stepName: 'Account', label: `Account · ${title}` };
    return {
      ...base,
      stepName: 'Account',
      label: `Account · ${name || 'all values'}`,
      problem: name ? `"${name}" is not a value of this app's account form.` : 'Name one account value: ${auth.key}.',
    };
  }
  return {
    ...base,
    label: ref.raw.slice(2, -1).trim(),
    problem: 'Only ${inputData.…} (a form field) and ${auth.…} (an account value) are filled in here.',
  };
}
