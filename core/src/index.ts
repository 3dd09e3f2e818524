/**
 * @junction/core — the framework-agnostic domain of Junction.
 *
 * Explicit named exports only; types with `export type`. Each room adds its lines in its
 * own section below.
 */

// workflow/types
export type {
  Condition,
  ConditionGroup,
  ConditionType,
  CoreEnv,
  Issue,
  IssueCode,
  Link,
  Step,
  StepData,
  StepField,
  StepKind,
  WorkflowData,
  WorkflowDocument,
} from './workflow/types.js';
export { WORKFLOW_SCHEMA_VERSION, createStepData } from './workflow/types.js';

// apps/types
export type {
  ActionDef,
  ApiType,
  AppDefinition,
  AuthFormField,
  AuthInfo,
  FieldDef,
  FieldLocation,
  FieldProperty,
  FieldSchema,
  FieldType,
  HttpMethod,
  KeyValue,
  PollingParams,
  RequestConfig,
  TriggerDef,
} from './apps/types.js';

// workflow/model, graph, history (model room)

// workflow rules: issues, health, naming, filter, payload, template, layout (rules room)

// apps, forms, accounts (apps room)

// workflow/document, compile (document room)

// api client (api room)
