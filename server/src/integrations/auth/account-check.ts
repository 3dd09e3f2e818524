/**
 * Checks an API-key or basic-auth account before it is saved: the app's test request
 * (`authInfo.testAuth`, else a GET of its Request URL `requestConfig.url`) runs with the typed
 * values, as the portal's Test panel does, and a refusal answers the service's own words
 * ('Items Hub answered 401: invalid api key').
 */
import { AUTH_REQUEST_URL_ACTION, requestUrlTestAction } from '@junction/core';
import type { HttpClient } from '../../security/http-client.js';
import { createHttpClient } from '../../security/http-client.js';
import type { IntegrationDeps } from '../deps.js';
import { executeStep } from '../executor.js';
import { type AppRegistry, allowedHostsFor, appBaseUrl, type RunnableApp } from '../registry.js';

/** How long the check on save waits for the service. */
const CHECK_TIMEOUT_MS = 30_000;

/** The outcome of a check: `checked: false` when the app has nothing to check with or cannot be reached. */
export type AccountCheckResult = { ok: true; checked: boolean } | { ok: false; message: string };

/** Checks typed account values against their app; see {@link createAccountCheck}. */
export type AccountCheck = (
  tenantId: string,
  appSlug: string,
  values: Record<string, string>,
) => Promise<AccountCheckResult>;

/**
 * True for the schemes whose values can be proven by one request before saving: API key and
 * basic auth with a test action. OAuth accounts come back from the provider already proven;
 * custom-code auth runs its own code when used.
 */
export function isCheckedOnSave(app: Pick<RunnableApp, 'authInfo' | 'actions'>): boolean {
  const { apiType } = app.authInfo ?? {};
  return (apiType === 'apikey' || apiType === 'basic') && withAuthTestRequest(app) !== null;
}

/**
 * The app and the action key an API-key or basic-auth test sends: the named test action, else
 * a GET of the app's Request URL (core requestUrlTestAction) added under a key no real action
 * has. Null when the app declares neither.
 */
export function withAuthTestRequest<T extends Pick<RunnableApp, 'authInfo' | 'actions'>>(
  app: T,
): { app: T; actionKey: string } | null {
  const testAuth = app.authInfo?.testAuth;
  if (testAuth && Object.hasOwn(app.actions, testAuth)) return { app, actionKey: testAuth };
  const request = requestUrlTestAction(app.authInfo);
  if (!request) return null;
  return {
    app: { ...app, actions: { ...app.actions, [AUTH_REQUEST_URL_ACTION]: request } },
    actionKey: AUTH_REQUEST_URL_ACTION,
  };
}

/**
 * Builds the check the credentials service runs on create and on 'Update connection info'.
 * Unknown apps and apps without a test are not checked (`checked: false`); a failure is a
 * result, never a throw.
 */
export function createAccountCheck(deps: Pick<IntegrationDeps, 'config'> & { registry: AppRegistry }): AccountCheck {
  return async (tenantId, appSlug, values) => {
    const app = await deps.registry.resolve(tenantId, appSlug);
    // The built-in Demo CRM is checked like any app: its own API answers a wrong key 401.
    if (!app || !isCheckedOnSave(app)) return { ok: true, checked: false };
    const test = withAuthTestRequest(app);
    if (!test) return { ok: true, checked: false };
    const http: HttpClient = createHttpClient({
      allowedHosts: allowedHostsFor(app, deps.config),
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    try {
      const run = await executeStep({
        app: test.app,
        actionKey: test.actionKey,
        values: {},
        credential: values,
        base: appBaseUrl(app, deps.config.publicUrl),
        http,
        isTest: true,
      });
      if (run.ok) return { ok: true, checked: true };
      // Only the service's own refusal (4xx) proves the values wrong; when it cannot be
      // reached, the account is kept and 'Check connection' reports later.
      const status = run.response?.status ?? 0;
      if (status < 400 || status >= 500) return { ok: true, checked: false };
      return { ok: false, message: run.error?.message ?? `${app.appName} answered ${status}.` };
    } finally {
      await http.close();
    }
  };
}
