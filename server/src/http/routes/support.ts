/** Tickets, error reports, checkout (onboarding helper). */
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const supportHandlers: OperationHandlers = {};
