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
export type { DocumentError, DocumentErrorCode, ValidateDocumentResult } from './workflow/document.js';
export { DOCUMENT_LIMITS, validateDocument } from './workflow/document.js';
export type {
  DocumentWarning,
  LegacyElement,
  LegacyExecutionNode,
  LegacyExecutionTemplate,
  LegacyWorkflow,
  MigrateDocumentResult,
} from './workflow/legacy.js';
export { isLegacyDocument, migrateDocument } from './workflow/legacy.js';
export type {
  ExecutionNode,
  PlanLink,
  PlanProblem,
  PlanProblemCode,
  PlanStep,
  PlanTrigger,
  WorkflowPlan,
} from './workflow/compile.js';
export { compileWorkflow, toExecutionNodes } from './workflow/compile.js';

// api client (api room)
