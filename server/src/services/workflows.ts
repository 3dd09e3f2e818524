/**
 * Workflows of the caller's tenant: list, create, read, update (validated, with optimistic
 * revisions) and delete. Another tenant's workflow is reported exactly like a missing one.
 */
import type { WorkflowDocument } from '@junction/core';
import { conflict, notFound, PROBLEM_CODES, unprocessable } from '../kernel/errors.js';
import { buildNewWorkflow, checkDocument } from './core-rules.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthContext, Services } from '../kernel/types.js';
import { firstWorkflowRecord, toWorkflowSummary, toWorkflowView } from './views.js';
import { createWorkflowReleasesRepo } from '../store/repos/workflow-releases.js';
import { createWorkflowReleases, type DraftPublisher } from './workflow-releases.js';
import { readWorkflowPage } from '../store/repos/workflow-pages.js';

/** editor-core 4.6: the default name of a workflow created without one. */
const DEFAULT_NAME = 'Untitled Workflow';

/** What the workflows service asks of activation (the triggers service, wired in compose.ts). */
export interface WorkflowActivation extends Partial<DraftPublisher> {
  /** Switches a stored workflow ON: core's activation rule, then its trigger set-up (422 when refused). */
  activate(ctx: AuthContext, workflowId: string): Promise<unknown>;
}

/**
 * Builds the workflows service. A create with `active: true` stores the workflow OFF, then
 * switches it ON through `activation` (core's `activationProblems` and the trigger set-up);
 * when that is refused nothing stays stored and the refusal is the answer, so no path stores
 * ON a workflow that fails the rule (editor-core 4.2).
 */
export function createWorkflowsService(deps: ServiceDeps, activation?: WorkflowActivation): Services['workflows'] {
  const { repos } = deps;
  const editables = createWorkflowReleasesRepo(deps.handle.db);
  const { view, ...lifecycle } = createWorkflowReleases(
    deps,
    activation?.publishDraft ? { publishDraft: activation.publishDraft } : undefined,
  );

  const validate = (input: unknown): WorkflowDocument => {
    const result = checkDocument(input);
    if (!result.ok) {
      const first = result.errors[0];
      throw unprocessable(first ? first.message : 'The workflow document is not valid.', first?.field, result.errors);
    }
    return result.document;
  };

  const stale = (revision: number) =>
    conflict(
      `This workflow was changed elsewhere (now at revision ${revision}). Reload it and try again.`,
      'expectedRevision',
      PROBLEM_CODES.workflowRevisionConflict,
    );

  return {
    ...lifecycle,
    async list(ctx, query) {
      const page = await readWorkflowPage(repos.workflows, ctx.tenantId, query);
      return {
        items: page.rows.map(toWorkflowSummary),
        total: page.total,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    async create(ctx, input) {
      const name = typeof input.name === 'string' && input.name.trim() !== '' ? input.name.trim() : undefined;
      const id = deps.newId();
      let document: WorkflowDocument;
      if (input.document !== undefined) {
        const given = validate(input.document);
        // The server picks ids: a client-chosen id could collide with another tenant's.
        document = { ...given, id, name: name ?? given.name, active: false };
      } else {
        const fresh = buildNewWorkflow({ newId: deps.newId, now: deps.now }, { name: name ?? DEFAULT_NAME });
        document = { ...fresh, id, active: false };
      }
      const wantsOn =
        input.active ?? (input.document !== undefined && (input.document as { active?: unknown }).active === true);
      if (wantsOn && !activation) throw unprocessable('Switch the workflow ON after creating it.', 'active');
      const record = firstWorkflowRecord(ctx.tenantId, document, nowIso(deps));
      await repos.workflows.insert(record);
      if (wantsOn && activation) {
        try {
          await activation.activate(ctx, id);
        } catch (error) {
          await repos.workflows.remove(ctx.tenantId, id);
          throw error;
        }
      }
      const stored = await editables.getEditable(ctx.tenantId, id);
      return stored ? view(ctx, stored) : toWorkflowView(record);
    },

    async get(ctx, id) {
      const found = await editables.getEditable(ctx.tenantId, id);
      if (!found) throw notFound('Workflow');
      return view(ctx, found);
    },

    async update(ctx, id, input) {
      const existing = await repos.workflows.get(ctx.tenantId, id);
      if (!existing) throw notFound('Workflow');
      const given = input.document as { id?: unknown } | null | undefined;
      if (typeof given === 'object' && given !== null && typeof given.id === 'string' && given.id !== id) {
        throw unprocessable('The document id must match the workflow id in the address.', 'document.id');
      }
      // Only activation (setWorkflowActive) switches a workflow ON or OFF: a save keeps the
      // stored `active`, whatever a stale editor tab sends, and leaves the column untouched.
      const document = { ...validate(input.document), active: existing.active };
      const expected = input.expectedRevision;
      if (expected !== undefined && expected !== existing.revision) throw stale(existing.revision);
      // core's lifecycle: OFF saves in place, ON saves the draft beside the published version.
      const updated = await editables.saveEditable(ctx.tenantId, id, document, nowIso(deps), expected);
      if (!updated) {
        // Someone else wrote (or deleted) between our read and our write.
        const now = await repos.workflows.get(ctx.tenantId, id);
        if (!now) throw notFound('Workflow');
        throw stale(now.revision);
      }
      return view(ctx, updated);
    },

    async remove(ctx, id) {
      // Its name as it was: the audit log names a deleted workflow (it cannot be looked up after).
      const name = await repos.audit.workflowName(ctx.tenantId, id);
      if (!(await repos.workflows.remove(ctx.tenantId, id))) throw notFound('Workflow');
      await deps.audit?.record(ctx, { action: 'workflow.deleted', target: id, detail: { name } });
    },
  };
}
