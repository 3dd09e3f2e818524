/**
 * The dashboard's workflow list (/workflows): rows with name, apps, ON/OFF and the last run;
 * search; create, duplicate, delete; import and export as JSON. Pure helpers plus the calls.
 */
import {
  type ApiClient,
  duplicateDocument,
  type QueryKey,
  type ServerState,
  type WorkflowDocument,
} from '@junction/core';

// Its own module: the account menu (first-load code) uses it, and a module shared with the
// first load brings every export along (these pages' calls included).
export { failureText } from '../stores/api-failure.js';

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

/**
 * Creates a copy of a workflow (OFF, core's `duplicateDocument`): the original is a read of the
 * layer (shared with the editor's and the export's), the copy a mutation that invalidates
 * `invalidates`; answers the new id.
 */
export async function duplicateWorkflow(server: ServerState, id: string, invalidates: QueryKey[]): Promise<string> {
  const original = await server.read('/api/workflows/{id}', { params: { path: { id } } });
  const document = duplicateDocument({ ...original.document, name: original.name });
  const created = await server.mutate(
    (api) => api.post('/api/workflows', { body: { name: document.name, active: false, document } }),
    { invalidates },
  );
  return created.id;
}

/** Creates a workflow from an import read by core's `readImport`; answers its id, or throws the server's error. */
export async function importWorkflow(api: ApiClient, name: string, document: WorkflowDocument): Promise<string> {
  const created = await api.post('/api/workflows', { body: { name, active: false, document } });
  return created.id;
}
