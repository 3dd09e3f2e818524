/**
 * The 401 hook travelling with credential values: `CredentialResolver.valuesFor` attaches it
 * (non-enumerable, so spreads, JSON and redaction never see it) to the values of an OAuth 2.0
 * credential, and `executeStep` uses it when no explicit `onUnauthorized` is given. So any
 * caller that hands the resolved values to `executeStep` (the engine's runner, step tests)
 * gets "refresh after a 401, retry once" without wiring anything.
 */

/** Answers fresh values after a 401, or undefined when the credential cannot be refreshed. */
export type UnauthorizedHook = () => Promise<Record<string, string> | undefined>;

const HOOK = Symbol('junction.credential.onUnauthorized');

/** Attaches `hook` to `values` (non-enumerable) and answers `values`. */
export function withRefreshHook<T extends Record<string, string>>(values: T, hook: UnauthorizedHook): T {
  Object.defineProperty(values, HOOK, { value: hook, enumerable: false, configurable: true });
  return values;
}

/** The hook attached to `values`, if any. */
export function refreshHookOf(values: Record<string, string> | undefined): UnauthorizedHook | undefined {
  if (!values) return undefined;
  const hook = (values as unknown as Record<symbol, unknown>)[HOOK];
  return typeof hook === 'function' ? (hook as UnauthorizedHook) : undefined;
}
