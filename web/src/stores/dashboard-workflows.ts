/**
 * The dashboard's workflow list (/workflows): rows with name, apps, ON/OFF and the last run;
 * search; create, duplicate, delete; import and export as JSON. Pure helpers plus the calls.
 */
import { type ApiClient, isApiError, WORKFLOW_SCHEMA_VERSION, type WorkflowDocument } from '@junction/core';

/** An app a workflow uses, for the row's icons. */
export interface WorkflowApp {
  type: string;
  label: string;
  icon: string;
}

/** One row of the list. */
export interface WorkflowRow {
  id: string;
  name: string;
  active: boolean;
  updatedAt: string;
  apps: WorkflowApp[];
  /** Credential ids the steps use (the Connections page's "used by"). */
  credentialIds: string[];
  lastRun: { id: string; status: string; startedAt: string } | null;
}

/**
 * Returns the rows whose name or app labels contain the query, case-insensitive.
 *
 * @example
 * searchWorkflows(rows, 'crm'); // rows named '…CRM…' or using the Demo CRM
 */
export function searchWorkflows(rows: WorkflowRow[], query: string): WorkflowRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter(
    (row) => row.name.toLowerCase().includes(q) || row.apps.some((a) => a.label.toLowerCase().includes(q)),
  );
}

/** Loads the rows in one call (GET /api/dashboard/workflows). */
export async function loadWorkflowRows(api: ApiClient): Promise<WorkflowRow[]> {
  return (await api.get('/api/dashboard/workflows')).items;
}

/** The name a duplicate gets (editor-core 4.4's step rule, applied to workflows). */
export function duplicateName(name: string): string {
  return `Duplicated: ${name}`;
}

/** Creates a copy of a workflow (OFF); answers the new id. */
export async function duplicateWorkflow(api: ApiClient, id: string): Promise<string> {
  const original = await api.get('/api/workflows/{id}', { params: { path: { id } } });
  const name = duplicateName(original.name);
  const document = { ...(original.document as unknown as WorkflowDocument), name, active: false };
  const created = await api.post('/api/workflows', { body: { name, active: false, document: document as never } });
  return created.id;
}

/** The file a workflow is exported as. */
export interface ExportedWorkflow {
  junctionWorkflow: 1;
  name: string;
  document: WorkflowDocument;
}

/** Returns a workflow's export: its name and document, OFF, without test data's origin changes. */
export function toExport(name: string, document: WorkflowDocument): ExportedWorkflow {
  return { junctionWorkflow: 1, name, document: { ...document, active: false } };
}

/** Returns a file name for an export, e.g. 'my-workflow.json'. */
export function exportFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'workflow'}.json`;
}

/**
 * Reads an imported file: an export from this page, or a bare stored document. Answers the
 * name and document to create, or an error text naming what is wrong.
 */
export function parseImport(text: string): { name: string; document: WorkflowDocument } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'The file is not JSON.' };
  }
  const candidate = parsed as Partial<ExportedWorkflow> & Partial<WorkflowDocument>;
  const document = (candidate.junctionWorkflow ? candidate.document : candidate) as WorkflowDocument | undefined;
  if (!document || typeof document !== 'object' || !Array.isArray(document.steps) || !Array.isArray(document.links)) {
    return { error: 'The file is not a Junction workflow: it has no steps and links.' };
  }
  if (document.schemaVersion !== WORKFLOW_SCHEMA_VERSION) {
    return { error: `The workflow's schemaVersion must be ${WORKFLOW_SCHEMA_VERSION}.` };
  }
  const name = (candidate.junctionWorkflow ? candidate.name : document.name) || 'Imported workflow';
  return { name, document: { ...document, name, active: false } };
}

/** Creates a workflow from an import; answers its id, or throws the server's validation error. */
export async function importWorkflow(api: ApiClient, name: string, document: WorkflowDocument): Promise<string> {
  const created = await api.post('/api/workflows', { body: { name, active: false, document: document as never } });
  return created.id;
}

/** Returns an API failure as the user's text (a 422 names the first bad path). */
export function failureText(error: unknown): string {
  if (isApiError(error)) {
    const problem = error.problem as {
      detail?: string;
      title: string;
      errors?: { field?: string; message?: string }[];
    };
    const first = problem.errors?.[0];
    const base = problem.detail || problem.title;
    return first?.field ? `${base} (${first.field}${first.message ? `: ${first.message}` : ''})` : base;
  }
  return error instanceof Error ? error.message : String(error);
}
