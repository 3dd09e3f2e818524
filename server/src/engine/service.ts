/**
 * The engine's API-facing methods: webhooks, manual runs, replay, re-run, cancel and the
 * execution history. Every tenant call filters by the caller's tenant; another tenant's
 * workflow or execution is a 404.
 */
import { compileWorkflow, documentsDiffer, lookupPath, runStateSentence, type WorkflowData } from '@junction/core';
import { badRequest, conflict, notFound, PROBLEM_CODES, Problem, unprocessable } from '../kernel/errors.js';
import type {
  ExecutionPage,
  ExecutionSummaryView,
  ExecutionView,
  IngestOutcome,
  ListExecutionsQuery,
  RerunInput,
  StepRunView,
} from '../kernel/contracts/engine.js';
import { isBuiltinApp } from '../integrations/builtin/index.js';
import { WHOLE_BODY_KEY } from '../integrations/builtin/hooks.js';
import type { EngineDeps } from './deps.js';
import type { AuthContext } from '../kernel/types.js';
import { isHookKeyShape } from '../store/hook-key.js';
import type { InternalEvent } from './ingest.js';
import { createIngestShare } from './ingest-share.js';
import type { EngineRepo, EngineWorkflow, ExecutionSummaryRecord, StepRunRecord } from '../store/repos/engine.js';
import { type EngineSettings, WEBHOOK_RETRY_AFTER_SECONDS } from './settings.js';
import { createWorkflowReleasesRepo } from '../store/repos/workflow-releases.js';

/** Executions per page by default and at most. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** How long a workflow's queued count is reused by the webhook admission check. */
const ADMISSION_CACHE_MS = 250;
/** Forms by Junction: its trigger type is 'webhook' but it is reached by `/form/{formId}` only. */
const HOOKLESS_FORM_APP = 'junction-forms';

/** How long a portal app's Webhook Pickoff Key is reused before its definition is read again. */
const PORTAL_KEY_CACHE_MS = 5_000;

/** What the API methods need. */
export interface EngineApiDeps {
  platform: EngineDeps;
  repo: EngineRepo;
  settings: EngineSettings;
  ingest: (events: InternalEvent[]) => Promise<IngestOutcome[]>;
  /** The webhook key lookup of the hot path (prepared statements on SQLite). */
  findHookWorkflow: EngineRepo['findHookWorkflow'];
  /** Told after an execution is cancelled (a claimed record waiting in memory is dropped). */
  cancelled?: (executionId: string) => void;
}

/** Builds the API methods. */
export function createEngineApi(deps: EngineApiDeps) {
  const { repo, platform, settings } = deps;
  /** Pick-off keys by workflow id and revision (compiling the document once per revision). */
  const pickOffKeys = new Map<string, { accepts: boolean; key: string; until: number | undefined }>();
  /** Queued counts by workflow, reused for a moment: admission is a limit, not an exact count. */
  const queuedCounts = new Map<string, { count: number; at: number }>();
  const ingestShare = createIngestShare(settings.webhookWorkspaceConcurrency);
  const releases = createWorkflowReleasesRepo(platform.handle.db);

  async function queuedCount(workflowId: string): Promise<number> {
    const now = platform.now();
    const cached = queuedCounts.get(workflowId);
    if (cached && now - cached.at < ADMISSION_CACHE_MS) return cached.count;
    const count = await repo.countQueued(workflowId);
    if (queuedCounts.size > 10_000) queuedCounts.clear();
    queuedCounts.set(workflowId, { count, at: now });
    return count;
  }

  /**
   * What `/hooks/{key}` does for a workflow: whether its trigger takes webhooks at all (the
   * Webhook app, or an app's instant trigger — never a schedule, a form or a polling trigger),
   * and the trigger data's pick-off key: the Webhook trigger's own 'pickOffKey' field when
   * filled, else the app trigger's Webhook Pickoff Key (`webhookKey`, e.g. Demo CRM's
   * 'contact'; the app's definition first, then the step's copy). '' or '0' (WHOLE_BODY_KEY)
   * pass the whole body. Built-in apps are resolved once per revision; a portal app's
   * definition can change without a new revision, so its answer is reused for a few seconds.
   */
  async function hookTriggerOf(workflow: {
    id: string;
    tenantId: string;
    revision: number;
    document: unknown;
  }): Promise<{ accepts: boolean; key: string }> {
    const cacheKey = `${workflow.id}:${workflow.revision}`;
    const cached = pickOffKeys.get(cacheKey);
    if (cached && (cached.until === undefined || cached.until > platform.now())) return cached;
    const trigger = compileWorkflow(workflow.document as WorkflowData).trigger;
    let key = '';
    let accepts = false;
    let until: number | undefined;
    if (trigger && trigger.app !== '') {
      const field = trigger.fields.find((f) => f.name === 'pickOffKey')?.value;
      key = typeof field === 'string' ? field.trim() : '';
      if (trigger.app === 'webhook') accepts = true;
      else if (trigger.app !== HOOKLESS_FORM_APP) {
        const app = await platform.registry.resolve(workflow.tenantId, trigger.app);
        const def = app && Object.hasOwn(app.triggers, trigger.event) ? app.triggers[trigger.event] : undefined;
        accepts = def?.type === 'webhook';
        if (key === '') key = (def?.webhookKey || trigger.webhookKey || '').trim();
        if (!isBuiltinApp(trigger.app)) until = platform.now() + PORTAL_KEY_CACHE_MS;
      }
    }
    if (key === WHOLE_BODY_KEY) key = '';
    if (pickOffKeys.size > 10_000) pickOffKeys.clear();
    const answer = { accepts, key, until };
    pickOffKeys.set(cacheKey, answer);
    return answer;
  }

  /**
   * The webhook's workflow lookup, shared by the requests of one event-loop turn: a burst of
   * webhooks to one workflow costs one query. Only requests that arrived before the query
   * starts join it, so each still sees the workflow as it was when it arrived or later.
   */
  const lookups = new Map<string, Promise<EngineWorkflow | undefined>>();
  function findHookWorkflow(key: string): Promise<EngineWorkflow | undefined> {
    let lookup = lookups.get(key);
    if (!lookup) {
      lookup = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        lookups.delete(key);
        return deps.findHookWorkflow(key);
      });
      lookups.set(key, lookup);
    }
    return lookup;
  }

  /**
   * The published version a run ran (the newest version at or before its revision, when the
   * run's document is that version's), or that it ran the draft (a negative revision).
   */
  async function versionOf(
    ctx: AuthContext,
    workflowId: string,
    revision: number,
    document: unknown,
  ): Promise<{ version?: number; ranDraft?: boolean }> {
    if (revision < 0) return { ranDraft: true };
    const release = await releases.releaseAt(ctx.tenantId, workflowId, revision);
    if (!release) return {};
    const differ = documentsDiffer(release.document as WorkflowData, document as WorkflowData);
    return differ ? {} : { version: release.number };
  }

  async function acceptOne(events: InternalEvent[]): Promise<{ executionId: string }> {
    const outcomes = await deps.ingest(events);
    for (const outcome of outcomes) {
      if (outcome.status === 'accepted') return { executionId: outcome.executionId };
      if (outcome.status === 'duplicate' && outcome.executionId) return { executionId: outcome.executionId };
    }
    throw conflict('This event was already recorded.');
  }

  async function ownExecution(ctx: AuthContext, executionId: string) {
    const execution = await repo.get(executionId, ctx.tenantId);
    if (!execution) throw notFound('Execution');
    return execution;
  }

  return {
    async receiveWebhook(key: string, body: unknown, opts: { idempotencyKey?: string } = {}) {
      const workflow = isHookKeyShape(key) ? await findHookWorkflow(key) : undefined;
      if (!workflow) throw notFound('Webhook');
      const hook = await hookTriggerOf(workflow);
      // A schedule, form or polling workflow takes no webhooks: as if the key did not exist.
      if (!hook.accepts) throw notFound('Webhook');
      // A workspace's share of ingest: a flood from one workspace is refused past its share.
      return ingestShare.run(workflow.tenantId, async () => {
        const pickOffKey = hook.key;
        const items = pickOff(pickOffKey, body);
        // Each item is one execution: the item limit and the queue limit count items, not requests.
        const maxItems = Math.min(settings.webhookItemLimit, settings.webhookQueueLimit);
        if (items.length > maxItems) {
          const setting =
            settings.webhookItemLimit <= settings.webhookQueueLimit ? 'WEBHOOK_ITEM_LIMIT' : 'WEBHOOK_QUEUE_LIMIT';
          throw new Problem(413, 'Payload Too Large', {
            detail: `This request carries ${items.length} items under '${pickOffKey}'; a webhook takes at most ${maxItems} per request (${setting}). Send them in smaller batches.`,
            field: pickOffKey,
          });
        }
        if (workflow.active && (await queuedCount(workflow.id)) + items.length > settings.webhookQueueLimit) {
          throw new Problem(429, 'Too Many Requests', {
            detail: 'This workflow has too many runs waiting. Try again in a few seconds.',
            retryAfter: WEBHOOK_RETRY_AFTER_SECONDS,
          });
        }
        const base = { tenantId: workflow.tenantId, workflowId: workflow.id, trigger: 'webhook' as const, workflow };
        const events: InternalEvent[] = items.map((triggerData, i) => ({
          ...base,
          triggerData,
          ...(opts.idempotencyKey
            ? { dedupeKey: `hook:${opts.idempotencyKey}${items.length > 1 ? `:${i}` : ''}` }
            : {}),
        }));
        const accepted = await acceptOne(events);
        // This process's own additions count at once; other processes' after the cache expires.
        const cached = workflow.active ? queuedCounts.get(workflow.id) : undefined;
        if (cached) cached.count += events.length;
        return accepted;
      });
    },

    async runWorkflow(ctx: AuthContext, workflowId: string, payload?: unknown) {
      const workflow = await repo.findWorkflow(workflowId, ctx.tenantId);
      if (!workflow) throw notFound('Workflow');
      if (!workflow.active) throw conflict('Workflow must be ACTIVE', undefined, PROBLEM_CODES.workflowNotActive);
      // A manual run from the editor runs what the editor shows: the draft of a workflow that is
      // ON, recorded under the negative of the revision (its published document keeps +revision).
      const draft = await releases.getDraft(ctx.tenantId, workflowId);
      const source = draft ?? workflow.document;
      const triggerData = payload !== undefined ? payload : triggerSample(source);
      const document =
        draft === undefined ? {} : { document: { json: JSON.stringify(draft), revision: -workflow.revision } };
      return acceptOne([{ tenantId: ctx.tenantId, workflowId, trigger: 'manual', triggerData, ...document }]);
    },

    async listExecutions(
      ctx: AuthContext,
      workflowId: string,
      query: ListExecutionsQuery = {},
    ): Promise<ExecutionPage> {
      const workflow = await repo.findWorkflow(workflowId, ctx.tenantId);
      if (!workflow) throw notFound('Workflow');
      const limit = Math.min(Math.max(1, query.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
      const rows = await repo.list(ctx.tenantId, workflowId, {
        since: query.since,
        status: query.status,
        limit: limit + 1,
        before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      });
      const items = rows.slice(0, limit);
      const page: ExecutionPage = { items: items.map(toSummaryView) };
      if (rows.length > limit) {
        const last = items[items.length - 1];
        page.nextCursor = encodeCursor(last.createdAt, last.id);
      }
      return page;
    },

    async getExecution(ctx: AuthContext, executionId: string): Promise<ExecutionView> {
      const execution = await ownExecution(ctx, executionId);
      const runs = await repo.listStepRuns(executionId);
      const order = new Map(
        ((execution.document as WorkflowData).steps ?? []).map((step, index) => [step.id, index] as const),
      );
      // In the order they ran; steps that did not start (skipped) by their place in the document.
      runs.sort(
        (a, b) =>
          (a.startedAt ?? '\uffff').localeCompare(b.startedAt ?? '\uffff') ||
          (order.get(a.stepId) ?? 1e9) - (order.get(b.stepId) ?? 1e9),
      );
      return {
        ...toSummaryView(execution),
        workflowName: (execution.document as { name?: string }).name ?? '',
        ...(await versionOf(ctx, execution.workflowId, execution.workflowRevision, execution.document)),
        document: execution.document,
        steps: runs.map(toStepRunView),
      };
    },

    async replayExecution(ctx: AuthContext, executionId: string) {
      const execution = await ownExecution(ctx, executionId);
      return acceptOne([
        {
          tenantId: ctx.tenantId,
          workflowId: execution.workflowId,
          trigger: 'replay',
          triggerData: execution.triggerData,
          force: true,
        },
      ]);
    },

    async rerunExecution(ctx: AuthContext, executionId: string, input: RerunInput) {
      const execution = await ownExecution(ctx, executionId);
      let document = { json: JSON.stringify(execution.document), revision: execution.workflowRevision };
      let parsed = execution.document as WorkflowData;
      if (input.version === 'latest') {
        const workflow = await repo.findWorkflow(execution.workflowId, ctx.tenantId);
        if (!workflow) throw conflict('The workflow was deleted: re-run it with its original version.', 'version');
        document = { json: workflow.documentJson, revision: workflow.revision };
        parsed = workflow.document as WorkflowData;
      }
      const plan = compileWorkflow(parsed);
      const at = plan.steps.findIndex((s) => s.id === input.fromStepId);
      if (at < 0) throw unprocessable('This step is not in the workflow version to re-run.', 'fromStepId');
      const before = new Set(plan.steps.slice(0, at).map((s) => s.id));
      const recorded = (await repo.listStepRuns(executionId)).filter(
        (r) => before.has(r.stepId) && r.status === 'succeeded',
      );
      const [outcome] = await deps.ingest([
        {
          tenantId: ctx.tenantId,
          workflowId: execution.workflowId,
          trigger: 'replay',
          triggerData: execution.triggerData,
          force: true,
          document,
          rerunOf: execution.id,
          copySteps: recorded,
        },
      ]);
      if (outcome?.status !== 'accepted') throw conflict('The re-run could not be recorded.');
      return { executionId: outcome.executionId };
    },

    async cancelExecution(ctx: AuthContext, executionId: string): Promise<ExecutionSummaryView> {
      const execution = await ownExecution(ctx, executionId);
      if (!(await repo.cancel(ctx.tenantId, executionId, new Date(platform.now()).toISOString()))) {
        // Words a user reads (the runs page lists them per run): the state, never the raw status.
        throw conflict(`${runStateSentence(execution.status)} Only a queued, waiting or running run can be cancelled.`);
      }
      deps.cancelled?.(executionId);
      const updated = await ownExecution(ctx, executionId);
      return toSummaryView(updated);
    },
  };
}

/** The trigger data items a webhook body yields: the body, or its pick-off key (a list: one per item). */
function pickOff(key: string, body: unknown): unknown[] {
  if (key === '') return [body ?? {}];
  const found = lookupPath(body, key);
  if (!found.found) throw unprocessable(`The request has no '${key}' key (the trigger's pick-off key).`, key);
  if (Array.isArray(found.value)) {
    if (found.value.length === 0) throw unprocessable(`'${key}' is an empty list: nothing to run.`, key);
    return found.value;
  }
  return [found.value];
}

/** The trigger step's sample (its last test output), for a manual run without a payload. */
function triggerSample(document: unknown): unknown {
  const trigger = (document as WorkflowData).steps?.find((s) => s.kind === 'trigger');
  return trigger?.data.testData ?? {};
}

/** An execution as lists show it (the contract's ExecutionSummary). */
export function toSummaryView(record: ExecutionSummaryRecord): ExecutionSummaryView {
  const view: ExecutionSummaryView = {
    id: record.id,
    workflowId: record.workflowId,
    workflowRevision: record.workflowRevision,
    status: record.status,
    trigger: record.trigger,
    startedAt: record.startedAt ?? record.createdAt,
    finishedAt: record.finishedAt,
    triggerData: record.triggerData,
  };
  if (record.error) view.error = record.error;
  if (record.rerunOf) view.rerunOf = record.rerunOf;
  return view;
}

function toStepRunView(run: StepRunRecord): StepRunView {
  const view: StepRunView = {
    stepId: run.stepId,
    status: run.status,
    input: run.input ?? null,
    output: run.output ?? null,
    attempts: run.attempts,
  };
  if (run.error) view.error = run.error;
  if (run.startedAt) view.startedAt = run.startedAt;
  if (run.finishedAt) view.finishedAt = run.finishedAt;
  return view;
}

/** The keyset cursor of a list page. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

/** Reads a keyset cursor; 400 naming `cursor` when it is not one. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const at = text.indexOf('|');
  if (at <= 0 || Number.isNaN(Date.parse(text.slice(0, at)))) throw badRequest('The cursor is not valid.', 'cursor');
  return { createdAt: text.slice(0, at), id: text.slice(at + 1) };
}
