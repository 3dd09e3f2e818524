/**
 * The versioned stored workflow document: structural validation of what the API carries and
 * the database stores (DESIGN "How data flows": the server validates with the same function
 * the editor uses). Hand-written rather than schema-driven so that it is fast, never throws,
 * and reports every problem with a JSON path a person can follow. The readers it builds on are
 * in document-read.ts. Spec references: editor-core 3 (entities), editor-core 4.4 (no
 * self-link, no duplicate).
 */

import {
  type Ctx,
  checkKeys,
  copyJson,
  DOCUMENT_LIMITS,
  type DocumentError,
  describe,
  expectArray,
  expectRecord,
  fail,
  isRecord,
  readBoolean,
  readField,
  readNullableNumber,
  readNullableString,
  readNumber,
  readPollingParams,
  readString,
  StopValidation,
} from './document-read.js';
import { MAX_DELAY_SECONDS } from './delay.js';
import { CONDITION_TYPES, conditionProblem } from './filter.js';
import { defaultOfKind, STEP_DATA_KEYS, type StepDataKey, stepFieldSpec } from './step-fields.js';
import {
  type Condition,
  type ConditionGroup,
  type ConditionType,
  type Link,
  type Step,
  type StepData,
  type StepKind,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from './types.js';

export type { DocumentError, DocumentErrorCode } from './document-read.js';
export { DOCUMENT_LIMITS, joinPath } from './document-read.js';

/** The outcome of {@link validateDocument}: a clean copy of the document, or every error found. */
export type ValidateDocumentResult = { ok: true; document: WorkflowDocument } | { ok: false; errors: DocumentError[] };

const STEP_KINDS: ReadonlySet<string> = new Set<StepKind>(['trigger', 'action', 'filter', 'loopEnd']);
const CONDITION_TYPE_SET: ReadonlySet<string> = new Set<ConditionType>(CONDITION_TYPES);

const DOCUMENT_KEYS = new Set(['schemaVersion', 'id', 'name', 'active', 'steps', 'links']);
const STEP_KEYS = new Set(['id', 'kind', 'position', 'data']);
const POSITION_KEYS = new Set(['x', 'y']);
const LINK_KEYS = new Set(['id', 'source', 'target', 'name', 'groups', 'delaySeconds']);
const CONDITION_KEYS = new Set(['lhs', 'conditionType', 'rhs']);
/** Every StepData key, from the one field table (the copy keeps its order). */
const STEP_DATA_KEY_SET: ReadonlySet<string> = new Set(STEP_DATA_KEYS);

const TEXT_LIMITS = {
  name: DOCUMENT_LIMITS.maxNameLength,
  id: DOCUMENT_LIMITS.maxIdLength,
} as const;

// Reads one step data field by its kind (./step-fields.ts).
function readStepField(ctx: Ctx, obj: Record<string, unknown>, key: StepDataKey, path: string): unknown {
  const spec = stepFieldSpec(key);
  if (spec.optional && !(key in obj)) return defaultOfKind(spec.kind);
  const limit = spec.limit ? TEXT_LIMITS[spec.limit] : DOCUMENT_LIMITS.maxStringLength;
  const at = `${path}.${key}`;
  switch (spec.kind) {
    case 'string':
      return readString(ctx, obj, key, path, limit);
    case 'boolean':
      return readBoolean(ctx, obj, key, path);
    case 'number':
      return readNumber(ctx, obj, key, path, 0, DOCUMENT_LIMITS.maxDelaySeconds);
    case 'nullableString':
      return readNullableString(ctx, obj, key, path, limit);
    case 'nullableNumber':
      return readNullableNumber(ctx, obj, key, path);
    case 'json':
      // May legitimately be null; `undefined` (absent) is an error like any other key.
      return key in obj ? copyJson(ctx, obj[key], at, 0, []) : fail(ctx, at, 'required', 'is required');
    case 'fields':
      return (expectArray(ctx, obj[key], at, DOCUMENT_LIMITS.maxFieldsPerStep) ?? []).map((f, i) =>
        readField(ctx, f, `${at}[${i}]`),
      );
    case 'choices':
      return (expectArray(ctx, obj[key], at, DOCUMENT_LIMITS.maxTriggerChoices) ?? []).map((c, i) =>
        copyJson(ctx, c, `${at}[${i}]`, 0, []),
      );
    case 'pollingParams':
      return readPollingParams(ctx, obj[key], at);
  }
}

function readStepData(ctx: Ctx, value: unknown, path: string): StepData | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, STEP_DATA_KEY_SET, path);
  const data: Record<string, unknown> = {};
  for (const key of STEP_DATA_KEYS) data[key] = readStepField(ctx, obj, key, path);
  return data as unknown as StepData;
}

function readStep(ctx: Ctx, value: unknown, path: string): Step | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, STEP_KEYS, path);
  const id = readString(ctx, obj, 'id', path, DOCUMENT_LIMITS.maxIdLength, true);
  let kind = obj.kind as StepKind;
  if (typeof kind !== 'string' || !STEP_KINDS.has(kind)) {
    fail(
      ctx,
      `${path}.kind`,
      kind === undefined ? 'required' : 'type',
      `expected one of ${[...STEP_KINDS].join(', ')}`,
    );
    kind = 'action';
  }
  const posAt = `${path}.position`;
  const pos = expectRecord(ctx, obj.position, posAt);
  const c = DOCUMENT_LIMITS.maxCoordinate;
  if (pos) checkKeys(ctx, pos, POSITION_KEYS, posAt);
  const position = pos
    ? { x: readNumber(ctx, pos, 'x', posAt, -c, c), y: readNumber(ctx, pos, 'y', posAt, -c, c) }
    : { x: 0, y: 0 };
  const data = readStepData(ctx, obj.data, `${path}.data`);
  return data ? { id, kind, position, data } : undefined;
}

function readCondition(ctx: Ctx, value: unknown, path: string): Condition {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { lhs: '', conditionType: 'valueExists', rhs: '' };
  checkKeys(ctx, obj, CONDITION_KEYS, path);
  const lhs = readString(ctx, obj, 'lhs', path, DOCUMENT_LIMITS.maxStringLength);
  const conditionType = obj.conditionType;
  if (typeof conditionType !== 'string' || !CONDITION_TYPE_SET.has(conditionType)) {
    fail(
      ctx,
      `${path}.conditionType`,
      conditionType === undefined ? 'required' : 'type',
      `expected one of ${CONDITION_TYPES.join(', ')}`,
    );
  }
  const rhs = readString(ctx, obj, 'rhs', path, DOCUMENT_LIMITS.maxStringLength);
  const row = { lhs, conditionType: conditionType as ConditionType, rhs };
  // editor-core 2.10: the server refuses a filter row the filter panel refuses.
  if (typeof obj.lhs === 'string' && typeof obj.rhs === 'string' && CONDITION_TYPE_SET.has(row.conditionType)) {
    const problem = conditionProblem(row);
    if (problem) fail(ctx, path, 'invalid-filter', problem);
  }
  return row;
}

function readLink(ctx: Ctx, value: unknown, path: string): Link | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, LINK_KEYS, path);
  const groupsAt = `${path}.groups`;
  const groups: ConditionGroup[] = (expectArray(ctx, obj.groups, groupsAt, DOCUMENT_LIMITS.maxGroupsPerLink) ?? []).map(
    (g, i) => {
      const groupAt = `${groupsAt}[${i}]`;
      return (expectArray(ctx, g, groupAt, DOCUMENT_LIMITS.maxConditionsPerGroup) ?? []).map((c, j) =>
        readCondition(ctx, c, `${groupAt}[${j}]`),
      );
    },
  );
  return {
    id: readString(ctx, obj, 'id', path, DOCUMENT_LIMITS.maxIdLength, true),
    source: readString(ctx, obj, 'source', path, DOCUMENT_LIMITS.maxIdLength, true),
    target: readString(ctx, obj, 'target', path, DOCUMENT_LIMITS.maxIdLength, true),
    name: readString(ctx, obj, 'name', path, DOCUMENT_LIMITS.maxLinkNameLength),
    groups,
    delaySeconds: readDelay(ctx, obj, path),
  };
}

// A link's delay by core's one rule (./delay.ts): whole seconds from 0 to one year.
function readDelay(ctx: Ctx, obj: Record<string, unknown>, path: string): number {
  const seconds = readNumber(ctx, obj, 'delaySeconds', path, 0, MAX_DELAY_SECONDS);
  if (Number.isFinite(seconds) && !Number.isInteger(seconds)) {
    fail(ctx, `${path}.delaySeconds`, 'type', `is ${seconds}; expected a whole number of seconds`);
  }
  return seconds;
}

/** Graph rules over already-typed steps and links (editor-core 4.4, editor-core 3). */
function checkGraph(ctx: Ctx, steps: (Step | undefined)[], links: (Link | undefined)[], hasSteps: boolean): void {
  const stepIndex = new Map<string, number>();
  let triggerAt = -1;
  steps.forEach((step, i) => {
    if (!step) return;
    const at = `$.steps[${i}]`;
    const first = stepIndex.get(step.id);
    if (first !== undefined)
      fail(ctx, `${at}.id`, 'duplicate-id', `duplicate step id "${step.id}" (first used at $.steps[${first}])`);
    else if (step.id !== '') stepIndex.set(step.id, i);
    if (step.kind === 'trigger') {
      if (triggerAt >= 0)
        fail(
          ctx,
          `${at}.kind`,
          'multiple-triggers',
          `a workflow has at most one trigger step (the first is $.steps[${triggerAt}])`,
        );
      else triggerAt = i;
    }
  });
  const linkIndex = new Map<string, number>();
  const pairs = new Map<string, number>();
  links.forEach((link, i) => {
    if (!link) return;
    const at = `$.links[${i}]`;
    const first = linkIndex.get(link.id);
    if (first !== undefined)
      fail(ctx, `${at}.id`, 'duplicate-id', `duplicate link id "${link.id}" (first used at $.links[${first}])`);
    else if (link.id !== '') linkIndex.set(link.id, i);
    for (const end of ['source', 'target'] as const) {
      // Without a readable step list every endpoint would look dangling: report the list only.
      if (hasSteps && link[end] !== '' && !stepIndex.has(link[end]))
        fail(ctx, `${at}.${end}`, 'missing-step', `link ${end} "${link[end]}" is not the id of a step`);
    }
    if (link.source !== '' && link.source === link.target)
      fail(ctx, `${at}.target`, 'self-link', 'a link cannot join a step to itself');
    const pair = `${link.source}\u0000${link.target}`;
    const same = pairs.get(pair);
    if (same !== undefined)
      fail(
        ctx,
        at,
        'duplicate-link',
        `duplicate link from "${link.source}" to "${link.target}" (first at $.links[${same}])`,
      );
    else pairs.set(pair, i);
  });
}

function validateRoot(ctx: Ctx, json: unknown): WorkflowDocument | undefined {
  if (!isRecord(json)) {
    fail(ctx, '$', 'type', `expected a workflow document object, got ${describe(json)}`);
    return undefined;
  }
  checkKeys(ctx, json, DOCUMENT_KEYS, '$');
  if (json.schemaVersion !== WORKFLOW_SCHEMA_VERSION) {
    const message =
      json.schemaVersion === undefined
        ? `is required (current version: ${WORKFLOW_SCHEMA_VERSION}); legacy documents go through migrateDocument`
        : `unsupported schemaVersion ${JSON.stringify(json.schemaVersion) ?? describe(json.schemaVersion)}; expected ${WORKFLOW_SCHEMA_VERSION}`;
    fail(ctx, '$.schemaVersion', json.schemaVersion === undefined ? 'required' : 'schema-version', message);
  }
  const id = readString(ctx, json, 'id', '$', DOCUMENT_LIMITS.maxIdLength);
  const name = readString(ctx, json, 'name', '$', DOCUMENT_LIMITS.maxNameLength);
  const active = readBoolean(ctx, json, 'active', '$');
  const stepList = expectArray(ctx, json.steps, '$.steps', DOCUMENT_LIMITS.maxSteps);
  const rawSteps = stepList ?? [];
  const rawLinks = expectArray(ctx, json.links, '$.links', DOCUMENT_LIMITS.maxLinks) ?? [];
  const steps = rawSteps.map((s, i) => readStep(ctx, s, `$.steps[${i}]`));
  const links = rawLinks.map((l, i) => readLink(ctx, l, `$.links[${i}]`));
  checkGraph(ctx, steps, links, stepList !== undefined);
  if (ctx.errors.length > 0) return undefined;
  return { schemaVersion: WORKFLOW_SCHEMA_VERSION, id, name, active, steps: steps as Step[], links: links as Link[] };
}

function describeThrown(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return 'unknown error';
  }
}

/**
 * Validates a stored workflow document (schemaVersion 1) and returns a clean deep copy of it,
 * or every error found with its JSON path. Never throws, whatever the input (cycles, getters
 * that throw, huge arrays, non-objects); see {@link DOCUMENT_LIMITS} for the size limits.
 *
 * @example
 * const result = validateDocument(JSON.parse(body));
 * if (!result.ok) return reply(422, result.errors); // [{ path: '$.steps[3].data.fields[0].name', … }]
 * store(result.document);
 */
export function validateDocument(json: unknown): ValidateDocumentResult {
  const ctx: Ctx = { errors: [], jsonNodes: 0 };
  try {
    const document = validateRoot(ctx, json);
    if (document && ctx.errors.length === 0) return { ok: true, document };
  } catch (err) {
    if (!(err instanceof StopValidation)) {
      // A getter or proxy threw, or the stack overflowed: report it rather than propagate.
      ctx.errors.push({
        path: '$',
        code: 'unreadable',
        message: `the document could not be read: ${describeThrown(err)}`,
      });
    }
  }
  return { ok: false, errors: ctx.errors };
}
