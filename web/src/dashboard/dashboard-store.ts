/**
 * The dashboard pages' calls (onboarding-and-extras: /dashboard, /workflows, /connections,
 * /settings, /support): a page store of the root (`usePageStore(DashboardStoreModel)`). Pages
 * keep their own view state (rows shown, dialogs) and reach the API only through this store,
 * which goes through the server-state layer: reads are cached resources (the workflow list is
 * polled while on screen), every write names the lists it changes, and the ON/OFF switch and
 * a delete show at once and roll back when the server refuses. Failures are thrown as the
 * API's errors, which pages word with `failureText` (core's message table).
 */
import { apiKey, type Role, type ServerState, type WorkflowDocument } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';
import { listTickets, submitTicket, type TicketDraft, type TicketRow } from './dashboard-tickets.js';
import { duplicateWorkflow, importWorkflow, type WorkflowRow } from './dashboard-workflows.js';

/** How often the workflow list asks again while on screen (its last runs change). */
export const WORKFLOW_ROWS_POLL_MS = 15_000;
/** Workflows on one page of the list (the server's default page). */
export const WORKFLOWS_PAGE_SIZE = 50;
/** The largest page the server gives (the runs page's workflow names, the Connections page's "used by"). */
const LARGEST_PAGE = 200;
/** Pages the Connections page reads at most: 10,000 workflows. */
const MAX_PAGES = 50;

const ROWS_KEY = apiKey('/api/dashboard/workflows');
const CREDENTIALS_KEY = apiKey('/api/credentials');
const TICKETS_KEY = apiKey('/api/tickets');
const membersKey = (tenantId: string) => apiKey('/api/tenants/{tenantId}/members', { path: { tenantId } });

/** A page of the list (GET /api/dashboard/workflows): newest first, `q` searched on the server. */
const rowsQuery = (server: ServerState, page: { q?: string; cursor?: string; limit?: number } = {}) =>
  server.query(
    '/api/dashboard/workflows',
    {
      params: {
        query: {
          limit: page.limit ?? WORKFLOWS_PAGE_SIZE,
          ...(page.q ? { q: page.q } : {}),
          ...(page.cursor ? { cursor: page.cursor } : {}),
        },
      },
    },
    { pollMs: page.cursor ? undefined : WORKFLOW_ROWS_POLL_MS },
  );
/** The workflows of the newest runs, with the workspace's counts (the home). */
const recentQuery = (server: ServerState) =>
  server.query(
    '/api/dashboard/workflows',
    { params: { query: { order: 'lastRun', limit: 5 } } },
    { pollMs: WORKFLOW_ROWS_POLL_MS },
  );
const listCredentials = (server: ServerState) => server.read('/api/credentials', undefined);
const listApps = (server: ServerState) => server.read('/api/apps', undefined, { staleMs: 60_000 });
const listMembers = (server: ServerState, tenantId: string) =>
  server.read('/api/tenants/{tenantId}/members', { params: { path: { tenantId } } });

/** A page of the workflow list as GET /api/dashboard/workflows answers it. */
export type WorkflowRowsPage = NonNullable<ReturnType<typeof rowsQuery>['state']['data']>;
/** An account as GET /api/credentials lists it. */
export type CredentialItem = Awaited<ReturnType<typeof listCredentials>>['items'][number];
/** A catalogue entry as GET /api/apps lists it. */
export type CatalogueItem = Awaited<ReturnType<typeof listApps>>['items'][number];
/** A workspace member as GET /api/tenants/{id}/members lists it. */
export type MemberItem = Awaited<ReturnType<typeof listMembers>>['items'][number];

/** An optimistic edit of every cached page of the workflow list. */
const editRows = (server: ServerState, edit: (rows: WorkflowRow[]) => WorkflowRow[]) =>
  server.cache.findAll(ROWS_KEY).map((query) => ({
    key: query.key,
    update: (old: unknown) => {
      const page = old as (Omit<WorkflowRowsPage, 'items'> & { items: WorkflowRow[] }) | undefined;
      return page ? { ...page, items: edit(page.items) } : page;
    },
  }));

/** The dashboard's calls, through the server-state layer of the root's environment. */
export const DashboardStoreModel = ApiModel.named('DashboardStore')
  .views((self) => ({
    /**
     * The first page of the workflow list (newest first; `q`: only those whose name or an app's
     * label contains it, searched on the server) as a resource: read inside an observer it loads,
     * polls every {@link WORKFLOW_ROWS_POLL_MS} while on screen, and changes after every write below.
     */
    workflowPage(q = ''): Resource<WorkflowRowsPage> {
      return resourceOf(rowsQuery(self.server, { q: q.trim() }));
    },
    /** The page of the workflow list after `cursor` (Load more), as a resource kept fresh like the first. */
    workflowPageAfter(q: string, cursor: string): Resource<WorkflowRowsPage> {
      return resourceOf(rowsQuery(self.server, { q: q.trim(), cursor }));
    },
    /** The workflows of the workspace's newest runs (at most 5) with the workspace's counts: the home. */
    get recentWorkflows(): Resource<WorkflowRowsPage> {
      return resourceOf(recentQuery(self.server));
    },
    /** The newest {@link LARGEST_PAGE} workflows as a resource (the runs page names its runs' workflows with it). */
    get workflowRows(): Resource<WorkflowRowsPage> {
      return resourceOf(rowsQuery(self.server, { limit: LARGEST_PAGE }));
    },
  }))
  .actions((self) => ({
    /** Every workflow of the workspace, a page of 200 at a time (at most 10,000: the Connections page's "used by"). */
    async loadWorkflowRows(): Promise<WorkflowRow[]> {
      const rows: WorkflowRow[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await rowsQuery(self.server, { limit: LARGEST_PAGE, cursor }).fetch();
        rows.push(...answer.items);
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      return rows;
    },
    /** Creates an empty workflow; answers its id. */
    async createWorkflow(name: string): Promise<string> {
      const created = await self.server.mutate((api) => api.post('/api/workflows', { body: { name } }), {
        invalidates: [ROWS_KEY],
      });
      return created.id;
    },
    /**
     * Turns a workflow ON or OFF (PUT /api/workflows/{id}/active; the server checks activation):
     * the row switches at once and switches back when the server refuses.
     */
    async setWorkflowActive(id: string, active: boolean): Promise<void> {
      await self.server.mutate(
        (api) => api.put('/api/workflows/{id}/active', { params: { path: { id } }, body: { active } }),
        {
          optimistic: editRows(self.server, (rows) => rows.map((row) => (row.id === id ? { ...row, active } : row))),
          invalidates: [ROWS_KEY, apiKey('/api/workflows/{id}', { path: { id } })],
        },
      );
    },
    /** Creates an OFF copy of a workflow; answers the new id. */
    duplicateWorkflow(id: string): Promise<string> {
      return duplicateWorkflow(self.server, id, [ROWS_KEY]);
    },
    /** Deletes a workflow: its row goes at once and comes back when the server refuses. */
    async deleteWorkflow(id: string): Promise<void> {
      await self.server.mutate((api) => api.delete('/api/workflows/{id}', { params: { path: { id } } }), {
        optimistic: editRows(self.server, (rows) => rows.filter((row) => row.id !== id)),
        invalidates: [ROWS_KEY],
      });
    },
    /** Reads one workflow with its document (the export). */
    readWorkflow(id: string) {
      return self.server.read('/api/workflows/{id}', { params: { path: { id } } });
    },
    /** Creates a workflow from an import read by core's `readImport`; answers its id. */
    importWorkflow(name: string, document: WorkflowDocument): Promise<string> {
      return self.server.mutate((api) => importWorkflow(api, name, document), { invalidates: [ROWS_KEY] });
    },

    /** The workspace's accounts (the Connections page). */
    async listCredentials(): Promise<CredentialItem[]> {
      return (await listCredentials(self.server)).items;
    },
    /** The app catalogue; an empty list when it cannot be read (only labels and icons depend on it). */
    async listApps(): Promise<CatalogueItem[]> {
      return (await listApps(self.server).catch(() => ({ items: [] as CatalogueItem[] }))).items;
    },
    /** Renames an account. */
    async renameCredential(id: string, name: string): Promise<void> {
      await self.server.mutate(
        (api) => api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { name } }),
        { invalidates: [CREDENTIALS_KEY] },
      );
    },
    /** Shares an account with the workspace or makes it private again (its creator only). */
    async setCredentialVisibility(id: string, visibility: 'private' | 'workspace'): Promise<void> {
      await self.server.mutate(
        (api) => api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { visibility } }),
        { invalidates: [CREDENTIALS_KEY] },
      );
    },
    /** Checks an account against its app (POST /api/credentials/{id}/check). */
    checkCredential(id: string) {
      return self.server.mutate((api) => api.post('/api/credentials/{id}/check', { params: { path: { id } } }));
    },
    /** Deletes an account. */
    async deleteCredential(id: string): Promise<void> {
      await self.server.mutate((api) => api.delete('/api/credentials/{id}', { params: { path: { id } } }), {
        invalidates: [CREDENTIALS_KEY, ROWS_KEY],
      });
    },

    /** A workspace's members (the Settings page). */
    async listMembers(tenantId: string): Promise<MemberItem[]> {
      return (await listMembers(self.server, tenantId)).items;
    },
    /** Gives a member another role (admins and the owner); answers the member. */
    setMemberRole(tenantId: string, userId: string, role: Role): Promise<MemberItem> {
      return self.server.mutate(
        (api) =>
          api.patch('/api/tenants/{tenantId}/members/{userId}', {
            params: { path: { tenantId, userId } },
            body: { role },
          }),
        { invalidates: [membersKey(tenantId)] },
      );
    },
    /** Removes a member from the workspace. */
    async removeMember(tenantId: string, userId: string): Promise<void> {
      await self.server.mutate(
        (api) => api.delete('/api/tenants/{tenantId}/members/{userId}', { params: { path: { tenantId, userId } } }),
        { invalidates: [membersKey(tenantId)] },
      );
    },
    /** The owner hands the workspace to a member; answers the members after it. */
    async transferOwnership(tenantId: string, userId: string): Promise<MemberItem[]> {
      const after = await self.server.mutate(
        (api) => api.put('/api/tenants/{tenantId}/owner', { params: { path: { tenantId } }, body: { userId } }),
        { invalidates: [membersKey(tenantId)] },
      );
      return after.items;
    },
    /** Renames a workspace; answers the stored name. */
    async renameTenant(tenantId: string, name: string): Promise<string> {
      const renamed = await self.server.mutate((api) =>
        api.patch('/api/tenants/{tenantId}', { params: { path: { tenantId } }, body: { name } }),
      );
      return renamed.name;
    },

    /** The tickets the caller may read: their workspace's, or all for an operator. */
    listTickets(): Promise<TicketRow[]> {
      return listTickets(self.server);
    },
    /** Files a ticket with the signed-in user's e-mail (onboarding 3). */
    submitTicket(draft: TicketDraft): Promise<{ id: string }> {
      return submitTicket(self.server, draft, [TICKETS_KEY]);
    },
  }));

/** The dashboard store's instance type. */
export interface DashboardStore extends Instance<typeof DashboardStoreModel> {}
