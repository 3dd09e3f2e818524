/** Tenants (workspaces): create, read, switch the session's current tenant (editor-core 6). */
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
  async switchTenant(input) {
    await input.services.tenants.switchTo(requireAuth(input), input.params.tenantId);
    return { status: 204 };
  },
};
