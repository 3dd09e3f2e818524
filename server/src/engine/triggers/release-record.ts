/**
 * Records a published version of a workflow (DESIGN "A workflow's life"): each switch ON and
 * each publish makes one, with core's `describeChange` against the previous version in words.
 */
import { describeChange, type WorkflowData } from '@junction/core';
import type { WorkflowVersionView } from '../../kernel/contracts/releases.js';
import type { EngineDeps } from '../deps.js';
import type { AuthContext } from '../../kernel/types.js';
import { createWorkflowReleasesRepo, type ReleaseRecord } from '../../store/repos/workflow-releases.js';

/** A version's summary when there is no previous version to compare with. */
export const FIRST_VERSION_SUMMARY = 'First version';

/**
 * Stores the workflow as it runs now (its stored document and revision) as its next version,
 * published by the caller with an optional note. Answers the version.
 */
export async function recordRelease(
  deps: EngineDeps,
  auth: AuthContext,
  workflowId: string,
  note = '',
): Promise<ReleaseRecord | undefined> {
  const workflow = await deps.repos.workflows.get(auth.tenantId, workflowId);
  if (!workflow) return undefined;
  const releases = createWorkflowReleasesRepo(deps.handle.db);
  const previous = await releases.latest(auth.tenantId, workflowId);
  const change = previous
    ? describeChange(previous.document as WorkflowData, workflow.document as WorkflowData).lines
    : [FIRST_VERSION_SUMMARY];
  const user = await deps.repos.users.findById(auth.userId);
  const release = {
    workflowId,
    tenantId: auth.tenantId,
    revision: workflow.revision,
    document: workflow.document,
    summary: change.length > 0 ? change : ['No change to the steps'],
    note: note.trim(),
    publishedBy: auth.userId,
    publishedByEmail: user?.email ?? null,
    publishedAt: new Date(deps.now()).toISOString(),
  };
  const number = await releases.insertRelease(release);
  return { ...release, number };
}

/** A version as the API shows it (who: the e-mail at publish time). */
export function toVersionView(release: ReleaseRecord): WorkflowVersionView {
  return {
    number: release.number,
    publishedAt: release.publishedAt,
    publishedBy: release.publishedByEmail,
    note: release.note,
    summary: release.summary,
  };
}
