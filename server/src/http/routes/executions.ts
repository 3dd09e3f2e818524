/** Executions, runs, replay, re-run, cancel and webhook ingest (engine helper). */
import { requireAuth } from '../auth.js';
import { rawHookBody } from '../json-body.js';
import type { ExecutionStatus, RerunInput } from '../../kernel/contracts/engine.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const engineHandlers: OperationHandlers = {
  async checkWebhook(input) {
    await input.services.hooks.inspect(input.params.key, {
      method: 'HEAD',
      headers: input.request.headers,
      query: input.query,
      body: undefined,
    });
    return { status: 200 };
  },
  async receiveWebhook(input) {
    // Apps' handshakes (Graph validation, Asana secret) and signature checks come first.
    const verdict = await input.services.hooks.inspect(input.params.key, {
      method: 'POST',
      headers: input.request.headers,
      query: input.query,
      rawBody: rawHookBody(input.request),
      body: input.body,
    });
    if (verdict.kind === 'answer') {
      return {
        status: verdict.status,
        headers: verdict.headers,
        type: verdict.type ?? 'text/plain; charset=utf-8',
        body: verdict.body ?? '',
      };
    }
    if (verdict.kind === 'ignore') return { status: 200, body: { ignored: true, reason: verdict.reason } };
    const header = input.request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' && header !== '' ? header : undefined;
    const accepted = await input.services.engine.receiveWebhook(input.params.key, input.body, { idempotencyKey });
    return { status: 200, body: accepted };
  },
  async runWorkflow(input) {
    const body = (input.body ?? {}) as { payload?: unknown };
    const accepted = await input.services.engine.runWorkflow(requireAuth(input), input.params.id, body.payload);
    return { status: 202, body: accepted };
  },
  async listExecutions(input) {
    const q = input.query as { since?: string; status?: ExecutionStatus; limit?: number; cursor?: string };
    const page = await input.services.engine.listExecutions(requireAuth(input), input.params.id, q);
    return { status: 200, body: page };
  },
  async getExecution(input) {
    const execution = await input.services.engine.getExecution(requireAuth(input), input.params.executionId);
    return { status: 200, body: execution };
  },
  async replayExecution(input) {
    const accepted = await input.services.engine.replayExecution(requireAuth(input), input.params.executionId);
    return { status: 202, body: accepted };
  },
  async rerunExecution(input) {
    const accepted = await input.services.engine.rerunExecution(
      requireAuth(input),
      input.params.executionId,
      input.body as RerunInput,
    );
    return { status: 202, body: accepted };
  },
  async cancelExecution(input) {
    const execution = await input.services.engine.cancelExecution(requireAuth(input), input.params.executionId);
    return { status: 200, body: execution };
  },
};
