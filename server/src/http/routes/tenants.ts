/** Tenants (workspaces): create, read, switch the session's current tenant (editor-core 6). */
import type { Role } from '@junction/core';
import type { AuditQuery } from '../../kernel/contracts/audit.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** The audit log's filters from a validated query. */
function auditQuery(query: Record<string, unknown>): AuditQuery {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    action: text(query.action),
    actorId: text(query.actorId),
    from: text(query.from),
    to: text(query.to),
    before: text(query.before),
    limit: typeof query.limit === 'number' ? query.limit : undefined,
  };
}

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
  async listAuditEvents(input) {
    const body = await input.services.audit.list(requireAuth(input), input.params.tenantId, auditQuery(input.query));
    return { status: 200, body };
  },
  async exportAuditEvents(input) {
    const ctx = requireAuth(input);
    const text = await input.services.audit.exportLines(ctx, input.params.tenantId, auditQuery(input.query));
    const day = new Date().toISOString().slice(0, 10);
    return {
      status: 200,
      type: 'application/x-ndjson; charset=utf-8',
      body: text,
      headers: { 'content-disposition': `attachment; filename="audit-${day}.jsonl"`, 'cache-control': 'no-store' },
    };
  },
  async switchTenant(input) {
    await input.services.tenants.switchTo(requireAuth(input), input.params.tenantId);
    return { status: 204 };
  },
};
