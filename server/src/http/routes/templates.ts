/** Share and templates (editor-core 2.4, 4.9): share a workflow, read a template, accept it. */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const templateHandlers: OperationHandlers = {
  async shareWorkflow(input) {
    const body = input.body as { title: string; description: string };
    const ctx = requireAuth(input);
    const result = await input.services.templates.share(ctx, input.params.id, body);
    await input.services.audit.record(ctx, {
      action: 'workflow.shared',
      target: input.params.id,
      detail: { title: body.title },
    });
    return { status: 201, body: result };
  },
  async getTemplate(input) {
    return { status: 200, body: await input.services.templates.get(input.params.templateId) };
  },
  async createStarterWorkflow(input) {
    // onboarding 2: `template`, `app1`, `action1`, `app2`, `action2` from the editor's address.
    const body = (input.body ?? {}) as Parameters<typeof input.services.starters.create>[1];
    return { status: 201, body: await input.services.starters.create(requireAuth(input), body) };
  },
  async acceptTemplate(input) {
    return { status: 201, body: await input.services.templates.accept(requireAuth(input), input.params.templateId) };
  },
};
