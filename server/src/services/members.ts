/**
 * Member management of a workspace: change a member's role, remove a member, transfer
 * ownership. Core's `memberChangeProblem` decides what is allowed, so a workspace always keeps
 * exactly one owner; the HTTP layer has already checked the caller's role against the table.
 */
import { isRole, memberChangeProblem, PROBLEM_CODES, type Role } from '@junction/core';
import type { MemberView } from '../kernel/contracts/support.js';
import type { ServiceDeps } from '../deps.js';
import { forbidden, notFound, Problem, unprocessable } from '../kernel/errors.js';
import type { AuthContext } from '../kernel/types.js';
import { createRepos } from '../store/repos/index.js';
import { inTransaction } from '../store/repos/transaction.js';

/** 422 for a change that would touch the owner or make a second one. */
const ownerProblem = (detail: string, field?: string) =>
  new Problem(422, 'Unprocessable Content', { detail, field, code: PROBLEM_CODES.ownerRequired });

/** Builds the member-management part of the tenants service. */
export function createMembers(deps: ServiceDeps) {
  const { repos } = deps;
  const roleIn = async (userId: string, tenantId: string): Promise<Role | null> => {
    const role = typeof tenantId === 'string' ? await repos.tenants.roleOf(userId, tenantId) : undefined;
    return role === undefined ? null : isRole(role) ? role : 'viewer';
  };
  // The caller's role in the workspace; a workspace they are not in reads as missing.
  const callerRole = async (ctx: AuthContext, tenantId: string): Promise<Role> => {
    const role = await roleIn(ctx.userId, tenantId);
    if (!role) throw notFound('Tenant');
    return role;
  };
  const targetRole = async (tenantId: string, userId: string): Promise<Role> => {
    const role = await roleIn(userId, tenantId);
    if (!role) throw notFound('Member');
    return role;
  };
  const memberView = async (tenantId: string, userId: string): Promise<MemberView> => {
    const member = (await repos.tenants.listMembers(tenantId)).find((m) => m.userId === userId);
    if (!member) throw notFound('Member');
    return { ...member, role: isRole(member.role) ? member.role : 'viewer' };
  };
  const refuse = (problem: string, changer: Role) => {
    if (changer !== 'owner' && changer !== 'admin') throw forbidden(problem);
    throw ownerProblem(problem, 'role');
  };

  return {
    /** The user's role in a workspace, or null when not a member. */
    roleOf: roleIn,

    async updateMember(ctx: AuthContext, tenantId: string, userId: string, role: Role): Promise<MemberView> {
      const changer = await callerRole(ctx, tenantId);
      const target = await targetRole(tenantId, userId);
      if (!isRole(role)) throw unprocessable('Choose viewer, editor or admin.', 'role');
      const problem = memberChangeProblem(changer, target, { kind: 'role', role });
      if (problem) refuse(problem, changer);
      await repos.tenants.setRole(tenantId, userId, role);
      await deps.audit?.record(ctx, {
        tenantId,
        action: 'member.role_changed',
        target: userId,
        detail: { from: target, to: role },
      });
      return memberView(tenantId, userId);
    },

    async removeMember(ctx: AuthContext, tenantId: string, userId: string): Promise<void> {
      const changer = await callerRole(ctx, tenantId);
      const target = await targetRole(tenantId, userId);
      const problem = memberChangeProblem(changer, target, { kind: 'remove' });
      if (problem) refuse(problem, changer);
      await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        await tx.tenants.removeMember(tenantId, userId);
        // Sessions pointing at the workspace they left end with it.
        await tx.sessions.removeForUserInTenant(userId, tenantId);
      });
      await deps.audit?.record(ctx, { tenantId, action: 'member.removed', target: userId, detail: { role: target } });
    },

    async transferOwnership(ctx: AuthContext, tenantId: string, userId: string): Promise<{ items: MemberView[] }> {
      const changer = await callerRole(ctx, tenantId);
      if (changer !== 'owner') throw forbidden('Only the owner can transfer the workspace.');
      if (userId === ctx.userId) throw ownerProblem('You already own this workspace.', 'userId');
      await targetRole(tenantId, userId);
      await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        // One statement each, in one transaction: there is never a moment with two owners or none.
        await tx.tenants.setRole(tenantId, ctx.userId, 'admin');
        await tx.tenants.setRole(tenantId, userId, 'owner');
      });
      await deps.audit?.record(ctx, { tenantId, action: 'workspace.transferred', target: userId, detail: {} });
      const members = await repos.tenants.listMembers(tenantId);
      const items = members.map((m) => ({ ...m, role: isRole(m.role) ? m.role : ('viewer' as const) }));
      items.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
      return { items };
    },
  };
}

