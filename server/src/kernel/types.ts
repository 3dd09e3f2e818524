/**
 * The contract between the HTTP layer (`http/`) and the server's domain services
 * (`services/`, backed by `store/`, `security/`, `mail/`). Routes only parse, authorise and
 * call these; services enforce every rule, scope every query to `ctx.tenantId`, and throw
 * `Problem` (see ./errors.ts) for anything a caller did wrong. A resource of another tenant
 * is reported exactly like a missing one (404).
 */
import type { ConnectionVisibility as CredentialVisibility, Role } from '@junction/core';
import type { InstanceService, InvitationsService, SetUpInput } from './contracts/access.js';
import type { FailureAlertsService } from './contracts/alerts.js';
import type { AppsService } from './contracts/apps.js';
import type { AuditService } from './contracts/audit.js';
import type { EngineService } from './contracts/engine.js';
import type { FormsService } from './contracts/forms.js';
import type { HookHandshakes } from './contracts/hooks.js';
import type { WorkflowReleasesService } from './contracts/releases.js';
import type { RunsService } from './contracts/runs.js';
import type { StartersService } from './contracts/starters.js';
import type { StepsService } from './contracts/steps.js';
import type { MemberView, SupportService } from './contracts/support.js';
import type { TemplatesService } from './contracts/templates.js';
import type { TriggersService } from './contracts/triggers.js';
import type {
  AuthContext,
  CredentialView,
  MeView,
  OutboxMail,
  SessionGrant,
  SessionInfoView,
  SignInClient,
  TenantView,
  UserView,
  WorkflowSummary,
  WorkflowView,
} from './views.js';

// The views have their own file so the contracts can import them without importing this aggregate.
export * from './views.js';

/** All domain services. Created once per app by `createServices(config)`. */
export interface Services {
  accounts: {
    /** onboarding 2/5: creates user, tenant 'My First Workspace', workflow 'Untitled Workflow (Draft)', sends a 4-digit code. */
    signUp(
      input: {
        email: string;
        password: string;
        firstName?: string;
        lastName?: string;
        invitationToken?: string;
      },
      client?: SignInClient,
    ): Promise<SessionGrant & { workflowId: string }>;
    /**
     * A new person accepts an invitation (sign-up with `invitationToken`): an account in the
     * invitation's workspace only, address verified, no draft of its own (`workflowId` null).
     */
    joinByInvitation(
      input: { email: string; password: string; firstName?: string; lastName?: string; invitationToken: string },
      client?: SignInClient,
    ): Promise<SessionGrant & { workflowId: null }>;
    /** The set-up page: the instance owner's account, e-mail counted as verified; once (409 after). */
    setUpOwner(input: SetUpInput, client?: SignInClient): Promise<SessionGrant & { workflowId: string }>;
    /** Issues a fresh 4-digit code (15 minutes, 5 attempts) and mails it. */
    sendCode(ctx: AuthContext): Promise<void>;
    /** Checks the code; wrong → 422 field 'code'; expired/exhausted → 410. */
    verifyCode(ctx: AuthContext, code: string): Promise<UserView>;
    logIn(input: { email: string; password: string }, client?: SignInClient): Promise<SessionGrant>;
    logOut(ctx: AuthContext): Promise<void>;
    /** The caller's active sessions, newest first, their own marked `current`. */
    listSessions(ctx: AuthContext): Promise<{ items: SessionInfoView[] }>;
    /** Ends one of the caller's sessions; another user's or an unknown id → 404. */
    endSession(ctx: AuthContext, sessionId: string): Promise<void>;
    /** Ends every session of the caller, the current one included. */
    logOutEverywhere(ctx: AuthContext): Promise<void>;
    /** Resolves a bearer token; null when unknown or expired. */
    authenticate(token: string): Promise<AuthContext | null>;
    /**
     * A single-use ticket (60 s) standing for the caller's session in the OAuth pop-up's
     * address, so the session token never travels in a URL (editor-core 7.3).
     */
    createPopupTicket(ctx: AuthContext): Promise<{ ticket: string; expiresAt: string }>;
    /** Uses a pop-up ticket once: its session, or null when unknown, used, expired or signed out. */
    redeemPopupTicket(ticket: string): Promise<AuthContext | null>;
    me(ctx: AuthContext): Promise<MeView>;
    /** E-mails a one-time sign-in link carrying `c` (onboarding 2 small-screen reminder). Always resolves (no account enumeration). */
    sendSignInLink(email: string, link: (oneTimeToken: string) => string): Promise<void>;
    /** Exchanges a one-time address token (`c`) for a session, once. */
    exchangeToken(oneTimeToken: string, client?: SignInClient): Promise<SessionGrant>;
  };
  tenants: {
    create(ctx: AuthContext, name: string): Promise<TenantView>;
    get(ctx: AuthContext, tenantId: string): Promise<TenantView>;
    /** Switches the session's current tenant (must be a member). */
    switchTo(ctx: AuthContext, tenantId: string): Promise<void>;
    /** The user's role in a workspace, or null when not a member (the route check reads it). */
    roleOf(userId: string, tenantId: string): Promise<Role | null>;
    /** Changes a member's role (core's memberChangeProblem: never the owner's, never to owner). */
    updateMember(ctx: AuthContext, tenantId: string, userId: string, role: Role): Promise<MemberView>;
    /** Removes a member (not the owner); their sessions in the workspace end. */
    removeMember(ctx: AuthContext, tenantId: string, userId: string): Promise<void>;
    /** The owner hands the workspace to another member and becomes an admin. */
    transferOwnership(ctx: AuthContext, tenantId: string, userId: string): Promise<{ items: MemberView[] }>;
  };
  /** Workflows, with their drafts and published versions (contracts/releases.ts). */
  workflows: WorkflowReleasesService & {
    /** A page of the workspace's workflows, newest first (services/workflow-pages.ts). */
    list(
      ctx: AuthContext,
      query?: { limit?: number; cursor?: string; q?: string },
    ): Promise<{ items: WorkflowSummary[]; total: number; nextCursor?: string }>;
    /** Creates from a name (a new-workflow document from core) or a full document. */
    create(ctx: AuthContext, input: { name?: string; active?: boolean; document?: unknown }): Promise<WorkflowView>;
    get(ctx: AuthContext, id: string): Promise<WorkflowView>;
    /** Validates with core's validateDocument (422 with JSON paths) and stores. */
    update(
      ctx: AuthContext,
      id: string,
      input: { document: unknown; expectedRevision?: number },
    ): Promise<WorkflowView>;
    remove(ctx: AuthContext, id: string): Promise<void>;
  };
  credentials: {
    list(ctx: AuthContext, filter: { app?: string }): Promise<CredentialView[]>;
    get(ctx: AuthContext, id: string): Promise<CredentialView>;
    create(
      ctx: AuthContext,
      input: { app: string; name?: string; values: Record<string, string>; visibility?: CredentialVisibility },
    ): Promise<CredentialView>;
    update(
      ctx: AuthContext,
      id: string,
      input: { name?: string; lastUsed?: string; values?: Record<string, string>; visibility?: CredentialVisibility },
    ): Promise<CredentialView>;
    remove(ctx: AuthContext, id: string): Promise<void>;
    /** Server-internal: decrypted values for the engine. Never sent to a browser. */
    reveal(ctx: AuthContext, id: string): Promise<Record<string, string>>;
  };
  /** Executions: ingest, runs, replay, cancel (contracts/engine.ts). */
  engine: EngineService;
  /** Activation, schedules, polling (contracts/triggers.ts). */
  triggers: TriggersService;
  /** App catalogue and portal definitions (contracts/apps.ts). */
  apps: AppsService;
  /** Step tests, trigger choices, dropdowns, connection checks, OAuth (contracts/steps.ts). */
  steps: StepsService;
  /** Public forms (contracts/forms.ts). */
  forms: FormsService;
  /** Tickets, error reports, checkout (contracts/support.ts). */
  support: SupportService;
  /** The instance owner, sign-up policy, users and workspaces (contracts/access.ts). */
  instance: InstanceService;
  /** Invitations to a workspace (contracts/access.ts). */
  invitations: InvitationsService;
  /** Failure alerts: settings, a workflow's switch, the test alert, the mail's off link (contracts/alerts.ts). */
  alerts: FailureAlertsService;
  /** Runs at scale: the workspace-wide search and bulk re-run or cancel (contracts/runs.ts). */
  runs: RunsService;
  /** The audit log: record, read, download (contracts/audit.ts). */
  audit: AuditService;
  /** Shared templates (contracts/templates.ts). */
  templates: TemplatesService;
  /** Starter workflows and preselected apps from the editor's address (starters.ts, onboarding 2). */
  starters: StartersService;
  /** Webhook handshakes of subscribed apps on `/hooks/{key}` (Trello HEAD, Asana secret, Graph validation). */
  hooks: HookHandshakes;
  /** Development outbox (empty when SMTP is configured). */
  outbox: { list(): Promise<OutboxMail[]> };
  /** Closes database pools and mail transports. */
  close(): Promise<void>;
}
