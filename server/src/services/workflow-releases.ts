/**
 * The releases half of the workflows service (DESIGN "A workflow's life"; contracts/releases.ts):
 * the impact of publishing a draft, publish (through activation, which owns the trigger set-up),
 * discard, the history of versions and restore. Every change is recorded in the audit log.
 */
import { describeChange, draftAfterSave, lifecycleTransition, type WorkflowDocument } from '@junction/core';
import type { WorkflowReleasesService, WorkflowVersionView } from '../kernel/contracts/releases.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import { conflict, notFound, PROBLEM_CODES } from '../kernel/errors.js';
import type { AuthContext, WorkflowView } from '../kernel/types.js';
import { createWorkflowReleasesRepo, type EditableWorkflow } from '../store/repos/workflow-releases.js';
import { toVersionView } from '../engine/triggers/release-record.js';
import { toWorkflowView } from './views.js';

/** What publishing asks of activation (the triggers service, wired in compose.ts). */
export interface DraftPublisher {
  publishDraft(
    ctx: AuthContext,
    workflowId: string,
    input: { draft: WorkflowDocument; expectedRevision: number; note?: string },
  ): Promise<{ version: WorkflowVersionView }>;
}

/** Builds the releases half; `publisher` is absent in hand-built test deps (publish answers 409 then). */
export function createWorkflowReleases(
  deps: ServiceDeps,
  publisher?: DraftPublisher,
): WorkflowReleasesService & { view(ctx: AuthContext, found: EditableWorkflow): Promise<WorkflowView> } {
  const releases = createWorkflowReleasesRepo(deps.handle.db);

  const editable = async (ctx: AuthContext, id: string): Promise<EditableWorkflow> => {
    const found = await releases.getEditable(ctx.tenantId, id);
    if (!found) throw notFound('Workflow');
    return found;
  };

  const view = async (ctx: AuthContext, found: EditableWorkflow): Promise<WorkflowView> => {
    const base = { ...toWorkflowView(found), state: found.state };
    if (found.state === 'off') return base;
    const latest = await releases.latest(ctx.tenantId, found.id);
    return latest ? { ...base, publishedVersion: latest.number } : base;
  };

  const noDraft = (reason: string) => conflict(reason, undefined, PROBLEM_CODES.workflowNoDraft);

  const audit = (
    ctx: AuthContext,
    action: 'workflow.published' | 'workflow.restored' | 'workflow.draft_discarded',
    target: string,
    detail: Record<string, unknown>,
  ) => deps.audit?.record(ctx, { action, target, detail });

  return {
    view,

    async getDraft(ctx, id) {
      const found = await editable(ctx, id);
      const change = describeChange(found.published as WorkflowDocument, found.document as WorkflowDocument);
      const inFlight = await releases.inFlight(ctx.tenantId, id);
      const latest = found.state === 'off' ? undefined : await releases.latest(ctx.tenantId, id);
      return {
        state: found.state,
        revision: found.revision,
        ...(latest ? { publishedVersion: latest.number } : {}),
        lines: change.lines,
        added: change.added,
        removed: change.removed,
        moved: change.moved,
        changed: change.changed,
        inFlight,
      };
    },

    async discardDraft(ctx, id) {
      const found = await editable(ctx, id);
      const outcome = lifecycleTransition(found.state, 'discard');
      if (!outcome.ok) throw noDraft(outcome.reason);
      if ((await releases.saveDraft(ctx.tenantId, id, null, nowIso(deps))) === undefined) throw notFound('Workflow');
      await audit(ctx, 'workflow.draft_discarded', id, { name: found.name });
      return view(ctx, await editable(ctx, id));
    },

    async publish(ctx, id, input) {
      const found = await editable(ctx, id);
      const outcome = lifecycleTransition(found.state, 'publish');
      if (!outcome.ok) {
        if (found.state === 'off') throw conflict(outcome.reason, 'active', PROBLEM_CODES.workflowNotActive);
        throw noDraft(outcome.reason);
      }
      if (input.expectedRevision !== undefined && input.expectedRevision !== found.revision) {
        throw conflict(
          `This workflow was changed elsewhere (now at revision ${found.revision}). Reload it and try again.`,
          'expectedRevision',
          PROBLEM_CODES.workflowRevisionConflict,
        );
      }
      if (!publisher) throw conflict('Publishing is not available here.');
      const { version } = await publisher.publishDraft(ctx, id, {
        draft: found.document as WorkflowDocument,
        expectedRevision: found.revision,
        ...(input.note !== undefined ? { note: input.note } : {}),
      });
      await audit(ctx, 'workflow.published', id, { name: found.name, version: version.number });
      return { workflow: await view(ctx, await editable(ctx, id)), version };
    },

    async listVersions(ctx, id) {
      await editable(ctx, id);
      return (await releases.list(ctx.tenantId, id)).map(toVersionView);
    },

    async getVersion(ctx, id, number) {
      await editable(ctx, id);
      const release = await releases.get(ctx.tenantId, id, number);
      if (!release) throw notFound('Version');
      return { ...toVersionView(release), document: release.document };
    },

    async restoreVersion(ctx, id, number) {
      const found = await editable(ctx, id);
      const release = await releases.get(ctx.tenantId, id, number);
      if (!release) throw notFound('Version');
      // The version's steps, under the workflow's current name and switch.
      const document = { ...(release.document as WorkflowDocument), id, active: found.active };
      const at = nowIso(deps);
      const saved =
        found.state === 'off'
          ? await releases.saveEditable(ctx.tenantId, id, document, at)
          : (await releases.saveDraft(
                ctx.tenantId,
                id,
                draftAfterSave(found.published as WorkflowDocument, document),
                at,
              )) !== undefined
            ? await releases.getEditable(ctx.tenantId, id)
            : undefined;
      if (!saved) throw notFound('Workflow');
      await audit(ctx, 'workflow.restored', id, { name: found.name, version: number });
      return view(ctx, saved);
    },
  };
}
