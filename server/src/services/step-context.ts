/** What the steps service's parts share: the workflow, step, app and credential of a call, running it, and sealed Load More cursors. */
import { type ActionDef, needsAuth, type Step, type WorkflowDocument } from '@junction/core';
import type { StepCredential } from '../integrations/auth/credential-resolver.js';
import { createOAuthFlow } from '../integrations/auth/oauth-flow.js';
import { isBuiltinApp } from '../integrations/builtin/index.js';
import { executeStep, type StepExecution } from '../integrations/executor.js';
import { allowedHostsFor, appBaseUrl, type RunnableApp } from '../integrations/registry.js';
import { notFound, Problem, unprocessable } from '../kernel/errors.js';
import type { PlatformDeps } from '../deps.js';
import type { AuthContext } from '../kernel/types.js';
import { createHttpClient, type HttpClient } from '../security/http-client.js';
import { createCredentialStatusRepo } from '../store/repos/credential-auth.js';
import { createExecutionReadsRepo } from '../store/repos/executions.js';
import { createWorkflowReleasesRepo } from '../store/repos/workflow-releases.js';
import type { WorkflowRecord } from '../store/repos/index.js';
import { checkDocument } from './core-rules.js';
import { assertUsable } from './connection-access.js';
import { nextHref } from './dropdown-options.js';

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
export interface CursorData {
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

/** Builds the shared helpers over the platform (steps.ts). */
export function createStepContext(deps: PlatformDeps, options: StepsServiceOptions = {}) {
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

  const editables = createWorkflowReleasesRepo(deps.handle.db);
  // The workflow as the editor edits it: tests use the draft of a workflow that is ON.
  const findWorkflow = async (ctx: AuthContext, id: string): Promise<WorkflowRecord> => {
    const found = await editables.getEditable(ctx.tenantId, id);
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
    assertUsable(record, ctx);
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
    oauth,
    statuses,
    findWorkflow,
    documentFor,
    findStep,
    appOf,

    run,
    authOnly,
    outputsFor,
    sealCursor,
    openCursor,
    runLink,
    nextCursor,
    failedLoad,
    latestEvents,
  };
}
