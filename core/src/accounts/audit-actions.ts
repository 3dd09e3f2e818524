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

/** Words for a detail that is a flag: shown when it is true, never as `key: true`. */
const DETAIL_FLAGS: Record<string, string> = {
  newAccount: 'as a new account',
  everywhere: 'on every device',
  otherSessionsEnded: 'other sessions ended',
};

/** Words for a detail's value, by key; a key not listed reads `key: value` in plain words. */
const DETAIL_WORDS: Record<string, (value: string | number) => string> = {
  role: (v) => `role: ${v}`,
  from: (v) => `from: ${v}`,
  to: (v) => `to: ${v}`,
  email: (v) => String(v),
  name: (v) => String(v),
  app: (v) => `app: ${v}`,
  visibility: (v) => (v === 'shared' ? 'shared with the workspace' : 'private'),
  method: (v) => (v === 'link' ? 'with a sign-in link' : v === 'password' ? 'with a password' : `by ${v}`),
  sessions: (v) => (v === 1 ? '1 session' : `${v} sessions`),
  events: (v) => (v === 1 ? '1 event' : `${v} events`),
};

/** 'otherThing' → 'other thing': a key the table does not know, in words rather than camel case. */
const spaced = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * An audit event's details as the audit page words them: flags by what they mean, values by
 * their key, nested values left out; never raw JSON or a camel-case key.
 * @example auditDetailWords({ role: 'editor', newAccount: true }) // ['role: editor', 'as a new account']
 */
export function auditDetailWords(detail: Record<string, unknown>): string[] {
  const words: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (typeof value === 'boolean') {
      if (value) words.push(DETAIL_FLAGS[key] ?? spaced(key));
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const word = DETAIL_WORDS[key];
    words.push(word ? word(value) : `${spaced(key)}: ${value}`);
  }
  return words;
}
