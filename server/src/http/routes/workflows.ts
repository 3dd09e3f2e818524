/**
 * Workflow CRUD, drafts, publish and versions. The document is validated by the workflows
 * service with core's `validateDocument` (422 naming JSON paths); the contract only checks its
 * outer shape.
 */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers of the workflow operations, by operationId. */
export const workflowHandlers: OperationHandlers = {
  async listWorkflows(input) {
    const query = input.query as { limit?: number; cursor?: string; q?: string };
    return { status: 200, body: await input.services.workflows.list(requireAuth(input), query) };
  },
  async createWorkflow(input) {
    const body = (input.body ?? {}) as { name?: string; active?: boolean; document?: unknown };
    return { status: 201, body: await input.services.workflows.create(requireAuth(input), body) };
  },
  async getWorkflow(input) {
    return { status: 200, body: await input.services.workflows.get(requireAuth(input), input.params.id) };
  },
  async updateWorkflow(input) {
    const body = input.body as { document: unknown; expectedRevision?: number };
    return { status: 200, body: await input.services.workflows.update(requireAuth(input), input.params.id, body) };
  },
  async getWorkflowDraft(input) {
    return { status: 200, body: await input.services.workflows.getDraft(requireAuth(input), input.params.id) };
  },
  async discardWorkflowDraft(input) {
    return { status: 200, body: await input.services.workflows.discardDraft(requireAuth(input), input.params.id) };
  },
  async publishWorkflow(input) {
    const body = (input.body ?? {}) as { note?: string; expectedRevision?: number };
    return { status: 200, body: await input.services.workflows.publish(requireAuth(input), input.params.id, body) };
  },
  async listWorkflowVersions(input) {
    const items = await input.services.workflows.listVersions(requireAuth(input), input.params.id);
    return { status: 200, body: { items } };
  },
  async getWorkflowVersion(input) {
    const number = Number(input.params.number);
    return {
      status: 200,
      body: await input.services.workflows.getVersion(requireAuth(input), input.params.id, number),
    };
  },
  async restoreWorkflowVersion(input) {
    const number = Number(input.params.number);
    const body = await input.services.workflows.restoreVersion(requireAuth(input), input.params.id, number);
    return { status: 200, body };
  },
  async deleteWorkflow(input) {
    await input.services.workflows.remove(requireAuth(input), input.params.id);
    return { status: 204 };
  },
};
