/** Tenants (workspaces): create, read, switch the session's current tenant (editor-core 6). */
import type { Role } from '@junction/core';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers of the tenant operations, by operationId. */
export const tenantHandlers: OperationHandlers = {
  async createTenant(input) {
    const { name } = input.body as { name: string };
    return { status: 201, body: await input.services.tenants.create(requireAuth(input), name) };
  },
  async getTenant(input) {
    return { status: 200, body: await input.services.tenants.get(requireAuth(input), input.params.tenantId) };
  },
  async updateMember(input) {
    const { role } = input.body as { role: Role };
    const { tenantId, userId } = input.params;
    return { status: 200, body: await input.services.tenants.updateMember(requireAuth(input), tenantId, userId, role) };
  },
  async removeMember(input) {
    await input.services.tenants.removeMember(requireAuth(input), input.params.tenantId, input.params.userId);
    return { status: 204 };
  },
  async transferOwnership(input) {
    const { userId } = input.body as { userId: string };
    const body = await input.services.tenants.transferOwnership(requireAuth(input), input.params.tenantId, userId);
    return { status: 200, body };
  },
  async switchTenant(input) {
    await input.services.tenants.switchTo(requireAuth(input), input.params.tenantId);
    return { status: 204 };
  },
};
