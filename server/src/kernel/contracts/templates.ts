/**
 * Shared workflow templates (editor-core 2.4, 4.9).
 * Implemented in `server/src/services/templates.ts`.
 */
import type { WorkflowDocument } from '@junction/core';
import type { AuthContext, WorkflowView } from '../views.js';

/** A shared template as the API shows it (the contract's `Template`). */
export interface TemplateView {
  id: string;
  title: string;
  description: string;
  /** Icons of the apps used, at most 20. */
  icons: string[];
  /** The sanitised document: no connections, data or execution logs (editor-core 6). */
  document: WorkflowDocument;
  createdAt: string;
}

/** POST /api/workflows/{id}/share answer. */
export interface ShareResultView {
  templateId: string;
  /** The read-only template address the success dialog shows: the editor with `template_id`. */
  url: string;
}

/** Shared workflow templates (editor-core 2.4, 4.9). */
export interface TemplatesService {
  /**
   * Shares a workflow of the caller's tenant as a template: a sanitised copy (core's
   * sanitizeForShare) with a title, description and up to 20 app icons. Another tenant's
   * workflow is a 404; a blank title is a 422 naming `title`.
   */
  share(ctx: AuthContext, workflowId: string, input: { title: string; description: string }): Promise<ShareResultView>;
  /** Reads a template by id; anyone with the id may (404 when unknown). */
  get(templateId: string): Promise<TemplateView>;
  /**
   * Accepts a template into the caller's tenant (core's acceptTemplate): a new inactive
   * workflow named 'Template: {name}' with new ids and no credentials.
   */
  accept(ctx: AuthContext, templateId: string): Promise<WorkflowView>;
}
