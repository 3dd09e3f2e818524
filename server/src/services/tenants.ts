/** Tenants (workspaces): create, read, and switch the session's current one. */
import { notFound, unprocessable } from '../kernel/errors.js';
import { createRepos, type TenantRecord } from '../store/repos/index.js';
import { inTransaction } from '../store/repos/transaction.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import type { Services } from '../kernel/types.js';
import { createMembers } from './members.js';
import { toTenantView } from './views.js';

/** Longest accepted tenant name. */
const NAME_MAX = 100;

/** Builds the tenants service. A tenant the caller is not a member of is reported as missing. */
export function createTenantsService(deps: ServiceDeps): Services['tenants'] {
  const { repos } = deps;
  const findOwn = async (userId: string, tenantId: string) => {
    const membership = typeof tenantId === 'string' ? await repos.tenants.findForMember(userId, tenantId) : undefined;
    if (!membership) throw notFound('Tenant');
    return membership.tenant;
  };

  return {
    async create(ctx, name) {
      const trimmed = typeof name === 'string' ? name.trim() : '';
      if (trimmed === '') throw unprocessable("Name can't be blank.", 'name');
      if (trimmed.length > NAME_MAX) throw unprocessable(`Name must be at most ${NAME_MAX} characters.`, 'name');
      const createdAt = nowIso(deps);
      const tenant: TenantRecord = { id: deps.newId(), name: trimmed, plan: 'free', planStatus: 'active', createdAt };
      await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        await tx.tenants.insert(tenant);
        await tx.tenants.addMember({ userId: ctx.userId, tenantId: tenant.id, role: 'owner', createdAt });
      });
      return toTenantView(tenant);
    },

    async get(ctx, tenantId) {
      return toTenantView(await findOwn(ctx.userId, tenantId));
    },

    async switchTo(ctx, tenantId) {
      await findOwn(ctx.userId, tenantId);
      await repos.sessions.setTenant(ctx.sessionId, tenantId);
    },

    ...createMembers(deps),
  };
}
