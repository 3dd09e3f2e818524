/**
 * Runs a portal app's authentication test and an action's Test tab (forms-dp 2.6, 2.10): the
 * values to test with, the request through `executeStep` and the guarded client, and the
 * answer with the account's secrets redacted. Failures are results, never throws.
 */
import { type AppDefinition, findTestAction, NO_TEST_ACTION_MESSAGE } from '@junction/core';
import { withAuthTestRequest } from '../integrations/auth/account-check.js';
import { executeStep } from '../integrations/executor.js';
import { allowedHostsFor, appBaseUrl, type RunnableApp } from '../integrations/registry.js';
import type { AuthTestResultView } from '../kernel/contracts/apps.js';
import { nowIso } from '../kernel/clock.js';
import { unprocessable } from '../kernel/errors.js';
import type { PlatformDeps } from '../deps.js';
import { SECRET_SENTINEL } from '../kernel/types.js';
import { createHttpClient } from '../security/http-client.js';
import { credentialRedactor } from '../security/redact.js';

/** Time limit of one test request. */
const TEST_TIMEOUT_MS = 30_000;

/** Builds the test runner of the apps service. */
export function createAppTestRunner(deps: PlatformDeps) {
  return { valuesForTest, runAuthTest, runActionTest };

  /** The auth values a test runs with: the given values, a stored account of the tenant, or none. */
  async function valuesForTest(
    tenantId: string,
    app: RunnableApp,
    input: { credential?: string | null; values?: Record<string, string> },
  ): Promise<Record<string, string>> {
    if (input.values) {
      for (const [key, value] of Object.entries(input.values)) {
        if (value === SECRET_SENTINEL) {
          throw unprocessable('Type the value to test with; a stored secret cannot be reused here.', `values.${key}`);
        }
      }
      return { ...input.values };
    }
    if (input.credential) return deps.credentialResolver.valuesFor(tenantId, input.credential, app);
    return {};
  }

  /** Runs the test action (forms-dp 2.6, 5, 8); failures are results, never throws. */
  async function runAuthTest(app: RunnableApp, authValues: Record<string, string>): Promise<AuthTestResultView> {
    // API key and basic auth may declare a Request URL instead of a test action (forms-dp 3).
    const byRequestUrl =
      app.authInfo?.apiType !== 'oauth2' && !app.authInfo?.testAuth ? withAuthTestRequest(app) : null;
    if (byRequestUrl) return runActionTest(byRequestUrl.app, byRequestUrl.actionKey, {}, authValues);
    const testKey = chooseTestAction(app);
    if (!testKey) {
      const testedAt = nowIso(deps);
      return { ok: false, response: { error: NO_TEST_ACTION_MESSAGE }, message: NO_TEST_ACTION_MESSAGE, testedAt };
    }
    return runActionTest(app, testKey, {}, authValues);
  }

  /** Sends one action with the given values and auth values; the answer and the request, secrets redacted. */
  async function runActionTest(
    app: RunnableApp,
    actionKey: string,
    values: Record<string, unknown>,
    authValues: Record<string, string>,
  ): Promise<AuthTestResultView> {
    const testedAt = nowIso(deps);
    const http = createHttpClient({
      allowedHosts: allowedHostsFor(app, deps.config),
      timeoutMs: TEST_TIMEOUT_MS,
    });
    try {
      const run = await executeStep({
        app,
        actionKey,
        values,
        credential: authValues,
        base: appBaseUrl(app, deps.config.publicUrl),
        http,
        isTest: true,
      });
      // The answer is stored on the app (which other tenants may see once published): an
      // API that echoes the key back must not leak it.
      const redactor = credentialRedactor(app, authValues);
      const hide = redactor.value;
      const result: AuthTestResultView = {
        ok: run.ok,
        response: hide(run.output),
        message: run.ok
          ? 'Request Successful'
          : `Request Failed${run.error ? `: ${redactor.text(run.error.message)}` : ''}`,
        testedAt,
      };
      if (run.response) result.statusCode = run.response.status;
      if (run.codeRequests) {
        // Custom code (forms-dp 2.10): every request it sent, so the Test tab shows what happened.
        const last = run.codeRequests.at(-1);
        result.http = {
          customCode: true,
          requests: run.codeRequests,
          request: last?.request ?? null,
          response: last?.response ?? null,
        };
      } else if (run.request || run.response) {
        result.http = {
          request: run.request ?? null,
          response: run.response
            ? { status: run.response.status, headers: hide(run.response.headers), durationMs: run.response.durationMs }
            : null,
        };
      }
      return result;
    } finally {
      await http.close();
    }
  }
}

/** The test action: OAuth 2.0 needs a simple GET action; other schemes use testAuth, else the first simple GET. */
function chooseTestAction(app: RunnableApp): string | null {
  const authInfo = app.authInfo ?? {};
  if (authInfo.apiType !== 'oauth2' && authInfo.testAuth && Object.hasOwn(app.actions, authInfo.testAuth)) {
    return authInfo.testAuth;
  }
  return findTestAction(app as AppDefinition)?.key ?? null;
}
