/**
 * The action executor: one step's action, values and credential →
 * core builds the request (or a built-in runs in-process) → the guarded client sends it →
 * one result with the request (secrets redacted), the response and the step's output.
 * Failures are results, never throws; their output is recognised by core's `isErrorResult`.
 */
import {
  type ActionDef,
  type AppDefinition,
  buildCustomRequest,
  buildRequest,
  type HttpRequest,
  type RequestProblem,
  truncateResults,
} from '@junction/core';
import {
  type HttpClient,
  type HttpClientErrorCode,
  type HttpResponse,
  isHttpClientError,
} from '../security/http-client.js';
import { credentialRedactor, REDACTED, type Redactor } from '../security/redact.js';
import { getDefaultSandbox, type Sandbox, type SandboxErrorCode } from '../sandbox/index.js';
import { refreshHookOf } from './auth/refresh-hook.js';
import { type CodeRequest, recordingClient } from './code-requests.js';
import { toCustomRequestInput } from './builtin/flow.js';
import { runBuiltinAction } from './builtin/run-builtin.js';
import type { BuiltinActionDef, BuiltinAppDefinition } from './builtin/types.js';
import { type RetryOptions, withRetries } from './retries.js';

/** What replaces a secret in a recorded request (security/redact.ts). */
export { REDACTED };

/** Stable codes of step failures. */
export type StepErrorCode =
  | 'unknown-action'
  | 'invalid-input'
  | 'http-status'
  | 'credential'
  | HttpClientErrorCode
  | SandboxErrorCode;

/** Why a step failed; `field` names the input at fault, `status` the HTTP status. */
export interface StepError {
  code: StepErrorCode;
  message: string;
  field?: string;
  status?: number;
}

/** What {@link executeStep} needs. */
export interface ExecuteStepInput {
  app: AppDefinition | BuiltinAppDefinition;
  actionKey: string;
  /** Field values with references to earlier steps already resolved. */
  values: Record<string, unknown>;
  /** The decrypted credential's values (api_key, access_token, username/password…). */
  credential?: Record<string, string>;
  /** What `{base}` stands for: the app's API origin (Junction's own origin for the Demo CRM). */
  base: string;
  http: HttpClient;
  /** A step test (editor-core 5.3): the output's arrays are cut to 50 entries. */
  isTest?: boolean;
  /** Retries on network errors, 429 and 5xx; none when absent. */
  retries?: RetryOptions;
  /** The run's clock (delays compute their resume time from it). */
  now?: () => Date;
  /**
   * Called once when the remote answers 401: answers fresh credential values (an OAuth 2.0
   * refresh, see CredentialResolver.forStep) and the request is sent once more with them;
   * undefined keeps the 401. A throw (e.g. 'Connection expired, please reconnect an
   * account') becomes the step's failure. Default: the hook the credential resolver attached
   * to `credential` (auth/refresh-hook.ts), so resolved OAuth 2.0 values refresh on their own.
   */
  onUnauthorized?: () => Promise<Record<string, string> | undefined>;
  /** Where custom-code actions run (forms-dp 2.10); default the process-wide sandbox. */
  sandbox?: Sandbox;
  /** The workspace the step runs for: the sandbox pool is shared fairly between workspaces. */
  workspace?: string;
  /** When the step's time budget ends (epoch ms): waiting for a sandbox counts against it. */
  deadline?: number;
  /**
   * Sent as the `Idempotency-Key` header (unless the request already has one), the same on
   * every retry and on a re-run after a crash mid-step, so a target that honours it applies
   * the effect once (the engine passes `{executionId}:{stepId}`).
   */
  idempotencyKey?: string;
}

/** The outcome of one step. */
export interface StepExecution {
  ok: boolean;
  /** The request as sent, with credential values and auth headers redacted; absent for in-process steps. */
  request?: HttpRequest;
  response?: HttpResponse;
  /**
   * What the step yields to later steps: the response body (or `{ status_code }` when empty),
   * or a built-in's output. On failure `{ error, … }`, so core's `isErrorResult` is true.
   */
  output: unknown;
  error?: StepError;
  /** A custom-code action: every request the code sent, in order (none is `[]`), secrets redacted. */
  codeRequests?: CodeRequest[];
}

/**
 * Runs one action of an app.
 *
 * @example
 * const result = await executeStep({ app: demoCrmApp, actionKey: 'createContact',
 *   values: { email: 'ada@example.com' }, credential: { api_key: key }, base: config.publicUrl, http });
 * result.ok; // true
 * result.output; // { id: '…', email: 'ada@example.com', … }
 */
export async function executeStep(input: ExecuteStepInput): Promise<StepExecution> {
  const { app, actionKey, values } = input;
  const actions = app.actions as Record<string, BuiltinActionDef | ActionDef>;
  const action = Object.hasOwn(actions, actionKey) ? (actions[actionKey] as BuiltinActionDef) : undefined;
  if (!action) {
    return failed({ code: 'unknown-action', message: `${app.appName} has no action '${actionKey}'.` });
  }
  const now = input.now ?? (() => new Date());
  if (action.builtin && action.builtin !== 'http') {
    const outcome = runBuiltinAction(action.builtin, actionKey, values, now());
    if (!outcome.ok) return invalid(outcome.errors);
    return { ok: true, output: input.isTest ? truncateResults(outcome.output) : outcome.output };
  }

  if (action.customForm?.custom === true) return runCustomCode(input, action);

  const build = (credential: Record<string, string> | undefined) =>
    withIdempotencyKey(
      action.builtin === 'http'
        ? buildCustomRequest(toCustomRequestInput(values))
        : buildRequest({ app, action, values, credential, base: input.base }),
      input.idempotencyKey,
    );
  let credential = input.credential;
  // One redactor per credential's values for the request, the answer and errors alike.
  let redactor = credentialRedactor(app, credential);
  let built = build(credential);
  if (!built.ok) return invalid(built.errors);
  let request = redactRequest(built.request, app, credential, redactor);

  let response: HttpResponse;
  try {
    const sendBuilt = (ready: HttpRequest) => {
      const send = () => input.http.send(ready);
      return input.retries ? withRetries(send, input.retries) : send();
    };
    response = await sendBuilt(built.request);
    const onUnauthorized = input.onUnauthorized ?? refreshHookOf(input.credential);
    if (response.status === 401 && onUnauthorized && action.builtin !== 'http') {
      let fresh: Record<string, string> | undefined;
      try {
        fresh = await onUnauthorized();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ...failed({ code: 'credential', message, status: 401 }), request };
      }
      if (fresh) {
        credential = fresh;
        redactor = credentialRedactor(app, credential);
        built = build(credential);
        if (!built.ok) return invalid(built.errors);
        request = redactRequest(built.request, app, credential, redactor);
        response = await sendBuilt(built.request);
      }
    }
  } catch (error) {
    if (!isHttpClientError(error)) throw error;
    // A network error may quote the URL, which can carry a key.
    const message = redactor.text(error.message);
    return { ...failed({ code: error.code, message }), request };
  }

  // A remote that echoes the credential back (some APIs answer with the key they were sent)
  // must not carry it into step records, test answers, errors or later steps' data.
  const hide = redactor.value;
  const answered = hide(response.body);
  const body = answered === '' ? { status_code: response.status } : answered;
  const shown = input.isTest ? truncateResults(body) : body;
  const shownResponse = { ...response, headers: hide(response.headers), body: shown };
  if (response.status >= 400) {
    const message = `${app.appName} answered ${response.status}${describeBody(answered)}`;
    return {
      ok: false,
      request,
      response: shownResponse,
      output: { error: message, status_code: response.status, body: shown },
      error: { code: 'http-status', message, status: response.status },
    };
  }
  return { ok: true, request, response: shownResponse, output: shown };
}

/** Adds the `Idempotency-Key` header to a built request unless it already has one. */
function withIdempotencyKey<T extends { ok: boolean; request?: HttpRequest }>(built: T, key: string | undefined): T {
  if (!key || !built.ok || !built.request) return built;
  const has = Object.keys(built.request.headers).some((name) => name.toLowerCase() === 'idempotency-key');
  if (has) return built;
  return { ...built, request: { ...built.request, headers: { ...built.request.headers, 'Idempotency-Key': key } } };
}

/**
 * Copies a request with secrets hidden, for step records and test results: every secret
 * credential value (all but the fields the app marks public; 4 or more characters) is replaced
 * in each encoded form wherever it appears (url, query, headers, body; security/redact.ts),
 * and Authorization, Proxy-Authorization, Cookie and the app's auth headers and params
 * (requestConfig rows that use `${auth.…}`) are replaced whole. `redactor`: the credential's,
 * when the caller holds it already.
 *
 * @example redactRequest(request, app, { api_key: 'k_live_123' }).headers['X-Api-Key'] // '[redacted]'
 */
export function redactRequest(
  request: HttpRequest,
  app: Pick<AppDefinition, 'authInfo'>,
  credential: Record<string, string> | undefined,
  redactor: Redactor = credentialRedactor(app, credential),
): HttpRequest {
  const usesAuth = (value: string) => value.includes('${auth.');
  const config = app.authInfo?.requestConfig;
  const authHeaders = new Set((config?.headers ?? []).filter((r) => usesAuth(r.value)).map((r) => r.key.toLowerCase()));
  for (const name of ['authorization', 'proxy-authorization', 'cookie']) authHeaders.add(name);
  const authParams = new Set((config?.params ?? []).filter((r) => usesAuth(r.value)).map((r) => r.key));
  const hide = redactor.text;

  const redacted: HttpRequest = {
    method: request.method,
    url: hide(request.url),
    query: request.query.map(([key, value]) => [key, authParams.has(key) ? REDACTED : hide(value)]),
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [
        key,
        authHeaders.has(key.toLowerCase()) ? REDACTED : hide(value),
      ]),
    ),
  };
  if (request.body !== undefined) redacted.body = redactor.value(request.body);
  return redacted;
}

/**
 * Runs an action whose definition uses custom code (forms-dp 2.10 'Use Custom Code') in the
 * sandbox: `inputData` = the step's values, `authData` = the credential; the code's JSON
 * result is the output. Its `authenticated_request` gets the app's auth applied by core.
 */
async function runCustomCode(input: ExecuteStepInput, action: ActionDef): Promise<StepExecution> {
  const code = action.customForm?.apiCode ?? '';
  if (code.trim() === '') {
    return failed({ code: 'invalid-input', message: `'${action.title}' uses custom code, but its code is empty.` });
  }
  const { app, credential, base } = input;
  const sandbox = input.sandbox ?? getDefaultSandbox();
  // Code may return or quote its own authData: the same redaction as an HTTP answer.
  const redactor = credentialRedactor(app, credential);
  const codeRequests: CodeRequest[] = [];
  const http =
    input.http &&
    recordingClient(input.http, codeRequests, {
      request: (request) => redactRequest(request, app, credential),
      headers: (headers) => redactor.value(headers) as Record<string, string>,
      text: redactor.text,
    });
  const result = await sandbox.run({
    code,
    inputData: input.values,
    authData: credential ?? {},
    http,
    workspace: input.workspace,
    deadline: input.deadline,
    authenticate: (request) => {
      const method = request.method.toLowerCase() as ActionDef['method'];
      const shell: ActionDef = { title: action.title, method, url: request.url, fields: [] };
      const authed = buildRequest({ app, action: shell, values: {}, credential, base });
      if (!authed.ok) return { error: authed.errors[0]?.message ?? 'The app authentication could not be applied.' };
      const own = new Set(Object.keys(request.headers).map((name) => name.toLowerCase()));
      const extra = Object.entries(authed.request.headers).filter(([name]) => !own.has(name.toLowerCase()));
      return {
        ...request,
        url: authed.request.url,
        query: [...authed.request.query, ...request.query],
        headers: { ...request.headers, ...Object.fromEntries(extra) },
        // The auth scheme's keys go with it, so a redirect to another origin drops them.
        ...(authed.request.authKeys ? { authKeys: authed.request.authKeys } : {}),
      };
    },
  });
  if (!result.ok) {
    return { ...failed({ code: result.error.code, message: redactor.text(result.error.message) }), codeRequests };
  }
  const output = redactor.value(result.output);
  return { ok: true, output: input.isTest ? truncateResults(output) : output, codeRequests };
}

function failed(error: StepError): StepExecution {
  return { ok: false, output: { error: error.message, ...(error.field ? { field: error.field } : {}) }, error };
}

function invalid(errors: { field?: string; message: string }[] | RequestProblem[]): StepExecution {
  const [first] = errors;
  const result = failed({ code: 'invalid-input', message: first?.message ?? 'Invalid input.', field: first?.field });
  return { ...result, output: { ...(result.output as object), errors } };
}

// A short reason from an error body (a Problem's detail, an `error`/`message` field), if any.
function describeBody(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['detail', 'message', 'error', 'title']) {
      if (typeof record[key] === 'string' && record[key] !== '') return `: ${(record[key] as string).slice(0, 300)}`;
    }
  }
  if (typeof body === 'string' && body.trim() !== '') return `: ${body.trim().slice(0, 300)}`;
  return '.';
}
