/**
 * A workflow document in and out of the editor (editor-core 3, 4.4): the stored document of a
 * workflow's data, a duplicate's name and the export file. Reading an imported file is
 * `document-import.ts` (it needs the legacy reader, which the editor's first load leaves out).
 */
import { WORKFLOW_SCHEMA_VERSION, type WorkflowData, type WorkflowDocument } from './types.js';

/**
 * The stored document of a workflow's data, as the API carries it.
 *
 * @example api.put('/api/workflows/{id}', { body: { document: toDocument(wf.data) } })
 */
export function toDocument(data: WorkflowData): WorkflowDocument {
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: data.id,
    name: data.name,
    active: data.active,
    steps: data.steps,
    links: data.links,
  };
}

/** The name a duplicate gets (editor-core 4.4's step rule, applied to workflows). */
export function duplicateName(name: string): string {
  return `Duplicated: ${name}`;
}

/** The document of a workflow's duplicate: its name, OFF (a copy is switched ON on its own). */
export function duplicateDocument(document: WorkflowDocument): WorkflowDocument {
  return { ...document, name: duplicateName(document.name), active: false };
}

/** The file a workflow is exported as. */
export interface ExportedWorkflow {
  junctionWorkflow: 1;
  name: string;
  document: WorkflowDocument;
}

/** A workflow's export: its name and document, OFF. */
export function toExport(name: string, document: WorkflowDocument): ExportedWorkflow {
  return { junctionWorkflow: 1, name, document: { ...document, active: false } };
}

/** A file name for an export, e.g. 'my-workflow.json'. */
export function exportFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'workflow'}.json`;
}
