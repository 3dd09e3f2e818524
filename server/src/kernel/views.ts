/** The views the API shows (users, tenants, workflows, credentials, sessions) and who is calling. */
import type { Role, WorkflowDocument } from '@junction/core';

/** Who is calling: resolved from the bearer session token. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  sessionId: string;
  /** The caller's role in `tenantId` (core's permission table); null when no longer a member. */
  role: Role | null;
  /** The client's address as the HTTP layer saw it (the audit log's "from where"). */
  address?: string;
}

/** A user as the API shows it. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
}

/** A tenant (workspace) as the API shows it (editor-core 6: plan, planStatus). */
export interface TenantView {
  id: string;
  name: string;
  plan: 'free' | 'premium';
  planStatus: 'active' | 'inactive' | 'trialing' | 'canceled';
  createdAt: string;
}

/** GET /api/auth/me (editor-core 7.4 reads id, name, tenants[0].tenant.id). */
export interface MeView extends UserView {
  tenants: { role: Role; tenant: TenantView }[];
  currentTenantId: string;
  /** The instance owner (the instance page). */
  isInstanceOwner?: boolean;
}

/** A workflow summary for lists. */
export interface WorkflowSummary {
  id: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A stored workflow: the versioned document plus bookkeeping. */
export interface WorkflowView extends WorkflowSummary {
  document: WorkflowDocument;
  /** Increments on every update; a PUT may send `expectedRevision` to avoid lost updates (409). */
  revision: number;
  /** OFF, live, or ON with a draft (core's lifecycle); `document` is the draft when there is one. */
  state?: 'off' | 'live' | 'draft';
  /** The published version that runs (ON). */
  publishedVersion?: number;
}

/** A credential as the API shows it: secrets are replaced by SECRET_SENTINEL. */
export interface CredentialView {
  id: string;
  app: string;
  name: string;
  createdAt: string;
  lastUsed: string | null;
  userId: string;
  tenantId: string;
  /** Non-secret values in clear; secret values as SECRET_SENTINEL. */
  values: Record<string, string>;
  /** 'private' to its creator (`userId`), or shared with the 'workspace'. */
  visibility?: 'private' | 'workspace';
}

/** What the API answers in place of a stored secret; saving it back keeps the stored value. */
export const SECRET_SENTINEL = '__junction_secret_unchanged__';

/** Result of sign-up and log-in. */
export interface SessionGrant {
  token: string;
  expiresAt: string;
  user: UserView;
  tenant: TenantView;
}

/** A mail kept by the outbox when no SMTP_URL is set (development only route). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Who is signing in: the request's User-Agent, kept as a device name for the session list. */
export interface SignInClient {
  userAgent?: string;
  /** The client's address (the audit log's "from where"). */
  address?: string;
}

/** One active session as the profile lists it (contract `SessionInfo`). */
export interface SessionInfoView {
  id: string;
  createdAt: string;
  expiresAt: string;
  device: string;
  current: boolean;
}
