/**
 * The dashboard pages' calls (onboarding-and-extras: /dashboard, /workflows, /connections,
 * /settings, /support): a page store of the root (`usePageStore(DashboardStoreModel)`). Pages keep their own view state
 * (rows shown, dialogs) and reach the API only through these actions; failures are thrown as
 * the API's errors, which pages turn into text with `failureText`.
 */
import type { ApiClient, Role, WorkflowDocument } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { listTickets, submitTicket, type TicketDraft, type TicketRow } from './dashboard-tickets.js';
import { duplicateWorkflow, importWorkflow, loadWorkflowRows, type WorkflowRow } from './dashboard-workflows.js';

/** An account as GET /api/credentials lists it. */
export type CredentialItem = Awaited<ReturnType<typeof listCredentials>>['items'][number];
const listCredentials = (api: ApiClient) => api.get('/api/credentials');

/** A catalogue entry as GET /api/apps lists it. */
export type CatalogueItem = Awaited<ReturnType<typeof listApps>>['items'][number];
const listApps = (api: ApiClient) => api.get('/api/apps');

/** A workspace member as GET /api/tenants/{id}/members lists it. */
export type MemberItem = Awaited<ReturnType<typeof listMembers>>['items'][number];
const listMembers = (api: ApiClient, tenantId: string) =>
  api.get('/api/tenants/{tenantId}/members', { params: { path: { tenantId } } });

/** The dashboard's calls, with the API client of the root's environment. */
export const DashboardStoreModel = ApiModel.named('DashboardStore').actions((self) => ({
  /** The workflow list's rows in one call (GET /api/dashboard/workflows). */
  loadWorkflowRows(): Promise<WorkflowRow[]> {
    return loadWorkflowRows(self.api);
  },
  /** Creates an empty workflow; answers its id. */
  async createWorkflow(name: string): Promise<string> {
    return (await self.api.post('/api/workflows', { body: { name } })).id;
  },
  /** Turns a workflow ON or OFF (PUT /api/workflows/{id}/active; the server checks activation). */
  async setWorkflowActive(id: string, active: boolean): Promise<void> {
    await self.api.put('/api/workflows/{id}/active', { params: { path: { id } }, body: { active } });
  },
  /** Creates an OFF copy of a workflow; answers the new id. */
  duplicateWorkflow(id: string): Promise<string> {
    return duplicateWorkflow(self.api, id);
  },
  /** Deletes a workflow. */
  async deleteWorkflow(id: string): Promise<void> {
    await self.api.delete('/api/workflows/{id}', { params: { path: { id } } });
  },
  /** Reads one workflow with its document (the export). */
  readWorkflow(id: string) {
    return self.api.get('/api/workflows/{id}', { params: { path: { id } } });
  },
  /** Creates a workflow from an import read by core's `readImport`; answers its id. */
  importWorkflow(name: string, document: WorkflowDocument): Promise<string> {
    return importWorkflow(self.api, name, document);
  },

  /** The workspace's accounts (the Connections page). */
  async listCredentials(): Promise<CredentialItem[]> {
    return (await listCredentials(self.api)).items;
  },
  /** The app catalogue; an empty list when it cannot be read (only labels and icons depend on it). */
  async listApps(): Promise<CatalogueItem[]> {
    return (await listApps(self.api).catch(() => ({ items: [] as CatalogueItem[] }))).items;
  },
  /** Renames an account. */
  async renameCredential(id: string, name: string): Promise<void> {
    await self.api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { name } });
  },
  /** Checks an account against its app (POST /api/credentials/{id}/check). */
  checkCredential(id: string) {
    return self.api.post('/api/credentials/{id}/check', { params: { path: { id } } });
  },
  /** Deletes an account. */
  async deleteCredential(id: string): Promise<void> {
    await self.api.delete('/api/credentials/{id}', { params: { path: { id } } });
  },

  /** A workspace's members (the Settings page). */
  async listMembers(tenantId: string): Promise<MemberItem[]> {
    return (await listMembers(self.api, tenantId)).items;
  },
  /** Gives a member another role (admins and the owner); answers the member. */
  async setMemberRole(tenantId: string, userId: string, role: Role): Promise<MemberItem> {
    return self.api.patch('/api/tenants/{tenantId}/members/{userId}', {
      params: { path: { tenantId, userId } },
      body: { role },
    });
  },
  /** Removes a member from the workspace. */
  async removeMember(tenantId: string, userId: string): Promise<void> {
    await self.api.delete('/api/tenants/{tenantId}/members/{userId}', { params: { path: { tenantId, userId } } });
  },
  /** The owner hands the workspace to a member; answers the members after it. */
  async transferOwnership(tenantId: string, userId: string): Promise<MemberItem[]> {
    return (await self.api.put('/api/tenants/{tenantId}/owner', { params: { path: { tenantId } }, body: { userId } }))
      .items;
  },
  /** Renames a workspace; answers the stored name. */
  async renameTenant(tenantId: string, name: string): Promise<string> {
    return (await self.api.patch('/api/tenants/{tenantId}', { params: { path: { tenantId } }, body: { name } })).name;
  },

  /** The tickets the caller may read: their workspace's, or all for an operator. */
  listTickets(): Promise<TicketRow[]> {
    return listTickets(self.api);
  },
  /** Files a ticket with the signed-in user's e-mail (onboarding 3). */
  submitTicket(draft: TicketDraft): Promise<{ id: string }> {
    return submitTicket(self.api, draft);
  },
}));

/** The dashboard store's instance type. */
export interface DashboardStore extends Instance<typeof DashboardStoreModel> {}
