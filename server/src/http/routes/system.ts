/** Health and the development outbox (which only exists outside production). */
import type { OperationHandlers } from '../types.js';

/** Handlers of the system operations, by operationId. */
export const systemHandlers: OperationHandlers = {
  async getHealth({ config }) {
    return { status: 200, body: { ok: true, db: config.databaseUrl ? 'postgres' : 'sqlite' } };
  },
  async listOutbox({ services }) {
    return { status: 200, body: { items: await services.outbox.list() } };
  },
};
