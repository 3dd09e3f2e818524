/**
 * Plain-data shapes of a workflow: steps, links, filters. Every pure rule in `workflow/`
 * works over these; the MST models in `model.ts` have the same snapshot shape.
 * Spec references: editor-core 3, onboarding-and-extras 3.
 */
import type { FieldDef } from '../apps/types.js';
import { defaultOfKind, STEP_DATA_FIELDS, STEP_DATA_KEYS, type StepDataFields } from './step-fields.js';

/** The ten filter condition types (editor-core 3). */
export type ConditionType =
  | 'stringEqual'
  | 'stringUnequal'
  | 'listContains'
  | 'listNotContain'
  | 'greaterThan'
  | 'lessThan'
  | 'isTrue'
  | 'isFalse'
  | 'valueExists'
  | 'valueNotExists';

/** One filter row: left-hand field (often a `${step.path}` reference), condition, right-hand value. */
export interface Condition {
  lhs: string;
  conditionType: ConditionType;
  rhs: string;
}

/** A list of conditions. The first group is AND-ed; the others are OR groups (editor-core 3). */
export type ConditionGroup = Condition[];

/** What a step is on the canvas (editor-core 3 "Canvas element"). */
export type StepKind = 'trigger' | 'action' | 'filter' | 'loopEnd';

/** A field value set on a step: the app's field definition plus the user's value. */
export type StepField = FieldDef;

/**
 * The data of one step (editor-core 3 "Step data", onboarding 3 "Node data"), declared once in
 * ./step-fields.ts. A placeholder step has `type === ''`.
 */
export interface StepData extends StepDataFields {}

/** A step on the canvas. */
export interface Step {
  id: string;
  kind: StepKind;
  position: { x: number; y: number };
  data: StepData;
}

/** A link between two steps, with its optional filter and delay (editor-core 3 "Filter connection"). */
export interface Link {
  id: string;
  source: string;
  target: string;
  /** Filter name ('Filter: a AND b'); '' when none. */
  name: string;
  /** Condition groups; empty means always continue. */
  groups: ConditionGroup[];
  /** Delay in seconds before the target runs; 0 = none. */
  delaySeconds: number;
}

/** A workflow as plain data (editor-core 3 "Workflow"). */
export interface WorkflowData {
  id: string;
  name: string;
  active: boolean;
  steps: Step[];
  links: Link[];
}

/** Current version of the stored workflow document. */
export const WORKFLOW_SCHEMA_VERSION = 1 as const;

/** The versioned stored document: what the API carries and the database stores. */
export interface WorkflowDocument extends WorkflowData {
  schemaVersion: typeof WORKFLOW_SCHEMA_VERSION;
}

/** An issue found on a workflow (editor-core 5.1). Issues are data; the UI matches on `code`. */
export interface Issue {
  code: IssueCode;
  severity: 'error' | 'warning';
  stepId?: string;
  linkId?: string;
  /** The field a `missing-field` issue is about. */
  field?: string;
  /** Exact user-facing text from the spec. */
  text: string;
}

/** Stable issue codes. */
export type IssueCode =
  | 'missing-app'
  | 'missing-event'
  | 'missing-credential'
  | 'missing-field'
  | 'missing-test-data'
  | 'test-data-error'
  | 'stale-test-data'
  | 'broken-reference'
  // Activation only (activation.ts): the plan, filters, schedule and app definitions.
  | 'no-trigger'
  | 'cycle'
  | 'invalid-filter'
  | 'invalid-schedule'
  | 'unknown-app'
  | 'unknown-event'
  | 'trigger-setup';

/** Platform needs injected into core (STYLE "core is pure"). */
export interface CoreEnv {
  /** New unique id. */
  newId: () => string;
  /** Current time, epoch ms. */
  now: () => number;
}

/** Builds an empty StepData with every field at its default, overridden by `patch`. */
export function createStepData(patch: Partial<StepData> = {}): StepData {
  const data: Record<string, unknown> = {};
  for (const key of STEP_DATA_KEYS) data[key] = defaultOfKind(STEP_DATA_FIELDS[key].kind);
  return { ...(data as unknown as StepData), ...patch };
}

/**
 * Returns step data as the model keeps it: every key of the field table (./step-fields.ts),
 * a missing or undefined value as its kind's default, unknown keys dropped (editor-core 3
 * "Step data").
 */
export function normalizeStepData(data: Partial<StepData> | undefined): StepData {
  const source = (data ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of STEP_DATA_KEYS) {
    const value = source[key];
    out[key] = value === undefined ? defaultOfKind(STEP_DATA_FIELDS[key].kind) : value;
  }
  return out as unknown as StepData;
}
