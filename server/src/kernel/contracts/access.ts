/**
 * Who may come in: the instance owner, the sign-up policy, the owner's instance page and
 * workspace invitations, implemented in `services/instance.ts` and `services/invitations.ts`.
 */
import type { Role, SignupPolicy } from '@junction/core';
import type { AuthContext, TenantView } from '../views.js';

/** What anyone may know about the instance (the set-up and sign-up pages). */
export interface InstanceStatusView {
  hasOwner: boolean;
  signUp: SignupPolicy | 'setup';
}

/** The owner's sign-up settings. */
export interface InstanceSettingsView {
  signupPolicy: SignupPolicy;
  signupDomains: string[];
  fixedByEnvironment: boolean;
  mailDelivery: 'smtp' | 'log';
}

/** One account as the instance page lists it. */
export interface InstanceUserView {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  disabled: boolean;
  isOwner: boolean;
  workspaces: number;
}

/** One workspace as the instance page lists it. */
export interface InstanceWorkspaceView {
  id: string;
  name: string;
  plan: string;
  createdAt: string;
  members: number;
  workflows: number;
  ownerEmail: string | null;
}

/** The set-up page's form (accounts.setUpOwner). */
export interface SetUpInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** The instance: its owner, sign-up policy, users and workspaces. */
export interface InstanceService {
  status(): Promise<InstanceStatusView>;
  settings(ctx: AuthContext): Promise<InstanceSettingsView>;
  updateSettings(
    ctx: AuthContext,
    input: { signupPolicy: string; signupDomains?: string[] },
  ): Promise<InstanceSettingsView>;
  listUsers(ctx: AuthContext): Promise<{ items: InstanceUserView[] }>;
  /** Disables (sessions end at once) or enables an account; never the owner's own. */
  setUserDisabled(ctx: AuthContext, userId: string, disabled: boolean): Promise<InstanceUserView>;
  listWorkspaces(ctx: AuthContext): Promise<{ items: InstanceWorkspaceView[] }>;
  /** Logs the set-up address at start while nobody owns the instance. */
  announce(): Promise<void>;
}

/** What sign-up asks the instance (injected into the accounts service by compose.ts). */
export interface SignUpGate {
  /**
   * Lets an address sign up on its own, or throws the refusal: one answer whether or not the
   * address has an account (that account is mailed instead). Resolves whether the new account
   * is to become the instance owner (none yet: the first account of an automated install).
   */
  admit(email: string): Promise<{ becomesOwner: boolean }>;
  /** The open invitation a sign-up token stands for (for `email` only), else 410 `invitation.invalid`. */
  invitationFor(token: string, email: string): Promise<{ id: string; tenantId: string; role: Role }>;
  /** The set-up page may run (no owner yet), else 409 `instance.owner_exists`. */
  assertNoOwner(): Promise<void>;
  /** Whether an account is disabled (sign-ins refused). */
  isDisabled(userId: string): Promise<boolean>;
  /** Whether the account owns the instance (getMe's `isInstanceOwner`). */
  isInstanceOwner(userId: string): Promise<boolean>;
}

/** One invitation as its workspace lists it. */
export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  status: 'pending' | 'expired';
}

/** An invitation just sent: the link too when mail does not leave over SMTP. */
export interface InvitationSentView {
  invitation: InvitationView;
  mailed: boolean;
  link?: string;
}

/** What an invitation link offers (the accept page). */
export interface InvitationOfferView {
  email: string;
  role: Role;
  workspaceName: string;
  invitedBy: string;
  expiresAt: string;
  hasAccount: boolean;
}

/** Invitations to the caller's workspace, and accepting one. */
export interface InvitationsService {
  list(ctx: AuthContext): Promise<{ items: InvitationView[] }>;
  create(ctx: AuthContext, input: { email: string; role: string }): Promise<InvitationSentView>;
  resend(ctx: AuthContext, invitationId: string): Promise<InvitationSentView>;
  revoke(ctx: AuthContext, invitationId: string): Promise<void>;
  lookUp(token: string): Promise<InvitationOfferView>;
  accept(ctx: AuthContext, token: string): Promise<{ role: Role; tenant: TenantView }>;
}
