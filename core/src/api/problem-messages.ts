/**
 * One message per Problem code: the sentence a user sees for every code the server sends (and
 * the client's own `network.unreachable`), so every screen says the same thing for the same
 * failure and branches on the code, never on a status number.
 *
 * Detail or sentence (the rule): a Problem's `detail` is shown instead of the table's sentence
 * only for codes marked `detail: 'shown'`. Those are the codes whose cause is the user's own
 * input or data (a field that fails a rule, a workflow with blocking issues, a limit, a
 * permission, a missing item): only the server knows which rule failed, and its throwers write
 * that sentence for users (server/src/kernel/errors.ts). For the other codes (the system, the
 * network, a conflict, the session, an unknown code's status family) the detail is technical or
 * varies by thrower, and the table's sentence is shown. A detail is never shown when empty.
 */
import type { Problem } from '@junction/api-spec';
import { isApiError } from './api-error.js';
import { defaultProblemCode, PROBLEM_CODES } from './problem-codes.js';

/** How one code reads. */
export interface ProblemMessage {
  /** The sentence users see. */
  text: string;
  /** 'shown' when the server's `detail` is shown instead of `text` (see the module's rule). */
  detail: 'shown' | 'hidden';
  /** True when trying the same thing again may work (the screen offers Try again). */
  canRetry?: boolean;
}

/** The one sentence for a server that cannot be reached; screens pair it with Try again. */
export const UNREACHABLE_TEXT = 'The server cannot be reached. Check your connection, then try again.';

/** The label of the button that repeats a failed request. */
export const TRY_AGAIN_LABEL = 'Try again';

const shown = (text: string): ProblemMessage => ({ text, detail: 'shown' });
const hidden = (text: string, canRetry = false): ProblemMessage => ({ text, detail: 'hidden', canRetry });

/**
 * Every Problem code the server sends, to what users see. `problem-messages.test.ts` fails when
 * api-spec/openapi.yaml, problem-codes.ts or a server thrower names a code missing here.
 */
export const PROBLEM_MESSAGES: Readonly<Record<string, ProblemMessage>> = {
  // By status (the thrower named no code).
  'request.invalid': shown('Some of the information is not valid. Check it and try again.'),
  'auth.required': shown('Your session has ended. Sign in again to continue.'),
  'auth.forbidden': shown('You do not have permission to do this.'),
  'resource.not_found': shown('This item no longer exists, or you do not have access to it.'),
  'request.method': hidden('This action is not available.'),
  'state.conflict': shown('This changed in the meantime. Reload the page and try again.'),
  'resource.gone': shown('This item is no longer available.'),
  'limit.exceeded': shown('This is more than Junction accepts at once.'),
  'request.media_type': shown('This kind of file or content is not accepted.'),
  'rule.failed': shown('This cannot be done as it is. Check the highlighted information.'),
  'limit.rate': hidden('Too many requests at once. Wait a moment, then try again.', true),
  'server.internal': hidden('Something went wrong on the server. Try again in a moment.', true),
  'server.not_implemented': hidden('This is not available on this server yet.'),
  'upstream.failed': shown('The connected service answered with an error. Try again in a moment.'),
  'server.unavailable': hidden('The server is busy or restarting. Try again in a moment.', true),
  'upstream.timeout': hidden('The connected service took too long to answer. Try again in a moment.', true),
  'storage.full': hidden('The server has run out of storage space. Ask your administrator to free some.'),
  // Named by the thrower.
  [PROBLEM_CODES.workflowRevisionConflict]: hidden(
    'Someone else saved this workflow first. Reload the page to see their changes.',
  ),
  [PROBLEM_CODES.activationBlocked]: shown('This workflow cannot be turned on until its issues are fixed.'),
  [PROBLEM_CODES.workflowNotActive]: hidden('Turn this workflow on first.'),
  [PROBLEM_CODES.workflowNoDraft]: hidden(
    'There are no unpublished changes. Reload the page to see the workflow as it runs.',
  ),
  [PROBLEM_CODES.popupTicketInvalid]: hidden('The connection window expired. Connect the account again.'),
  [PROBLEM_CODES.workspaceIngestBusy]: hidden(
    'This workspace is receiving too many webhooks at once. Try again in a moment.',
    true,
  ),
  // A quota over hours or a day, not a per-minute limit: the server's detail names it and when it renews.
  [PROBLEM_CODES.quotaExceeded]: shown('A quota of this server is used up for now. Try again later.'),
  [PROBLEM_CODES.networkError]: hidden(UNREACHABLE_TEXT, true),
  // Roles and members (core/src/accounts/permissions.ts).
  'auth.role': shown('Your role in this workspace does not allow this.'),
  'auth.not_member': hidden('You are no longer a member of this workspace. Switch to another workspace.'),
  'member.owner_required': shown('A workspace needs its one owner: this change would leave it without one.'),
  'connection.private': hidden('This connection belongs to another member and is private.'),
  // Accounts, the instance and invitations.
  'signup.closed': shown('Sign-up is closed for this address. Ask the instance owner for an invitation.'),
  'instance.setup_required': hidden('This Junction has no owner yet. Set it up first.'),
  'instance.owner_exists': hidden('This Junction is already set up. Sign in instead.'),
  'instance.owner_only': hidden('Only the owner of this Junction can do this.'),
  'auth.account_disabled': hidden('This account has been disabled. Ask the owner of this Junction.'),
  'invitation.invalid': hidden('This invitation link is no longer valid. Ask for a new one.'),
  'invitation.already_member': hidden('This person is already a member of the workspace.'),
  'invitation.other_address': hidden('This invitation is for another e-mail address. Sign in with that address.'),
};

/** A failure as a screen shows it. */
export interface ShownProblem {
  /** The Problem's code ('network.unreachable' when no answer came; 'client.error' for a bug). */
  code: string;
  /** The sentence to show. */
  text: string;
  /** The input field the server blamed (the Problem's `field`, else its first `errors` entry). */
  field?: string;
  /** True when the screen should offer {@link TRY_AGAIN_LABEL}. */
  canRetry: boolean;
  /** Seconds to wait before trying again, when the server said. */
  retryAfter?: number;
}

/** The code of a failure that is no API error at all (a bug in the page). */
export const CLIENT_ERROR_CODE = 'client.error';
const CLIENT_ERROR_TEXT = 'Something went wrong in this page. Reload it and try again.';

/** The table's entry for a code; an unknown code reads as its status family's. */
export function problemMessageOf(code: string, status = 0): ProblemMessage {
  return PROBLEM_MESSAGES[code] ?? PROBLEM_MESSAGES[defaultProblemCode(status)] ?? PROBLEM_MESSAGES['server.internal'];
}

/**
 * Returns what a screen shows for a failed call: the table's sentence (or the server's detail,
 * per the module's rule), the field it names and whether to offer Try again.
 *
 * @example
 * describeProblem(error); // { code: 'network.unreachable', text: UNREACHABLE_TEXT, canRetry: true }
 */
export function describeProblem(error: unknown): ShownProblem {
  if (!isApiError(error)) return { code: CLIENT_ERROR_CODE, text: CLIENT_ERROR_TEXT, canRetry: false };
  const problem: Problem = error.problem;
  const message = problemMessageOf(problem.code, problem.status);
  const detail = problem.detail?.trim();
  const shown: ShownProblem = {
    code: problem.code,
    text: message.detail === 'shown' && detail ? detail : message.text,
    canRetry: message.canRetry === true,
  };
  const field = problem.field ?? problem.errors?.[0]?.field;
  if (field) shown.field = field;
  if (problem.retryAfter !== undefined) shown.retryAfter = problem.retryAfter;
  return shown;
}

/**
 * Returns the sentence a screen shows for a failed call (see {@link describeProblem}).
 *
 * @example
 * toast(problemText(error));
 */
export function problemText(error: unknown): string {
  return describeProblem(error).text;
}

/** Tells whether a failure is the server being unreachable (the one sentence with Try again). */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.code === PROBLEM_CODES.networkError;
}
