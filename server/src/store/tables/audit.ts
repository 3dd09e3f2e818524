/** Tables of the audit log (migration 0016-audit-sessions). */

/** `audit_events`: who did what, when, from which address, in which workspace. */
export interface AuditEventsTable {
  id: string;
  /** Null for events outside a workspace (a failed sign-in of an unknown address). */
  tenant_id: string | null;
  at: string;
  action: string;
  actor_id: string | null;
  /** The actor's e-mail when it happened (kept after the account is gone). */
  actor_email: string | null;
  address: string | null;
  /** The thing acted on (a workflow, connection or member id). */
  target: string | null;
  /** A JSON object of a few words of context; never secrets. */
  detail: string;
}

/** The audit tables, for the Database interface. */
export interface AuditTables {
  audit_events: AuditEventsTable;
}
