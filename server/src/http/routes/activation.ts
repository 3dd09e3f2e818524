/** Activation PUT/GET /api/workflows/{id}/active and the webhook URL /api/workflows/{id}/hook (triggers helper). */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const activationHandlers: OperationHandlers = {
  async setWorkflowActive(input) {
    const { active } = input.body as { active: boolean };
    const ctx = requireAuth(input);
    const body = await input.services.triggers.setActive(ctx, input.params.id, active);
    await input.services.audit.record(ctx, {
      action: active ? 'workflow.switched_on' : 'workflow.switched_off',
      target: input.params.id,
    });
    return { status: 200, body };
  },
  async getWorkflowActivation(input) {
    return { status: 200, body: await input.services.triggers.getActivation(requireAuth(input), input.params.id) };
  },
  async getWorkflowHook(input) {
    return { status: 200, body: await input.services.triggers.getHook(requireAuth(input), input.params.id) };
  },
  async createWorkflowHook(input) {
    return { status: 200, body: await input.services.triggers.rotateHook(requireAuth(input), input.params.id) };
  },
};
