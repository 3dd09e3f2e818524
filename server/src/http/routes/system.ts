/** Health and the development outbox (which only exists outside production). */
import { Problem } from '../../errors.js';
import type { OperationHandlers } from '../types.js';

/** Seconds a load balancer should wait before asking again when the database is down. */
const HEALTH_RETRY_SECONDS = 5;

/** Handlers of the system operations, by operationId. */
export const systemHandlers: OperationHandlers = {
  async getHealth({ services, request }) {
    // Services expose no probe of their own; resolving an unknown token is one cheap
    // indexed read that fails only when the database does not answer.
    try {
      await services.accounts.authenticate('health-probe');
    } catch (err) {
      request.log.error({ err }, 'health: database does not answer');
      throw new Problem(503, 'Service Unavailable', {
        detail: 'The database does not answer.',
        retryAfter: HEALTH_RETRY_SECONDS,
      });
    }
    return { status: 200, body: { ok: true, db: 'up' } };
  },
  async listOutbox({ services }) {
    return { status: 200, body: { items: await services.outbox.list() } };
  },
};
