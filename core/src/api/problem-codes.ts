/**
 * Stable Problem codes (xyflow-style error codes): the one list the server sends and clients
 * branch on. A code names what went wrong, never how it is shown; the HTTP status stays the
 * transport detail. Clients match `problem.code`, never a status number.
 */

/** Codes every Problem falls back to when its thrower names none, by HTTP status. */
export const STATUS_PROBLEM_CODES = {
  400: 'request.invalid',
  401: 'auth.required',
  403: 'auth.forbidden',
  404: 'resource.not_found',
  405: 'request.method',
  409: 'state.conflict',
  410: 'resource.gone',
  413: 'limit.exceeded',
  415: 'request.media_type',
  422: 'rule.failed',
  429: 'limit.rate',
  500: 'server.internal',
  501: 'server.not_implemented',
  502: 'upstream.failed',
  503: 'server.unavailable',
  504: 'upstream.timeout',
  507: 'storage.full',
} as const;

/** Codes named by a thrower because the status alone does not say what to do next. */
export const PROBLEM_CODES = {
  /** Someone saved the workflow since it was loaded (expected revision is stale). */
  workflowRevisionConflict: 'workflow.revision_conflict',
  /** The workflow cannot be switched ON: its steps have blocking issues. */
  activationBlocked: 'activation.blocked',
  /** The operation needs an ON workflow. */
  workflowNotActive: 'workflow.not_active',
  /** Publish or discard of a workflow without a draft (nothing unpublished: reload). */
  workflowNoDraft: 'workflow.no_draft',
  /** A configured limit (body, items, memory, uploads) was exceeded. */
  limitExceeded: 'limit.exceeded',
  /** The OAuth pop-up's ticket is unknown, used, expired or its session ended (editor-core 7.3). */
  popupTicketInvalid: 'auth.popup_ticket_invalid',
  /** One workspace has too many webhooks being recorded at once; see Retry-After (others are unaffected). */
  workspaceIngestBusy: 'limit.workspace_share',
  /** The caller's role in the workspace does not allow this (core/accounts/permissions.ts). */
  roleForbidden: 'auth.role',
  /** The caller is signed in but no longer a member of the session's workspace. */
  notMember: 'auth.not_member',
  /** The change would leave the workspace without its one owner, or touches the owner. */
  ownerRequired: 'member.owner_required',
  /** A private connection of another member: it cannot be opened, used or tested. */
  connectionPrivate: 'connection.private',
  /** Too many requests; see Retry-After. */
  rateLimited: 'limit.rate',
  /** A quota over a longer window (bytes of uploads an hour, reports a day) is used up; see Retry-After. */
  quotaExceeded: 'limit.quota',
  /** The request never got an answer (offline, refused, DNS); set by the client only. */
  networkError: 'network.unreachable',
  /** Sign-up is closed to this address (the instance's policy); the same answer whether or not it has an account. */
  signupClosed: 'signup.closed',
  /** Nobody owns this instance yet: the set-up page creates the owner first. */
  setupRequired: 'instance.setup_required',
  /** The instance already has an owner: the set-up page is done. */
  ownerExists: 'instance.owner_exists',
  /** Only the instance's owner may do this (the instance page). */
  instanceOwnerOnly: 'instance.owner_only',
  /** The account was disabled by the instance's owner. */
  accountDisabled: 'auth.account_disabled',
  /** The invitation link is unknown, used, revoked or expired. */
  invitationInvalid: 'invitation.invalid',
  /** The invited address is already a member of the workspace. */
  alreadyMember: 'invitation.already_member',
  /** The invitation is for another address than the signed-in account's. */
  invitationOtherAddress: 'invitation.other_address',
} as const;

/** Any stable Problem code. New codes are added to one of the two tables above. */
export type ProblemCode =
  | (typeof STATUS_PROBLEM_CODES)[keyof typeof STATUS_PROBLEM_CODES]
  | (typeof PROBLEM_CODES)[keyof typeof PROBLEM_CODES];

/**
 * The code a Problem of this status carries when its thrower named none.
 *
 * @example
 * defaultProblemCode(404); // 'resource.not_found'
 */
export function defaultProblemCode(status: number): string {
  const known = (STATUS_PROBLEM_CODES as Record<number, string>)[status];
  if (known) return known;
  if (status >= 500) return 'server.internal';
  return 'request.invalid';
}
