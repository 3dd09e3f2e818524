/**
 * Tickets, client error reports, checkout and workspace settings, implemented in
 * `services/support.ts`, `services/checkout.ts` and `services/account-settings.ts`.
 */
import type { Role } from '@junction/core';
import type { AuthContext, TenantView } from '../views.js';

/** A ticket as its sender writes it (onboarding 3 "Support ticket"). */
export interface CreateTicketInput {
  editor_url: string;
  email: string;
  title: string;
  content: string;
  app?: string;
  event?: string;
}

/** A stored ticket (the contract's TicketDetail). */
export interface TicketDetail {
  id: string;
  createdAt: string;
  tenantId: string;
  email: string;
  title: string;
  content: string;
  editorUrl: string;
  app?: string;
  event?: string;
  mailed: boolean;
}

/** A workspace member (the contract's Member). */
export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
}

/** What the embedded checkout's Pay button answers: where the browser goes next. */
export interface CheckoutFinish {
  redirectTo: string;
}

/** Tickets, client error reports, checkout and workspace settings. */
export interface SupportService {
  /** Stores a ticket and mails it to SUPPORT_EMAIL when SMTP is configured. */
  createTicket(ctx: AuthContext, input: CreateTicketInput): Promise<{ id: string; createdAt: string }>;
  /** The workspace's tickets, newest first; every workspace's for an operator. */
  listTickets(ctx: AuthContext): Promise<{ items: TicketDetail[] }>;
  /** Records a browser crash report (signed in or not); `visitor` is the sender's address (its per-address limit). */
  reportClientError(
    ctx: AuthContext | null,
    input: { source: string; error: string },
    visitor?: { ip: string },
  ): Promise<void>;
  /** Starts checkout: the configured provider's URL, or the embedded checkout page. */
  createCheckout(ctx: AuthContext, input: { currentUrl: string }): Promise<{ url: string }>;
  /** The embedded checkout page (HTML) of an open session; 404 when unknown or expired. */
  checkoutPage(sessionId: string): Promise<string>;
  /** The embedded checkout's Pay: upgrades the workspace, answers where to go back to. */
  finishCheckout(sessionId: string): Promise<CheckoutFinish>;
  /** Renames a workspace (owners only). */
  updateTenant(ctx: AuthContext, tenantId: string, name: string): Promise<TenantView>;
  /** The workspace's members, owners first. */
  listMembers(ctx: AuthContext, tenantId: string): Promise<{ items: MemberView[] }>;
  /** Changes the caller's password after checking the current one; other sessions end. */
  updatePassword(ctx: AuthContext, input: { currentPassword: string; newPassword: string }): Promise<void>;
  /** The dashboard's workflow list: apps, accounts used and the latest run of each workflow. */
  /** A page of the dashboard's workflow list (services/dashboard.ts). */
  listDashboardWorkflows(ctx: AuthContext, query?: DashboardListQuery): Promise<DashboardWorkflowPage>;
}

/** What the dashboard's list asks for (the contract's query parameters). */
export interface DashboardListQuery {
  limit?: number;
  cursor?: string;
  /** Text the name or an app's label contains. */
  q?: string;
  /** `lastRun`: the workflows of the newest runs, newest first (no cursor). */
  order?: 'created' | 'lastRun';
}

/** A page of the dashboard's list with the workspace's counts. */
export interface DashboardWorkflowPage {
  items: DashboardWorkflow[];
  nextCursor?: string;
  /** Workflows matching the query (all without `q`). */
  total: number;
  /** Of them, how many are ON. */
  activeTotal: number;
}

/** One app a workflow uses. */
export interface DashboardApp {
  type: string;
  label: string;
  icon: string;
}

/** One row of the dashboard's list (the contract's DashboardWorkflow). */
export interface DashboardWorkflow {
  id: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  apps: DashboardApp[];
  credentialIds: string[];
  lastRun: { id: string; status: string; startedAt: string } | null;
}
