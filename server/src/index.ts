/**
 * @junction/server — the HTTP API, ingest, engine, credential vault and storage. Embedders
 * and the `junction` command line create the app from here.
 */

export type { CreateAppOptions, LogStream } from './app.js';
export { createApp } from './app.js';
export type { Config } from './config.js';
export { loadConfig } from './config.js';
export { ConfigError, ENV_SCHEMA, readEnv } from './env.js';
export { startWorker } from './worker.js';
export { createLogger } from './log.js';
export { stopOnSignals } from './shutdown.js';
export type { ProblemBody } from './kernel/errors.js';
export { Problem } from './kernel/errors.js';
export type { ApiContract, OperationSpec } from './http/openapi.js';
export { loadContract } from './http/openapi.js';
export type { OperationHandler, OperationHandlers, OperationInput, OperationResult } from './http/types.js';
export type {
  AuthContext,
  CredentialView,
  MeView,
  OutboxMail,
  Services,
  SessionGrant,
  TenantView,
  UserView,
  WorkflowSummary,
  WorkflowView,
} from './kernel/types.js';
export type { OpsServices } from './ops/index.js';
export { ops } from './ops/index.js';
