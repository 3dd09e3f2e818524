/**
 * A workflow's drafts and published versions (DESIGN "A workflow's life"): the impact of a
 * publish, publish, discard, the history of versions and restore. Implemented in
 * `server/src/services/workflow-releases.ts`, on the workflows service.
 */
import type { AuthContext, WorkflowView } from '../views.js';

/** A step named as the canvas names it. */
export interface StepRefView {
  id: string;
  name: string;
}

/** GET /api/workflows/{id}/draft: what publishing the draft would do. */
export interface DraftImpactView {
  state: 'off' | 'live' | 'draft';
  revision: number;
  publishedVersion?: number;
  lines: string[];
  added: StepRefView[];
  removed: StepRefView[];
  moved: StepRefView[];
  changed: (StepRefView & { what: string[] })[];
  inFlight: { queued: number; running: number; waiting: number };
}

/** A published version in the history. */
export interface WorkflowVersionView {
  number: number;
  publishedAt: string;
  /** The e-mail of who published it, when known. */
  publishedBy: string | null;
  note: string;
  summary: string[];
}

/** A version with its document (opened read-only on the canvas). */
export interface WorkflowVersionDetailView extends WorkflowVersionView {
  document: unknown;
}

/** The releases half of the workflows service. */
export interface WorkflowReleasesService {
  /** The state, the change from the published version in words and the runs in flight. */
  getDraft(ctx: AuthContext, id: string): Promise<DraftImpactView>;
  /** Drops the draft (409 `workflow.no_draft` without one). */
  discardDraft(ctx: AuthContext, id: string): Promise<WorkflowView>;
  /**
   * Publishes the draft: the activation checks (422 with the reasons), the trigger set up anew
   * when it changed, a new version with its summary, an audit event.
   */
  publish(
    ctx: AuthContext,
    id: string,
    input: { note?: string; expectedRevision?: number },
  ): Promise<{ workflow: WorkflowView; version: WorkflowVersionView }>;
  listVersions(ctx: AuthContext, id: string): Promise<WorkflowVersionView[]>;
  getVersion(ctx: AuthContext, id: string, number: number): Promise<WorkflowVersionDetailView>;
  /** Makes a version the draft (ON) or the document (OFF). */
  restoreVersion(ctx: AuthContext, id: string, number: number): Promise<WorkflowView>;
}
