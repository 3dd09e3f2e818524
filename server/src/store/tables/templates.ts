/** Tables of shared templates. Add each table here and create it in its migration. */
import type { JsonColumn } from '../json.js';

/**
 * `templates`: a workflow shared as a template (editor-core 2.4, 4.9). The document is the
 * sanitised copy (no credential, account name, trigger message or sample values); it is
 * readable by anyone with its id and accepted into the reader's own tenant.
 */
export interface TemplatesTable {
  id: string;
  /** The tenant that shared it. */
  tenant_id: string;
  /** The workflow it was shared from (kept when that workflow is deleted). */
  workflow_id: string;
  title: string;
  description: string;
  /** JSON array of app icon URLs, at most 20. */
  icons: JsonColumn;
  /** The sanitised workflow document (JSON). */
  document: JsonColumn;
  created_at: string;
}

/** Tables of shared templates. */
export interface TemplateTables {
  templates: TemplatesTable;
}
