/** Maps stored records to the views of ./types.ts. */
import type { WorkflowDocument } from '@junction/core';
import type {
  CredentialRecord,
  TenantRecord,
  UserRecord,
  WorkflowRecord,
  WorkflowSummaryRecord,
} from '../store/repos/index.js';
import {
  type CredentialView,
  SECRET_SENTINEL,
  type TenantView,
  type UserView,
  type WorkflowSummary,
  type WorkflowView,
} from '../kernel/types.js';

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
