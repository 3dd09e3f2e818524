/**
 * Records a published version of a workflow (DESIGN "A workflow's life"): each switch ON and
 * each publish makes one, with core's `describeChange` against the previous version in words.
 */
import { describeChange, type WorkflowData } from '@junction/core';
import type { WorkflowVersionView } from '../../kernel/contracts/releases.js';
import type { EngineDeps } from '../deps.js';
import type { AuthContext } from '../../kernel/types.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database.js';
import { createWorkflowReleasesRepo, type ReleaseRecord } from '../../store/repos/workflow-releases.js';
import { createWorkflowsRepo } from '../../store/repos/workflows.js';

/** A version's summary when there is no previous version to compare with. */
export const FIRST_VERSION_SUMMARY = 'First version';

/** Who publishes a version: the account and its e-mail at publish time, read before any transaction. */
export interface ReleaseAuthor {
  userId: string;
  email: string | null;
  /** When it is published (ISO). */
  at: string;
}

/** Reads who publishes now (outside a transaction: SQLite has one connection). */
export async function releaseAuthor(deps: EngineDeps, auth: AuthContext): Promise<ReleaseAuthor> {
  const user = await deps.repos.users.findById(auth.userId);
  return { userId: auth.userId, email: user?.email ?? null, at: new Date(deps.now()).toISOString() };
}

/**
 * Stores the workflow as it runs now (its stored document and revision) as its next version,
 * read and written through `db` (a publish's transaction), with an optional note. Answers the
 * version, or undefined when the workflow is gone.
 */
export async function recordReleaseIn(
  db: Kysely<Database>,
  auth: AuthContext,
  workflowId: string,
  author: ReleaseAuthor,
  note = '',
): Promise<ReleaseRecord | undefined> {
  const workflow = await createWorkflowsRepo(db).get(auth.tenantId, workflowId);
  if (!workflow) return undefined;
  const releases = createWorkflowReleasesRepo(db);
  const previous = await releases.latest(auth.tenantId, workflowId);
  const change = previous
    ? describeChange(previous.document as WorkflowData, workflow.document as WorkflowData).lines
    : [FIRST_VERSION_SUMMARY];
  const release = {
    workflowId,
    tenantId: auth.tenantId,
    revision: workflow.revision,
    document: workflow.document,
    summary: change.length > 0 ? change : ['No change to the steps'],
    note: note.trim(),
    publishedBy: author.userId,
    publishedByEmail: author.email,
    publishedAt: author.at,
  };
  const number = await releases.insertRelease(release);
  return { ...release, number };
}

/**
 * Stores the workflow as it runs now as its next version, published by the caller with an
 * optional note (switching ON). Answers the version.
 */
export async function recordRelease(
  deps: EngineDeps,
  auth: AuthContext,
  workflowId: string,
  note = '',
): Promise<ReleaseRecord | undefined> {
  return recordReleaseIn(deps.handle.db, auth, workflowId, await releaseAuthor(deps, auth), note);
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
