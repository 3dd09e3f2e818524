/** Tables of a workflow's life (migration 0017-workflow-releases): drafts and published versions. */
import type { JsonColumn } from '../json.js';

/**
 * `workflow_drafts`: the unpublished edits of a workflow that is ON (at most one per workflow).
 * `workflows.document` stays the published document the engine runs until Publish.
 */
export interface WorkflowDraftsTable {
  workflow_id: string;
  tenant_id: string;
  document: JsonColumn;
  updated_at: string;
}

/** `workflow_releases`: each publish of a workflow (a version the history lists and restores). */
export interface WorkflowReleasesTable {
  workflow_id: string;
  /** 1, 2, 3… per workflow. */
  number: number;
  tenant_id: string;
  /** The workflow revision at which this document became the one that runs (runs key on it). */
  revision: number;
  document: JsonColumn;
  /** core's describeChange lines against the previous version (JSON list of strings). */
  summary: JsonColumn;
  note: string;
  /** Who published: their user id and e-mail then (kept after the account is gone). */
  published_by: string | null;
  published_by_email: string | null;
  published_at: string;
}

/** The tables of drafts and versions, for the Database interface. */
export interface ReleaseTables {
  workflow_drafts: WorkflowDraftsTable;
  workflow_releases: WorkflowReleasesTable;
}
