/**
 * Which values of a connected account (a credential) are secret. Every value is secret unless
 * the app's definition marks its auth field public (`public: true` on an auth form field: a
 * shop name, a region, an account SID), or it is one of the facts an OAuth 2.0 token answer
 * carries beside the tokens (expiry, token type, scope, the account's API origin). Secrets are
 * sealed at rest, never answered, and removed from everything stored or shown.
 */
import type { AppDefinition, AuthFormField } from './types.js';

/** Values the OAuth 2.0 flow stores beside the tokens; they say nothing that grants access. */
export const OAUTH_PUBLIC_KEYS: readonly string[] = [
  'expires_at',
  'token_type',
  'scope',
  'instance_url',
  'owner',
  'organization',
];

/** What a basic-auth app asks for when its definition names no fields (forms-dp 2.6). */
export const DEFAULT_BASIC_FORM_FIELDS: readonly AuthFormField[] = [
  { key: 'username', title: 'Username' },
  { key: 'password', title: 'Password' },
];

type AuthFields = Pick<NonNullable<AppDefinition['authInfo']>, 'apiType'> & {
  basicFormFields?: AuthFormField[];
  apikeyFormFields?: AuthFormField[];
  oauthFormFields?: AuthFormField[];
  customCodeFormFields?: AuthFormField[];
};

/**
 * The credential keys an app declares public: its auth form fields marked `public: true`, and
 * for OAuth 2.0 apps the token answer's non-secret facts ({@link OAUTH_PUBLIC_KEYS}). Any other
 * key is secret.
 *
 * @example
 * publicCredentialKeys({ authInfo: { apiType: 'apikey', apikeyFormFields: [
 *   { key: 'shop', public: true }, { key: 'api_key' }] } }); // Set { 'shop' }
 */
export function publicCredentialKeys(app: { authInfo?: AuthFields } | undefined): Set<string> {
  const info = app?.authInfo ?? {};
  const keys = new Set<string>();
  for (const list of [info.basicFormFields, info.apikeyFormFields, info.oauthFormFields, info.customCodeFormFields]) {
    for (const field of list ?? []) if (field?.public === true && typeof field.key === 'string') keys.add(field.key);
  }
  if (info.apiType === 'oauth2') for (const key of OAUTH_PUBLIC_KEYS) keys.add(key);
  return keys;
}

/**
 * Splits a credential's values into the secret ones (to seal) and the public ones (stored and
 * answered as they are), by the app's definition; secret by default.
 *
 * @example
 * splitCredentialValues(app, { shop: 'acme', api_key: 'k1', pin: '1234' });
 * // { secrets: { api_key: 'k1', pin: '1234' }, publicValues: { shop: 'acme' } }
 */
export function splitCredentialValues(
  app: { authInfo?: AuthFields } | undefined,
  values: Record<string, string>,
): { secrets: Record<string, string>; publicValues: Record<string, string> } {
  const publicKeys = publicCredentialKeys(app);
  const secrets: Record<string, string> = {};
  const publicValues: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (publicKeys.has(key)) publicValues[key] = value;
    else secrets[key] = value;
  }
  return { secrets, publicValues };
}

/**
 * The fields the account form asks for, by the app's auth scheme (editor-core 2.5: API-key and
 * basic accounts are typed in; OAuth 2.0 accounts sign in through the pop-up, so none). A basic
 * app without its own fields asks for {@link DEFAULT_BASIC_FORM_FIELDS}.
 *
 * @example
 * accountFormFields({ authInfo: { apiType: 'basic' } }).map((f) => f.key); // ['username', 'password']
 * accountFormFields({ authInfo: { apiType: 'oauth2' } }); // []
 */
export function accountFormFields(app: { authInfo?: AuthFields } | null | undefined): AuthFormField[] {
  const info = app?.authInfo;
  if (!info) return [];
  if (info.apiType === 'apikey') return info.apikeyFormFields ?? [];
  if (info.apiType === 'basic') return info.basicFormFields ?? DEFAULT_BASIC_FORM_FIELDS.map((field) => ({ ...field }));
  if (info.apiType === 'customCode') return info.customCodeFormFields ?? [];
  return [];
}
