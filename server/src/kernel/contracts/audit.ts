/**
 * The audit log's contract: one `record(ctx, event)` other services call for what owners and
 * admins must be able to trace (who, when, from which address, what), and the reads of
 * `GET /api/tenants/{tenantId}/audit` (services/audit.ts).
 */
import type { AuditAction } from '@junction/core';
import type { AuthContext } from '../views.js';

/** What happened (core's list, with the words the audit page shows). */
export { AUDIT_ACTIONS, type AuditAction } from '@junction/core';

/** An event to record. `tenantId` defaults to the caller's current workspace. */
export interface AuditEventInput {
  action: AuditAction;
  tenantId?: string;
  /** The thing acted on (a workflow, connection or member id), when there is one. */
  target?: string;
  /** A few words of context (names, old and new role); never secrets. */
  detail?: Record<string, unknown>;
}

/** Who acted when there is no session yet (a failed sign-in): the user if known, the address. */
export interface AuditActor {
  userId?: string | null;
  tenantId?: string;
  address?: string;
}

/** A recorded event as the API shows it. */
export interface AuditEventView {
  id: string;
  at: string;
  action: AuditAction;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  target: string | null;
  detail: Record<string, unknown>;
  /** On a workflow's event: its name when recorded (else its current one) and whether it still exists. */
  workflow?: { name: string | null; exists: boolean };
}

/** Filters of the audit page and its download. */
export interface AuditQuery {
  action?: string;
  actorId?: string;
  from?: string;
  to?: string;
  limit?: number;
  before?: string;
}

/** The one entry point other services call; recording never fails the caller's action. */
export interface AuditRecorder {
  record(ctx: AuthContext | AuditActor | null, event: AuditEventInput): Promise<void>;
}

/** The audit service: recording plus the owner's and admins' reads. */
export interface AuditService extends AuditRecorder {
  list(ctx: AuthContext, tenantId: string, query: AuditQuery): Promise<{ items: AuditEventView[]; next?: string }>;
  /** Every event matching the query as JSON lines, oldest first; the download is itself recorded. */
  exportLines(ctx: AuthContext, tenantId: string, query: AuditQuery): Promise<string>;
}
