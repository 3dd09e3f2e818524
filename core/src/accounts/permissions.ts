/**
 * Who may do what in a workspace: the one permission table. Every operation of
 * `api-spec/openapi.yaml` maps to a named action (or to `'public'` / `'session-only'` for
 * routes outside a workspace), and every action to the least role allowed and the words a user
 * reads when their role falls short. The server checks it on every route; the web disables
 * its controls with the same reason (DESIGN "A workflow's life": one permission table in core).
 */
import type { operations } from '@junction/api-spec';

/** Workspace roles, weakest first. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;

/** A member's role in a workspace. */
export type Role = (typeof ROLES)[number];

/** What a role may do; each names the least role allowed and what it lets a member do. */
export const ACTIONS = {
  'workspace.read': { least: 'viewer', what: 'open this workspace' },
  'workflow.read': { least: 'viewer', what: 'see workflows' },
  'execution.read': { least: 'viewer', what: 'see runs and replays' },
  'form.read': { least: 'viewer', what: 'see forms and their submissions' },
  'app.read': { least: 'viewer', what: 'see apps' },
  'support.use': { least: 'viewer', what: 'write to support' },
  'workflow.edit': { least: 'editor', what: 'edit workflows' },
  'workflow.test': { least: 'editor', what: 'test or run workflows' },
  'workflow.switch': { least: 'editor', what: 'switch workflows ON or OFF' },
  'workflow.share': { least: 'editor', what: 'share workflows' },
  'workflow.hook': { least: 'editor', what: 'see or change webhook addresses' },
  'execution.control': { least: 'editor', what: 're-run or cancel runs' },
  'connection.use': { least: 'editor', what: 'see, create or use connections' },
  'form.edit': { least: 'editor', what: 'edit forms' },
  'app.build': { least: 'editor', what: 'build apps' },
  'app.publish': { least: 'admin', what: 'publish apps' },
  'member.read': { least: 'viewer', what: 'see members' },
  'member.manage': { least: 'admin', what: 'manage members' },
  'workspace.settings': { least: 'admin', what: 'change workspace settings' },
  'workspace.billing': { least: 'admin', what: 'change the plan' },
  'audit.read': { least: 'admin', what: 'read the audit log' },
  'workspace.transfer': { least: 'owner', what: 'transfer or delete the workspace' },
} as const satisfies Record<string, { least: Role; what: string }>;

/** A named action of the permission table. */
export type Action = keyof typeof ACTIONS;

/**
 * An operation's access: an action checked against the caller's role in the workspace,
 * `'session-only'` (any signed-in caller; the route is about the user, not a workspace) or
 * `'public'` (no session needed; the route checks its own key, ticket or nothing).
 */
export type OperationAccess = Action | 'session-only' | 'public';

/** Every operationId of openapi.yaml → its access. A new route fails to compile without one. */
export const OPERATION_ACCESS = {
  signUp: 'public',
  sendCode: 'session-only',
  verifyCode: 'session-only',
  logIn: 'public',
  logOut: 'session-only',
  listSessions: 'session-only',
  logOutEverywhere: 'session-only',
  endSession: 'session-only',
  getMe: 'session-only',
  createPopupTicket: 'session-only',
  sendSignInLink: 'public',
  exchangeToken: 'public',
  updatePassword: 'session-only',
  createTenant: 'session-only',
  switchTenant: 'session-only',
  getTenant: 'workspace.read',
  updateTenant: 'workspace.settings',
  listTenantMembers: 'member.read',
  updateMember: 'member.manage',
  removeMember: 'member.manage',
  transferOwnership: 'workspace.transfer',
  listAuditEvents: 'audit.read',
  exportAuditEvents: 'audit.read',
  // The instance routes are about the whole installation, not a workspace: the service lets
  // only the instance owner through (403 `instance.owner_only`).
  getInstance: 'public',
  setUpInstance: 'public',
  getInstanceSettings: 'session-only',
  updateInstanceSettings: 'session-only',
  listInstanceUsers: 'session-only',
  setUserDisabled: 'session-only',
  listInstanceWorkspaces: 'session-only',
  listInvitations: 'member.manage',
  createInvitation: 'member.manage',
  resendInvitation: 'member.manage',
  revokeInvitation: 'member.manage',
  lookUpInvitation: 'public',
  acceptInvitation: 'session-only',
  listWorkflows: 'workflow.read',
  createWorkflow: 'workflow.edit',
  getWorkflow: 'workflow.read',
  updateWorkflow: 'workflow.edit',
  deleteWorkflow: 'workflow.edit',
  listDashboardWorkflows: 'workflow.read',
  listCredentials: 'connection.use',
  createCredential: 'connection.use',
  getCredential: 'connection.use',
  updateCredential: 'connection.use',
  deleteCredential: 'connection.use',
  checkCredential: 'connection.use',
  shareWorkflow: 'workflow.share',
  getTemplate: 'public',
  acceptTemplate: 'workflow.edit',
  createStarterWorkflow: 'workflow.edit',
  testStep: 'workflow.test',
  fetchTriggerChoices: 'workflow.test',
  setStepSample: 'workflow.edit',
  getWorkflowActivation: 'workflow.read',
  setWorkflowActive: 'workflow.switch',
  getWorkflowHook: 'workflow.hook',
  createWorkflowHook: 'workflow.hook',
  getWorkflowDraft: 'workflow.read',
  discardWorkflowDraft: 'workflow.edit',
  // Publishing changes what runs, as the switch does.
  publishWorkflow: 'workflow.switch',
  listWorkflowVersions: 'workflow.read',
  getWorkflowVersion: 'workflow.read',
  restoreWorkflowVersion: 'workflow.edit',
  runWorkflow: 'workflow.test',
  listExecutions: 'execution.read',
  getExecution: 'execution.read',
  replayExecution: 'execution.read',
  rerunExecution: 'execution.control',
  cancelExecution: 'execution.control',
  getAlertSettings: 'execution.read',
  updateAlertSettings: 'workspace.settings',
  // The alert mail's off link carries its own secret (docs/failure-alerts.md).
  setAlertsOff: 'public',
  getWorkflowAlerts: 'workflow.read',
  setWorkflowAlerts: 'workflow.edit',
  sendTestAlert: 'workflow.edit',
  listWorkspaceExecutions: 'execution.read',
  startBulkRunAction: 'execution.control',
  getBulkRunAction: 'execution.read',
  getRunStats: 'execution.read',
  listApps: 'app.read',
  createApp: 'app.build',
  getApp: 'app.read',
  updateApp: 'app.build',
  getAppIcon: 'public',
  uploadAppIcon: 'app.build',
  updateWorkspaceAppEvents: 'app.build',
  getAppListing: 'app.read',
  updateAppListing: 'app.publish',
  testAppAuth: 'app.build',
  testAppAction: 'app.build',
  loadDropdownOptions: 'workflow.test',
  createDemoCrmKey: 'connection.use',
  // The OAuth pop-up carries a ticket, not a bearer session; its route checks 'connection.use'.
  startOAuth: 'public',
  finishOAuth: 'public',
  listForms: 'form.read',
  createForm: 'form.edit',
  getForm: 'form.read',
  deleteForm: 'form.edit',
  updateForm: 'form.edit',
  listFormSubmissions: 'form.read',
  getFormFile: 'public',
  getPublicForm: 'public',
  submitForm: 'public',
  uploadFormFile: 'public',
  verifyShopifyInstall: 'public',
  finishShopifyInstall: 'workspace.settings',
  checkWebhook: 'public',
  receiveWebhook: 'public',
  createTicket: 'support.use',
  listTickets: 'support.use',
  reportClientError: 'public',
  createCheckout: 'workspace.billing',
  getCheckoutPage: 'public',
  finishCheckout: 'public',
  getTermsPage: 'public',
  getPrivacyPage: 'public',
  getApiDocs: 'public',
  getOpenApiDocument: 'public',
  getHealth: 'public',
  getHealthLive: 'public',
  getHealthReady: 'public',
  listOutbox: 'public',
} as const satisfies Record<keyof operations, OperationAccess>;

/** An operationId of the contract. */
export type OperationId = keyof typeof OPERATION_ACCESS;

/** The answer to "may this role do that?": allowed, or not with the reason a user reads. */
export type Permission = { allowed: true } | { allowed: false; reason: string; least: Role };

const ROLE_PLURALS: Record<Role, string> = {
  viewer: 'Viewers',
  editor: 'Editors',
  admin: 'Admins',
  owner: 'Owners',
};

/** Whether a string is one of the four roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` is `least` or stronger. */
export function isRoleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/**
 * Whether `role` may do `action`; when not, the reason names what the role cannot do.
 *
 * @example
 * can('viewer', 'workflow.switch'); // { allowed: false, reason: 'Viewers cannot switch workflows ON or OFF.', least: 'editor' }
 */
export function can(role: Role, action: Action): Permission {
  const { least, what } = ACTIONS[action];
  if (isRoleAtLeast(role, least)) return { allowed: true };
  return { allowed: false, reason: `${ROLE_PLURALS[role]} cannot ${what}.`, least };
}

/** The access an operation needs; undefined for an operationId the table does not know. */
export function operationAccess(operationId: string): OperationAccess | undefined {
  return Object.hasOwn(OPERATION_ACCESS, operationId) ? OPERATION_ACCESS[operationId as OperationId] : undefined;
}

/** The least role an operation needs, or its `'public'` / `'session-only'` access. */
export function leastRoleFor(operationId: OperationId): Role | 'public' | 'session-only' {
  const access: OperationAccess = OPERATION_ACCESS[operationId];
  return access === 'public' || access === 'session-only' ? access : ACTIONS[access].least;
}

/**
 * Whether a member with `role` may call the operation. Public and session-only operations are
 * allowed to anyone who reached them; an unknown operationId is refused (a route without an
 * entry must not slip through).
 */
export function canCallOperation(role: Role, operationId: string): Permission {
  const access = operationAccess(operationId);
  if (access === undefined)
    return { allowed: false, reason: 'This operation has no permission entry.', least: 'owner' };
  if (access === 'public' || access === 'session-only') return { allowed: true };
  return can(role, access);
}

/** The roles a member may be given by `changer` (only a transfer makes an owner). */
export function assignableRoles(changer: Role): Role[] {
  if (changer === 'owner') return ['viewer', 'editor', 'admin'];
  if (changer === 'admin') return ['viewer', 'editor', 'admin'];
  return [];
}

/** A change to a member: a new role, or removal from the workspace. */
export type MemberChange = { kind: 'role'; role: Role } | { kind: 'remove' };

/**
 * Why `changer` may not apply `change` to a member whose role is `target`, or null when they
 * may. Owners change only by a transfer, so a workspace always keeps exactly one owner.
 */
export function memberChangeProblem(changer: Role, target: Role, change: MemberChange): string | null {
  const allowed = can(changer, 'member.manage');
  if (!allowed.allowed) return allowed.reason;
  if (target === 'owner') return "The owner's role changes only when they transfer ownership.";
  if (change.kind === 'role' && change.role === 'owner') return 'Make someone the owner by transferring ownership.';
  if (change.kind === 'role' && !assignableRoles(changer).includes(change.role)) {
    return `${ROLE_PLURALS[changer]} cannot give the ${change.role} role.`;
  }
  return null;
}

/** Who may use a connection: its creator only, or every editor of the workspace. */
export type ConnectionVisibility = 'private' | 'workspace';

/** What a member reads about a connection they may not open, use or test. */
export const PRIVATE_CONNECTION_TEXT = 'This connection is private to the member who made it.';

/**
 * Why `userId` may not open, use or test a connection, or null when they may: a private one is
 * its creator's alone (whatever the role); a shared one is every editor's (the role table).
 *
 * @example
 * connectionRefusal({ visibility: 'private', ownerId: 'u1' }, 'u2'); // PRIVATE_CONNECTION_TEXT
 */
export function connectionRefusal(
  connection: { visibility: ConnectionVisibility; ownerId: string },
  userId: string,
): string | null {
  if (connection.visibility === 'private' && connection.ownerId !== userId) return PRIVATE_CONNECTION_TEXT;
  return null;
}
