/** Maps stored records to the views of ./types.ts, and builds a new workflow's first record. */
import type { WorkflowDocument } from '@junction/core';
import {
  type CredentialView,
  SECRET_SENTINEL,
  type TenantView,
  type UserView,
  type WorkflowSummary,
  type WorkflowView,
} from '../kernel/types.js';
import type {
  CredentialRecord,
  TenantRecord,
  UserRecord,
  WorkflowRecord,
  WorkflowSummaryRecord,
} from '../store/repos/index.js';

/** A user as the API shows it (no password hash). */
export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
  };
}

/** A tenant as the API shows it. */
export function toTenantView(tenant: TenantRecord): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    plan: tenant.plan as TenantView['plan'],
    planStatus: tenant.planStatus as TenantView['planStatus'],
    createdAt: tenant.createdAt,
  };
}

/** A workflow list entry. */
export function toWorkflowSummary(w: WorkflowSummaryRecord): WorkflowSummary {
  return { id: w.id, name: w.name, active: w.active, createdAt: w.createdAt, updatedAt: w.updatedAt };
}

/**
 * A new workflow's first stored record: revision 1, created and updated at `createdAt`, named
 * and switched as its document says.
 */
export function firstWorkflowRecord(tenantId: string, document: WorkflowDocument, createdAt: string): WorkflowRecord {
  return {
    id: document.id,
    tenantId,
    name: document.name,
    active: document.active,
    document,
    revision: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A workflow with its document and revision. */
export function toWorkflowView(w: WorkflowRecord): WorkflowView {
  return { ...toWorkflowSummary(w), document: w.document as WorkflowDocument, revision: w.revision };
}

/** A credential with every secret value replaced by SECRET_SENTINEL. */
export function toCredentialView(c: CredentialRecord): CredentialView {
  const values: Record<string, string> = { ...c.publicValues };
  for (const key of c.secretKeys) values[key] = SECRET_SENTINEL;
  return {
    id: c.id,
    app: c.app,
    name: c.name,
    createdAt: c.createdAt,
    lastUsed: c.lastUsed,
    userId: c.userId,
    tenantId: c.tenantId,
    values,
    visibility: c.visibility ?? 'workspace',
  };
}
