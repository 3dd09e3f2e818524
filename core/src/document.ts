/**
 * `@junction/core/document` — the dependency-light entry for headless scripts: validate a
 * stored workflow document, migrate a legacy one to the current schema, compile the runnable
 * plan, and list its issues. Pure functions over plain JSON; it loads neither mobx,
 * mobx-state-tree nor dagre (checked by `src/purity.test.ts` and the package test), so a
 * script bundling only this entry stays small.
 *
 * Every export here is also exported, unchanged, by the main entry `@junction/core`.
 *
 * @example
 * import { migrateDocument, compileWorkflow } from '@junction/core/document';
 * const result = migrateDocument(JSON.parse(text));
 * if (result.ok) console.log(compileWorkflow(result.document).steps.length);
 */

export type {
  Condition,
  ConditionGroup,
  ConditionType,
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
export type { ImportResult } from './workflow/document-import.js';
export {
  documentErrorText,
  IMPORTED_WORKFLOW_NAME,
  NOT_A_WORKFLOW_TEXT,
  readImport,
} from './workflow/document-import.js';
export type { ExportedWorkflow } from './workflow/document-io.js';
export { duplicateDocument, duplicateName, exportFileName, toDocument, toExport } from './workflow/document-io.js';
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
export { activationProblems, canActivate, storableActivation } from './workflow/activation.js';
export { findIssues, ISSUE_TEXTS } from './workflow/issues.js';
