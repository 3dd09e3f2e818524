/**
 * Every operation handler, by the contract's operationId. An operation of the contract without
 * a handler here answers 501 Not Implemented.
 */
import type { OperationHandlers } from '../types.js';
import { accessHandlers } from './access.js';
import { activationHandlers } from './activation.js';
import { alertHandlers } from './alerts.js';
import { runHandlers } from './runs.js';
import { appHandlers } from './apps.js';
import { authHandlers } from './auth.js';
import { credentialHandlers } from './credentials.js';
import { engineHandlers } from './executions.js';
import { formHandlers } from './forms.js';
import { shopifyHandlers } from './shopify.js';
import { stepHandlers } from './steps.js';
import { supportHandlers } from './support.js';
import { systemHandlers } from './system.js';
import { templateHandlers } from './templates.js';
import { tenantHandlers } from './tenants.js';
import { workflowHandlers } from './workflows.js';

/** Builds the handler map; a fresh object each call so apps never share mutations. */
export function createHandlers(): OperationHandlers {
  return {
    ...authHandlers,
    ...tenantHandlers,
    ...workflowHandlers,
    ...credentialHandlers,
    ...systemHandlers,
    ...engineHandlers,
    ...activationHandlers,
    ...stepHandlers,
    ...appHandlers,
    ...formHandlers,
    ...shopifyHandlers,
    ...supportHandlers,
    ...templateHandlers,
    ...accessHandlers,
    ...alertHandlers,
    ...runHandlers,
  };
}
