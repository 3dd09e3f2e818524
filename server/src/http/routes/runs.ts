/** Runs at scale: the workspace-wide run search and bulk actions with progress. */
import { requireAuth } from '../auth.js';
import type { BulkRunInput, RunSearchQuery } from '../../kernel/contracts/runs.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const runHandlers: OperationHandlers = {
  async getRunStats(input) {
    const { days } = input.query as { days?: number };
    return { status: 200, body: await input.services.runs.stats(requireAuth(input), days === 30 ? 30 : 7) };
  },
  async listWorkspaceExecutions(input) {
    return { status: 200, body: await input.services.runs.search(requireAuth(input), input.query as RunSearchQuery) };
  },
  async startBulkRunAction(input) {
    return { status: 202, body: await input.services.runs.startBulk(requireAuth(input), input.body as BulkRunInput) };
  },
  async getBulkRunAction(input) {
    return { status: 200, body: await input.services.runs.getBulk(requireAuth(input), input.params.jobId) };
  },
};
