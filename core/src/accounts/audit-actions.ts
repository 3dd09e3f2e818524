/**
 * The audit log's actions: what the server records and
 * the words the audit page shows for each. One list, so a recorded action always has its label.
 */

/** The actions the server records, in the order the audit page's filter lists them. */
export const AUDIT_ACTION_LABELS = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.signed_out': 'Signed out',
  'auth.sessions_ended': 'Ended sessions',
  'auth.password_changed': 'Changed password',
  'invitation.created': 'Invited someone',
  'invitation.accepted': 'Accepted an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'workspace.transferred': 'Transferred the workspace',
  'workspace.updated': 'Renamed the workspace',
  'connection.created': 'Created a connection',
  'connection.tested': 'Tested a connection',
  'connection.deleted': 'Deleted a connection',
  'workflow.switched_on': 'Switched a workflow ON',
  'workflow.switched_off': 'Switched a workflow OFF',
  'workflow.published': 'Published a workflow',
  'workflow.restored': 'Restored a workflow version',
  'workflow.draft_discarded': 'Discarded a draft',
  'workflow.deleted': 'Deleted a workflow',
  'workflow.shared': 'Shared a workflow',
  'app.published': 'Published an app',
  'export.audit': 'Downloaded the audit log',
} as const satisfies Record<string, string>;

/** One kind of audited event. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Every audited action. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as readonly AuditAction[];

/**
 * The words for an action; an action this version does not know (a newer server) is shown as
 * 'Other event', never as its raw key.
 *
 * @example
 * auditActionLabel('workflow.published'); // 'Published a workflow'
 */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? 'Other event';
}

/** Whether a text names an audited action (the API's `action` filter). */
export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action);
}
