/**
 * Workspace and profile settings of the dashboard: rename a
 * workspace, list its members, change the password. Part of the support service.
 */
import { can, isRole, ROLES } from '@junction/core';
import { forbidden, notFound, unprocessable } from '../kernel/errors.js';
import { hashPassword, NO_PASSWORD_HASH, verifyPassword } from '../security/passwords.js';
import type { MemberView } from '../kernel/contracts/support.js';
import { checkPasswordRules } from './core-rules.js';
import type { PlatformDeps } from '../deps.js';
import type { AuthContext, TenantView } from '../kernel/types.js';
import { toTenantView } from './views.js';

/** Longest workspace name (the tenants service's limit). */
const NAME_MAX = 100;

/** Builds the settings part of the support service. */
export function createAccountSettings(deps: PlatformDeps) {

  const membershipOf = async (ctx: AuthContext, tenantId: string) => {
    const membership = await deps.repos.tenants.findForMember(ctx.userId, tenantId);
    if (!membership) throw notFound('Tenant');
    return membership;
  };

  return {
    async updateTenant(ctx: AuthContext, tenantId: string, name: string): Promise<TenantView> {
      const membership = await membershipOf(ctx, tenantId);
      const allowed = can(isRole(membership.role) ? membership.role : 'viewer', 'workspace.settings');
      if (!allowed.allowed) throw forbidden(allowed.reason);
      const trimmed = name.trim();
      if (trimmed === '') throw unprocessable("Name can't be blank.", 'name');
      if (trimmed.length > NAME_MAX) throw unprocessable(`Name must be at most ${NAME_MAX} characters.`, 'name');
      await deps.repos.tenants.rename(tenantId, trimmed);
      await deps.audit?.record(ctx, { tenantId, action: 'workspace.updated', detail: { name: trimmed } });
      return toTenantView({ ...membership.tenant, name: trimmed });
    },

    async listMembers(ctx: AuthContext, tenantId: string): Promise<{ items: MemberView[] }> {
      await membershipOf(ctx, tenantId);
      const rows = await deps.repos.tenants.listMembers(tenantId);
      const items = rows.map((row) => ({ ...row, role: isRole(row.role) ? row.role : ('viewer' as const) }));
      // Strongest role first (the owner on top); the sort is stable, so joins stay in order.
      items.sort((a, b) => ROLES.indexOf(b.role) - ROLES.indexOf(a.role));
      return { items };
    },

    async updatePassword(ctx: AuthContext, input: { currentPassword: string; newPassword: string }): Promise<void> {
      const user = await deps.repos.users.findById(ctx.userId);
      if (!user) throw notFound('User');
      // An account without a password (ended when its owner proved the mailbox) sets one freely.
      const hasPassword = user.passwordHash !== NO_PASSWORD_HASH;
      if (hasPassword && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw unprocessable('The current password is not correct.', 'currentPassword');
      }
      const broken = checkPasswordRules(input.newPassword);
      if (broken) throw unprocessable(broken, 'newPassword');
      await deps.repos.users.setPasswordHash(user.id, await hashPassword(input.newPassword));
      // Whoever knew the old password loses their sessions; this one stays.
      await deps.repos.sessions.removeOthersForUser(user.id, ctx.sessionId);
      await deps.audit?.record(ctx, { action: 'auth.password_changed', detail: { otherSessionsEnded: true } });
    },
  };
}
