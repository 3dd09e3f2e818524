/**
 * The integrations' public surface: built-in app definitions, in-process executors,
 * the action executor, retries, the Demo CRM plugin and its storage, and the icon route.
 * Explicit named exports; types with `export type`.
 */
export { CONTACT_CREATED_EVENT, demoCrmApp } from './builtin/demo-crm.js';
export type { BuiltinOutcome } from './builtin/flow.js';
export {
  delayApp,
  filterApp,
  httpApp,
  MAX_DELAY_SECONDS,
  runDelay,
  runFilter,
  toCustomRequestInput,
} from './builtin/flow.js';
export { formatterApp, runFormatter } from './builtin/formatter.js';
export { formsApp, WHOLE_BODY_KEY, webhookApp } from './builtin/hooks.js';
export { getBuiltinApp, isBuiltinApp, listBuiltinApps, toAppDefinition } from './builtin/index.js';
export { runBuiltinAction, runScheduleTick } from './builtin/run-builtin.js';
export type { ScheduleFrequency, ScheduleProblem, ScheduleResult, ScheduleSpec } from './builtin/schedule.js';
export { isTimeZone, nextRuns, scheduleApp, validateSchedule } from './builtin/schedule.js';
export type { BuiltinActionDef, BuiltinAppDefinition, BuiltinExecutorKey } from './builtin/types.js';
export { iconUrl } from './builtin/types.js';
export type { DemoCrmPluginOptions } from './demo-crm/plugin.js';
export { demoCrmPlugin, MAX_CONTACTS_PAGE } from './demo-crm/plugin.js';
export type {
  Contact,
  ContactInput,
  DemoCrmStorage,
  HookSubscription,
  MemoryStorageOptions,
} from './demo-crm/storage.js';
export { createMemoryDemoCrmStorage } from './demo-crm/storage.js';
export type { ExecuteStepInput, StepError, StepErrorCode, StepExecution } from './executor.js';
export { executeStep, REDACTED, redactRequest } from './executor.js';
export { builtinIconsPlugin, readBuiltinIcon, SVG_CONTENT_TYPE } from './icons.js';
export type { RetryableResponse, RetryOptions } from './retries.js';
export { DEFAULT_MAX_RETRY_DELAY_MS, isRetryableStatus, retryAfterMs, withRetries } from './retries.js';
