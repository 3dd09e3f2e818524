/**
 * Implements the StepsService contract (kernel/contracts/steps.ts): step tests (editor-core 4.8,
 * 5.3), trigger choices with Load More through the answer's 'links' (7.1), pasted samples,
 * dynamic dropdowns, connection checks (4.7) and the OAuth 2.0 pop-up (2.5, 7.3).
 *
 * Requests are built by core and sent by `executeStep` through the guarded client, with the
 * credential from the resolver (OAuth refresh before expiry and once after a 401). A failing
 * remote call is a result (`ok: false` with the answer), never an error status.
 */
import {
  type ActionDef,
  needsAuth,
  prepareTestPayload,
  type Step,
  truncateResults,
  truncationMessage,
  type WorkflowDocument,
} from '@junction/core';
import { readStoredValue } from '../store/repos/engine.js';
import { notFound, Problem, unprocessable } from '../kernel/errors.js';
import type { StepCredential } from '../integrations/auth/credential-resolver.js';
import { createCredentialStatusRepo } from '../store/repos/credential-auth.js';
import { createExecutionReadsRepo } from '../store/repos/executions.js';
import { RECONNECT_MESSAGE } from '../integrations/auth/credential-resolver.js';
import { hasCustomAuth } from '../integrations/auth/custom-code-auth.js';
import { createOAuthFlow } from '../integrations/auth/oauth-flow.js';
import { isBuiltinApp } from '../integrations/builtin/index.js';
import { isDriveFilesAction, listDriveFiles } from '../integrations/catalogue/google-drive-files.js';
import { executeStep, type StepExecution } from '../integrations/executor.js';
import { allowedHostsFor, appBaseUrl, type RunnableApp } from '../integrations/registry.js';
import { createHttpClient, type HttpClient } from '../security/http-client.js';
import type { WorkflowRecord } from '../store/repos/index.js';
import type { StepsService, TestResultView } from '../kernel/contracts/steps.js';
import { checkDocument } from './core-rules.js';
import { nowIso } from '../kernel/deps.js';
import type { PlatformDeps } from '../kernel/platform.js';
import type { AuthContext } from '../kernel/types.js';
import { toWorkflowView } from './views.js';
import { dropdownSpec, itemsUnder, nextHref, toOptions } from './dropdown-options.js';

/** Options of {@link createStepsService} (tests hand in clients with their own allowlists). */
export interface StepsServiceOptions {
  /** Client for third-party apps; default a guarded client (allowlist from JUNCTION_ALLOWED_HOSTS). */
  http?: HttpClient;
  /** Client for the Demo CRM, which Junction serves itself; default one allowing only config.publicUrl. */
  selfHttp?: HttpClient;
  /** Client for OAuth token requests; default as `http`. */
  oauthHttp?: HttpClient;
}

/** Trigger choices answered per page of received events (the editor keeps the first 5). */
export const EVENT_CHOICES_PAGE = 5;

/** A Load More cursor, sealed by the vault so a caller can neither read nor forge it. */
interface CursorData {
  /** What it pages: a trigger's step, a dropdown's action, or received events. */
  kind: 'trigger' | 'dropdown' | 'events';
  /** The step id (trigger, events) or the action key (dropdown). */
  scope: string;
  app: string;
  credential: string | null;
  /** The next page's address (same origin as the first request). */
  href?: string;
  /** Events: the last event of the previous page (created_at, id). */
  before?: { createdAt: string; id: string };
  /** A Drive file picker: the next page's `nextPageToken` (editor-core 7.5). */
  pageToken?: string;
}

/** Builds the steps service. */
export function createStepsService(deps: PlatformDeps, options: StepsServiceOptions = {}): StepsService {
  const { repos, registry, credentialResolver } = deps;
  const executions = createExecutionReadsRepo(deps.handle.db);
  let general = options.http;
  let self = options.selfHttp;
  const httpFor = (app: RunnableApp): HttpClient => {
    if (app.appSlug === 'demo-crm' && isBuiltinApp(app.appSlug)) {
      self ??= createHttpClient({ allowedHosts: allowedHostsFor(app, deps.config) });
      return self;
    }
    general ??= createHttpClient({ allowedHosts: allowedHostsFor(app, deps.config) });
    return general;
  };
  // Built-in apps call Junction itself ({base} is the public origin); portal apps their lambdaURL.
  const baseFor = (app: RunnableApp) => appBaseUrl(app, deps.config.publicUrl);
  const oauth = createOAuthFlow(deps, { http: options.oauthHttp ?? options.http });
  const statuses = createCredentialStatusRepo(deps.handle.db);

  const findWorkflow = async (ctx: AuthContext, id: string): Promise<WorkflowRecord> => {
    const found = await repos.workflows.get(ctx.tenantId, id);
    if (!found) throw notFound('Workflow');
    return found;
  };

  // The document to test: the editor's unsaved one when given, else the stored one.
  const documentFor = (record: WorkflowRecord, given: unknown): WorkflowDocument => {
    if (given === undefined) return record.document as WorkflowDocument;
    const result = checkDocument(given);
    if (!result.ok) {
      const first = result.errors[0];
      throw unprocessable(first?.message ?? 'The workflow document is not valid.', first?.field, result.errors);
    }
    if (result.document.id !== record.id) {
      throw unprocessable('The document id must match the workflow id in the address.', 'document.id');
    }
    return result.document;
  };

  const findStep = (document: WorkflowDocument, stepId: string): Step => {
    const step = document.steps.find((s) => s.id === stepId);
    if (!step) throw notFound('Step');
    return step;
  };

  const appOf = async (ctx: AuthContext, step: Step): Promise<RunnableApp> => {
    const slug = step.data.type !== '' ? step.data.type : step.data.app;
    if (!slug) throw unprocessable('Missing app selection.', 'app');
    const app = await registry.resolve(ctx.tenantId, slug);
    if (!app) throw unprocessable(`The app '${slug}' is not available.`, 'app');
    return app;
  };

  // The credential of a call, or a failure result when it needs reconnecting.
  const credentialFor = async (
    ctx: AuthContext,
    app: RunnableApp,
    credentialId: string | null | undefined,
  ): Promise<StepCredential | { failure: string } | undefined> => {
    if (!needsAuth(app)) return undefined;
    if (!credentialId) throw unprocessable('Missing credential.', 'credential');
    const record = await repos.credentials.get(ctx.tenantId, credentialId);
    if (!record) throw unprocessable('Credential not found', 'credential');
    if (record.app !== app.appSlug) throw unprocessable(`This account is not a ${app.appName} account.`, 'credential');
    try {
      return await credentialResolver.forStep(ctx.tenantId, credentialId, app);
    } catch (error) {
      if (error instanceof Problem && error.status !== 404) return { failure: error.detail ?? error.message };
      throw error;
    }
  };

  const run = async (
    ctx: AuthContext,
    app: RunnableApp,
    action: string,
    values: Record<string, unknown>,
    credentialId: string | null | undefined,
  ): Promise<StepExecution> => {
    const auth = await credentialFor(ctx, app, credentialId);
    if (auth && 'failure' in auth) {
      return { ok: false, output: { error: auth.failure }, error: { code: 'credential', message: auth.failure } };
    }
    return executeStep({
      app,
      actionKey: action,
      values,
      credential: auth?.credential,
      onUnauthorized: auth?.onUnauthorized,
      base: baseFor(app),
      http: httpFor(app),
    });
  };

  // Resolves the credential only (custom auth code runs): a result like a step's.
  const authOnly = async (ctx: AuthContext, app: RunnableApp, credentialId: string): Promise<StepExecution> => {
    const auth = await credentialFor(ctx, app, credentialId);
    if (auth && 'failure' in auth) {
      return { ok: false, output: { error: auth.failure }, error: { code: 'credential', message: auth.failure } };
    }
    return { ok: true, output: null };
  };

  // Outputs of the other steps by id, for `${stepId.path}` references (editor-core 5.3).
  const outputsFor = (document: WorkflowDocument, stepId: string) => {
    const outputs = new Map<string, unknown>();
    for (const step of document.steps) {
      if (step.id !== stepId && step.data.testData !== null) outputs.set(step.id, step.data.testData);
    }
    return outputs;
  };

  const sealCursor = (ctx: AuthContext, data: CursorData): string => {
    const sealed = deps.vault.encrypt(JSON.stringify(data), { tenantId: ctx.tenantId, credentialId: 'cursor' });
    return Buffer.from(JSON.stringify(sealed)).toString('base64url');
  };
  const openCursor = (ctx: AuthContext, cursor: string, kind: CursorData['kind'], scope: string): CursorData => {
    try {
      const sealed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      const data = JSON.parse(
        deps.vault.decrypt(sealed, { tenantId: ctx.tenantId, credentialId: 'cursor' }),
      ) as CursorData;
      if (data.kind === kind && data.scope === scope) return data;
    } catch {
      // Falls through to the same answer as a cursor of another list.
    }
    throw unprocessable('This cursor does not continue this list; load the first page again.', 'cursor');
  };

  // GET of a 'links' href with the credential applied, through the same client as the first page.
  const runLink = (ctx: AuthContext, app: RunnableApp, href: string, credentialId: string | null) => {
    const action: ActionDef = {
      title: 'Load more',
      method: 'get',
      // Braces would read as placeholders: an href is sent as the API gave it.
      url: href.replace(/\{/g, '%7B').replace(/\}/g, '%7D'),
      fields: [],
    };
    const linkApp = { ...app, actions: { ...app.actions, __loadMore: action } } as RunnableApp;
    return run(ctx, linkApp, '__loadMore', {}, credentialId);
  };

  const nextCursor = (ctx: AuthContext, result: StepExecution, base: Omit<CursorData, 'href'>): string | undefined => {
    const from = result.response?.url ?? result.request?.url;
    const href = from ? nextHref(result.response?.body, from) : undefined;
    return href ? sealCursor(ctx, { ...base, href }) : undefined;
  };

  const failedLoad = (result: StepExecution, what: string) =>
    unprocessable(`${what}: ${result.error?.message ?? 'the app answered an error.'}`, 'action');

  // The newest webhook and form events of the workflow (the engine's executions, ON or OFF).
  const latestEvents = async (ctx: AuthContext, workflowId: string, before?: CursorData['before']) => {
    try {
      return await executions.latestTriggerEvents(ctx.tenantId, workflowId, EVENT_CHOICES_PAGE + 1, before);
    } catch (error) {
      deps.logger.warn({ err: String(error) }, 'Could not read received events for trigger choices');
      return [];
    }
  };

  return {
    async testStep(ctx, workflowId, stepId, input) {
      const record = await findWorkflow(ctx, workflowId);
      const document = documentFor(record, input.document);
      const step = findStep(document, stepId);
      if (step.kind !== 'trigger' && step.kind !== 'action') {
        throw unprocessable('Only trigger and action steps can be tested.', 'stepId');
      }
      const app = await appOf(ctx, step);
      let actionKey = step.data.action;
      if (step.kind === 'trigger') {
        const trigger = Object.hasOwn(app.triggers, actionKey) ? app.triggers[actionKey] : undefined;
        if (!trigger) throw unprocessable('Missing event.', 'action');
        if (!trigger.action) {
          throw unprocessable('This trigger is tested by sending it an event: use Test Trigger.', 'action');
        }
        actionKey = trigger.action;
      } else if (actionKey === '') throw unprocessable('Missing event.', 'action');
      const values = prepareTestPayload(step.data.fields, outputsFor(document, step.id));
      const result = await run(ctx, app, actionKey, values, step.data.credential);
      return toTestResult(result, nowIso(deps));
    },

    async fetchTriggerChoices(ctx, workflowId, stepId, input) {
      const record = await findWorkflow(ctx, workflowId);
      const document = documentFor(record, input.document);
      const step = findStep(document, stepId);
      if (step.kind !== 'trigger') throw unprocessable('Only a trigger step has trigger choices.', 'stepId');
      const app = await appOf(ctx, step);
      const trigger = Object.hasOwn(app.triggers, step.data.action) ? app.triggers[step.data.action] : undefined;
      if (!trigger) throw unprocessable('Missing event.', 'action');
      const credentialId = step.data.credential;

      if (trigger.type === 'webhook' || !trigger.action) {
        const before = input.cursor ? openCursor(ctx, input.cursor, 'events', stepId).before : undefined;
        const rows = await latestEvents(ctx, workflowId, before);
        const page = rows.slice(0, EVENT_CHOICES_PAGE);
        const choices = page.map((row) => readStoredValue(row.trigger_data));
        const last = page.at(-1);
        const next =
          rows.length > EVENT_CHOICES_PAGE && last
            ? sealCursor(ctx, {
                kind: 'events',
                scope: stepId,
                app: app.appSlug,
                credential: null,
                before: { createdAt: last.created_at, id: last.id },
              })
            : undefined;
        return next ? { choices, next } : { choices };
      }

      const head = trigger.pollingParams && 'data_head' in trigger.pollingParams ? trigger.pollingParams.data_head : '';
      let result: StepExecution;
      if (input.cursor) {
        const cursor = openCursor(ctx, input.cursor, 'trigger', stepId);
        result = await runLink(ctx, app, cursor.href ?? '', cursor.credential);
      } else {
        const values = prepareTestPayload(step.data.fields, outputsFor(document, step.id));
        result = await run(ctx, app, trigger.action, values, credentialId);
      }
      if (!result.ok) throw failedLoad(result, 'Could not fetch trigger choices');
      const choices = itemsUnder(result.output, head);
      const next = nextCursor(ctx, result, {
        kind: 'trigger',
        scope: stepId,
        app: app.appSlug,
        credential: credentialId,
      });
      return next ? { choices, next } : { choices };
    },

    async setStepSample(ctx, workflowId, stepId, sample) {
      const record = await findWorkflow(ctx, workflowId);
      if (typeof sample !== 'object' || sample === null) {
        throw unprocessable('The sample must be a JSON object or list.', 'sample');
      }
      const document = structuredClone(record.document) as WorkflowDocument;
      const step = findStep(document, stepId);
      if (step.kind === 'filter' || step.kind === 'loopEnd') {
        throw unprocessable('Only trigger and action steps hold test data.', 'stepId');
      }
      step.data.testData = sample;
      const checked = checkDocument(document);
      if (!checked.ok) {
        const first = checked.errors[0];
        const field = first?.field.includes('testData') ? 'sample' : first?.field;
        throw unprocessable(first?.message ?? 'The sample cannot be stored.', field, checked.errors);
      }
      const updated = await repos.workflows.update(
        ctx.tenantId,
        workflowId,
        { name: record.name, active: record.active, document: checked.document, updatedAt: nowIso(deps) },
        record.revision,
      );
      if (!updated) {
        throw new Problem(409, 'Conflict', {
          detail: 'This workflow was changed elsewhere. Reload it and try again.',
          field: 'sample',
        });
      }
      return toWorkflowView(updated);
    },

    async loadDropdownOptions(ctx, appSlug, input) {
      const app = await registry.resolve(ctx.tenantId, appSlug);
      if (!app) throw notFound('App');
      if (!Object.hasOwn(app.actions, input.action)) {
        throw unprocessable(`${app.appName} has no action '${input.action}'.`, 'action');
      }
      const spec = dropdownSpec(app, input);
      const listAction = app.actions[input.action];
      if (isDriveFilesAction(listAction)) {
        // editor-core 7.5: Drive pages by nextPageToken, searches by name; a failure is an empty list.
        const cursor = input.cursor ? openCursor(ctx, input.cursor, 'dropdown', input.action) : undefined;
        if (cursor && cursor.app !== app.appSlug)
          throw unprocessable('This cursor does not continue this list.', 'cursor');
        const page = await listDriveFiles({
          action: listAction,
          search: input.search,
          pageToken: cursor?.pageToken,
          run: (action, values) =>
            run(
              ctx,
              { ...app, actions: { ...app.actions, __drive: action } } as RunnableApp,
              '__drive',
              values,
              input.credential,
            ),
        });
        if (!page.ok) return { options: [] };
        const next = page.nextPageToken
          ? sealCursor(ctx, {
              kind: 'dropdown',
              scope: input.action,
              app: app.appSlug,
              credential: input.credential ?? null,
              pageToken: page.nextPageToken,
            })
          : undefined;
        return next ? { options: page.options, next } : { options: page.options };
      }
      let result: StepExecution;
      if (input.cursor) {
        const cursor = openCursor(ctx, input.cursor, 'dropdown', input.action);
        if (cursor.app !== app.appSlug) throw unprocessable('This cursor does not continue this list.', 'cursor');
        result = await runLink(ctx, app, cursor.href ?? '', cursor.credential);
      } else {
        const values: Record<string, unknown> = {};
        for (const field of input.fields) {
          if (field.value !== undefined && field.value !== null && field.value !== '') values[field.name] = field.value;
        }
        result = await run(ctx, app, input.action, values, input.credential);
      }
      if (!result.ok) throw failedLoad(result, 'Could not load the options');
      const options = toOptions(itemsUnder(result.output, spec.head), spec, input.search);
      const next = nextCursor(ctx, result, {
        kind: 'dropdown',
        scope: input.action,
        app: app.appSlug,
        credential: input.credential ?? null,
      });
      return next ? { options, next } : { options };
    },

    async checkCredential(ctx, credentialId) {
      const record =
        typeof credentialId === 'string' ? await repos.credentials.get(ctx.tenantId, credentialId) : undefined;
      if (!record) throw notFound('Credential');
      const app = await registry.resolve(ctx.tenantId, record.app);
      if (!app) return { ok: false, message: `The app '${record.app}' is no longer available.` };
      const testKey = app.authInfo?.testAuth;
      const hasTest = testKey !== undefined && Object.hasOwn(app.actions, testKey);
      if (!hasTest && !hasCustomAuth(app)) {
        return { ok: true, message: `${app.appName} has no connection test, so the account was not checked.` };
      }
      // Without a test action, custom auth code answering is the check.
      const result = hasTest ? await run(ctx, app, testKey, {}, credentialId) : await authOnly(ctx, app, credentialId);
      const at = nowIso(deps);
      if (result.ok) {
        await statuses.setHealth(
          ctx.tenantId,
          credentialId,
          { needsReconnect: false, statusMessage: null, checkedAt: at },
          at,
        );
        return { ok: true, message: `The connection works: ${app.appName} accepted this account.` };
      }
      // A refused credential needs reconnecting; an unreachable or failing app only fails this check.
      const status = result.error?.status ?? 0;
      const isRefused = result.error?.code === 'credential' || (status >= 400 && status < 500);
      // editor-core 4.7's 'Connection expired' fits an OAuth sign-in that lapsed; a key or
      // password the service refuses never expired: the user reads the service's own answer.
      const refusal =
        app.authInfo?.apiType === 'oauth2' || !result.error?.message
          ? RECONNECT_MESSAGE
          : result.error.code === 'credential'
            ? result.error.message
            : `${result.error.message.replace(/\.+$/, '')}. Update the connection info with details ${app.appName} accepts.`;
      await statuses.setHealth(
        ctx.tenantId,
        credentialId,
        isRefused
          ? { needsReconnect: true, statusMessage: refusal, checkedAt: at }
          : {
              needsReconnect: false,
              statusMessage: `Last check failed: ${result.error?.message ?? 'unknown error'}`,
              checkedAt: at,
            },
        at,
      );
      return {
        ok: false,
        message: isRefused
          ? refusal
          : `${app.appName} could not be reached: ${result.error?.message ?? 'unknown error'}`,
      };
    },

    startOAuth(input) {
      return oauth.start(input);
    },

    finishOAuth(input) {
      return oauth.finish(input);
    },
  };
}

/** Maps one execution to the test answer (editor-core 5.3: arrays cut to 50, with the message). */
function toTestResult(result: StepExecution, testedAt: string): TestResultView {
  const longest = longestArray(result.output);
  // Objects also get `Message` inside (core's truncateResults); `message` covers bare lists too.
  const output = truncateResults(result.output);
  const view: TestResultView = { ok: result.ok, output: output ?? null, testedAt };
  if (result.response) view.statusCode = result.response.status;
  if (longest > 50) view.message = truncationMessage(longest);
  return view;
}

function longestArray(value: unknown, depth = 0): number {
  if (depth > 64 || value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const child of children) longest = Math.max(longest, longestArray(child, depth + 1));
  return longest;
}
