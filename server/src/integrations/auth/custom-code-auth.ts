/**
 * Custom-code authentication (forms-dp 2.6): an app whose authInfo.apiType is 'customCode'
 * keeps Python in `customCodeInfo.customCode` between core's fixed prefix
 * `def authenticate(inputData, authData):` and suffix `return authData`. Before a credential
 * is used, the code runs in the sandbox (server/src/sandbox: a permission-restricted child,
 * network only through the guarded client) with `authData` = the account's stored values and
 * `inputData` = {}; the dict it returns (e.g. with a session token it fetched) is what the
 * request builder applies (`${auth.session_token}` in requestConfig). A raised exception is a
 * failed connection.
 */
import { Problem } from '../../kernel/errors.js';
import type { HttpClient } from '../../security/http-client.js';
import type { Sandbox } from '../../sandbox/index.js';
import type { RunnableApp } from '../registry.js';

/** The entry point the sandbox calls, added when the code defines `authenticate` only. */
const RUN_WRAPPER = '\n\ndef run(inputData, authData):\n    return authenticate(inputData, authData)\n';

/** Whether the app authenticates with custom code (and has some). */
export function hasCustomAuth(app: Pick<RunnableApp, 'authInfo'>): boolean {
  return app.authInfo?.apiType === 'customCode' && (app.authInfo.customCodeInfo?.customCode ?? '').trim() !== '';
}

/**
 * Runs the app's custom auth code over stored values and answers the values to use; throws a
 * 422 Problem naming 'credential' with the code's error when it fails.
 */
export async function runCustomAuth(
  app: Pick<RunnableApp, 'appName' | 'authInfo'>,
  values: Record<string, string>,
  context: { sandbox: Sandbox; http: HttpClient; workspace?: string },
): Promise<Record<string, string>> {
  const source = app.authInfo?.customCodeInfo?.customCode ?? '';
  const code = /^def run\(/m.test(source) ? source : `${source}${RUN_WRAPPER}`;
  const result = await context.sandbox.run({ code, inputData: {}, authData: { ...values }, http: context.http, workspace: context.workspace });
  if (!result.ok) {
    throw new Problem(422, 'Unprocessable Content', {
      detail: `${app.appName} custom authentication failed: ${result.error.message}`,
      field: 'credential',
    });
  }
  const output = result.output;
  if (output === null || output === undefined) return values;
  if (typeof output !== 'object' || Array.isArray(output)) {
    throw new Problem(422, 'Unprocessable Content', {
      detail: `${app.appName} custom authentication must return authData (a dict).`,
      field: 'credential',
    });
  }
  const merged: Record<string, string> = { ...values };
  for (const [key, value] of Object.entries(output)) {
    if (value === null || value === undefined) continue;
    merged[key] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return merged;
}
