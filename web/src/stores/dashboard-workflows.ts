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

/** Returns the distinct apps of a document's steps, in step order, placeholders left out. */
export function appsOf(document: Pick<WorkflowDocument, 'steps'>): WorkflowApp[] {
  const seen = new Map<string, WorkflowApp>();
  for (const step of document.steps) {
    const { type, label, icon } = step.data;
    if (type && !seen.has(type)) seen.set(type, { type, label: label || type, icon });
  }
  return [...seen.values()];
}

/** Returns the credential ids a document's steps use. */
export function credentialsOf(document: Pick<WorkflowDocument, 'steps'>): string[] {
  return [...new Set(document.steps.map((s) => s.data.credential).filter((c): c is string => !!c))];
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

/** Runs `work` over `items` with at most `limit` calls in flight; answers results in order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Loads the rows: the list, then each workflow's document and latest execution (4 at a time). */
export async function loadWorkflowRows(api: ApiClient): Promise<WorkflowRow[]> {
  const list = await api.get('/api/workflows');
  return mapLimited(list.items, 4, async (summary) => {
    const [full, runs] = await Promise.all([
      api.get('/api/workflows/{id}', { params: { path: { id: summary.id } } }),
      api
        .get('/api/workflows/{id}/executions', { params: { path: { id: summary.id }, query: { limit: 1 } } })
        .catch(() => ({ items: [] })),
    ]);
    const last = runs.items[0];
    const document = full.document as unknown as WorkflowDocument;
    return {
      id: summary.id,
      name: summary.name,
      active: summary.active,
      updatedAt: summary.updatedAt,
      apps: appsOf(document),
      credentialIds: credentialsOf(document),
      lastRun: last ? { id: last.id, status: last.status, startedAt: last.startedAt } : null,
    };
  });
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
