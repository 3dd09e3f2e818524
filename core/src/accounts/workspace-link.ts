/**
 * What a link to a workflow of a workspace (`/?id=…&t=…`, editor-core 2.1 `t`) does when the
 * workflow cannot be read in the session's current workspace: switch to the link's workspace
 * when the account is one of its members, else stay and say there is no access (the answer
 * names nothing about a workspace the account does not belong to).
 */

/** The account's memberships as GET /api/auth/me lists them. */
export interface WorkspaceMemberships {
  currentTenantId: string;
  tenants: readonly { tenant: { id: string; name: string } }[];
}

/** What to do with a link's workspace: switch to it (naming it), or show no access. */
export type WorkspaceLinkAction = { kind: 'switch'; tenantId: string; name: string } | { kind: 'no-access' };

/**
 * Decides whether a workflow link's workspace `linkTenantId` is one to switch to: a workspace
 * the account belongs to that is not already the current one. Anything else (no `t`, the
 * current workspace, a workspace the account is not in) is no access, so a link never loops.
 *
 * @example workspaceLinkAction(me, 'ws-2') // { kind: 'switch', tenantId: 'ws-2', name: 'Acme' }
 */
export function workspaceLinkAction(me: WorkspaceMemberships, linkTenantId: string | null): WorkspaceLinkAction {
  if (!linkTenantId || linkTenantId === me.currentTenantId) return { kind: 'no-access' };
  const member = me.tenants.find((m) => m.tenant.id === linkTenantId);
  return member ? { kind: 'switch', tenantId: member.tenant.id, name: member.tenant.name } : { kind: 'no-access' };
}
