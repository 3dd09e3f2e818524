/** Activation PUT/GET /api/workflows/{id}/active (triggers helper). */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const activationHandlers: OperationHandlers = {
  async setWorkflowActive(input) {
    const { active } = input.body as { active: boolean };
    return { status: 200, body: await input.services.triggers.setActive(requireAuth(input), input.params.id, active) };
  },
  async getWorkflowActivation(input) {
    return { status: 200, body: await input.services.triggers.getActivation(requireAuth(input), input.params.id) };
  },
};
