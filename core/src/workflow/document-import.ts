/**
 * Reading an imported workflow file (editor-core 4.4). An import goes through `migrateDocument`
 * (a legacy record is converted, a current document validated with `validateDocument`), so the
 * dashboard refuses exactly what the server refuses and accepts a legacy export the way
 * `junction migrate` does.
 */
import type { DocumentError } from './document-read.js';
import type { ExportedWorkflow } from './document-io.js';
import { type DocumentWarning, migrateDocument } from './legacy.js';
import type { WorkflowDocument } from './types.js';

/** The name an import without one gets. */
export const IMPORTED_WORKFLOW_NAME = 'Imported workflow';

/** What reading an imported file answers. */
export type ImportResult =
  | { ok: true; name: string; document: WorkflowDocument; warnings: DocumentWarning[] }
  | { ok: false; errors: DocumentError[]; message: string };

/** What an import that is neither a stored document nor a legacy record shows. */
export const NOT_A_WORKFLOW_TEXT =
  'The file is not a Junction workflow: it has no schemaVersion (current format) nor current_state or elements (legacy format).';

/** The one line a refused import shows: the first error and where it is. */
export function documentErrorText(errors: readonly DocumentError[]): string {
  const first = errors[0];
  if (!first) return 'The file is not a valid workflow.';
  if (first.code === 'not-a-workflow') return NOT_A_WORKFLOW_TEXT;
  return first.path === '$' ? first.message : `${first.message} (${first.path})`;
}

/**
 * Reads an imported file: an export of the dashboard (`{ junctionWorkflow: 1, name, document }`),
 * a stored document or a legacy record. The document comes through `migrateDocument` (which
 * validates it with `validateDocument`) and is always OFF; the errors are those the server
 * gives the same document, with their JSON paths.
 *
 * @example
 * const read = readImport(await file.text());
 * if (read.ok) api.post('/api/workflows', { body: { name: read.name, document: read.document } });
 */
export function readImport(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const errors: DocumentError[] = [{ path: '$', code: 'not-json', message: 'The file is not JSON.' }];
    return { ok: false, errors, message: documentErrorText(errors) };
  }
  const wrapper = parsed as Partial<ExportedWorkflow> | null;
  const isExport = wrapper !== null && typeof wrapper === 'object' && wrapper.junctionWorkflow === 1;
  const migrated = migrateDocument(isExport ? wrapper.document : parsed);
  if (!migrated.ok) return { ok: false, errors: migrated.errors, message: documentErrorText(migrated.errors) };
  const given = isExport && typeof wrapper.name === 'string' ? wrapper.name.trim() : '';
  const name = given || migrated.document.name || IMPORTED_WORKFLOW_NAME;
  return { ok: true, name, document: { ...migrated.document, name, active: false }, warnings: migrated.warnings };
}
