import type { LifecycleState, WorkflowDocument } from '@junction/core';

/** The server's answer for one workflow: what the store keeps of GET/PUT /api/workflows/{id}. */
export interface StoredWorkflow {
  id: string;
  name: string;
  active: boolean;
  revision: number;
  document: WorkflowDocument;
  /** OFF, live, or ON with a draft (core's lifecycle); the document is the draft when there is one. */
  state?: LifecycleState;
  /** The published version that runs (ON). */
  publishedVersion?: number;
}
