/**
 * The one place the server applies core's permission table: after the bearer session is
 * resolved and before the handler runs, every operation's action is checked against the
 * caller's role in the workspace the route acts on (the path's `tenantId`, else the session's).
 * A role that falls short answers 403 `auth.role` naming what the role cannot do.
 */
import { can, isRole, type OperationAccess, PROBLEM_CODES, type Role } from '@junction/core';
import { Problem } from '../kernel/errors.js';
import type { AuthContext, Services } from '../kernel/types.js';

/** Looks up an operation's access (core's `operationAccess`, or a test contract's own). */
export type AccessLookup = (operationId: string) => OperationAccess | undefined;

/** 403 for a role that may not do what the route does. */
export const roleForbidden = (reason: string) =>
  new Problem(403, 'Forbidden', { detail: reason, code: PROBLEM_CODES.roleForbidden });

/**
 * Checks the caller may call an operation with this access (undefined: none in the table). Routes naming another workspace in their path are
 * checked against the caller's role there; a workspace the caller is not a member of is left to
 * the service, which answers it like a missing one (404).
 */
export async function authorise(
  access: OperationAccess | undefined,
  auth: AuthContext | null,
  params: Record<string, string>,
  services: Services,
): Promise<void> {
  if (access === 'public' || access === 'session-only') return;
  // A route without an entry in the table never runs (the table's test names it first).
  if (access === undefined) throw roleForbidden('This operation has no permission entry.');
  if (!auth) return; // The contract let an anonymous caller in; the handler decides.
  let role: Role | null = auth.role;
  const pathTenant = params.tenantId;
  if (typeof pathTenant === 'string' && pathTenant !== auth.tenantId) {
    const other = await services.tenants.roleOf(auth.userId, pathTenant);
    if (!other) return;
    role = other;
  }
  if (!role || !isRole(role)) {
    throw new Problem(403, 'Forbidden', {
      detail: 'You are no longer a member of this workspace. Switch to another workspace.',
      code: PROBLEM_CODES.notMember,
    });
  }
  const answer = can(role, access);
  if (!answer.allowed) throw roleForbidden(answer.reason);
}
