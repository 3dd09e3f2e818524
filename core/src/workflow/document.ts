/**
 * The versioned stored workflow document: structural validation of what the API carries and
 * the database stores (DESIGN "How data flows": the server validates with the same function
 * the editor uses). Hand-written rather than schema-driven so that it is fast, never throws,
 * and reports every problem with a JSON path a person can follow.
 * Spec references: editor-core 3 (entities), editor-core 4.4 (no self-link, no duplicate).
 */
import type { FieldDef, FieldSchema, FieldProperty, PollingParams } from '../apps/types.js';
import {
  WORKFLOW_SCHEMA_VERSION,
  type Condition,
  type ConditionGroup,
  type ConditionType,
  type Link,
  type Step,
  type StepData,
  type StepKind,
  type WorkflowDocument,
} from './types.js';

/**
 * Limits a stored document must respect. They bound memory and time on hostile input and sit
 * well above what the editor produces (a large real workflow has a few hundred steps).
 */
export const DOCUMENT_LIMITS = {
  /** Steps per workflow. */
  maxSteps: 5_000,
  /** Links per workflow. */
  maxLinks: 20_000,
  /** Workflow and step names, characters. */
  maxNameLength: 200,
  /** Filter names ('Filter: a AND b OR c'), characters. */
  maxLinkNameLength: 2_000,
  /** Workflow, step, link and credential ids, characters. */
  maxIdLength: 200,
  /** Any other string in the document, characters. */
  maxStringLength: 100_000,
  /** Fields per step. */
  maxFieldsPerStep: 500,
  /** Condition groups per link. */
  maxGroupsPerLink: 100,
  /** Conditions per group. */
  maxConditionsPerGroup: 100,
  /** Trigger choices kept per step (editor-core 9: "first 5"). */
  maxTriggerChoices: 5,
  /** Link and step delays: one year, in seconds. */
  maxDelaySeconds: 31_536_000,
  /** Absolute canvas coordinate. */
  maxCoordinate: 10_000_000,
  /** Nesting depth of free-form JSON (test data, field values) and field schemas. */
  maxDepth: 64,
  /** Values (objects, arrays, scalars) in all free-form JSON of one document. */
  maxJsonNodes: 1_000_000,
  /** Errors reported before validation stops. */
  maxErrors: 100,
} as const;

/** Stable codes of document errors; callers match on these, people read `message`. */
export type DocumentErrorCode =
  | 'type'
  | 'required'
  | 'unknown-key'
  | 'limit'
  | 'schema-version'
  | 'duplicate-id'
  | 'missing-step'
  | 'self-link'
  | 'duplicate-link'
  | 'multiple-triggers'
  | 'not-json'
  | 'unreadable'
  | 'not-a-workflow'
  | 'too-many-errors';

/** One problem in a document, located by a JSON path such as `$.steps[3].data.fields[0].name`. */
export interface DocumentError {
  path: string;
  code: DocumentErrorCode;
  message: string;
}

/** The outcome of {@link validateDocument}: a clean copy of the document, or every error found. */
export type ValidateDocumentResult =
  | { ok: true; document: WorkflowDocument }
  | { ok: false; errors: DocumentError[] };

const STEP_KINDS: ReadonlySet<string> = new Set<StepKind>(['trigger', 'action', 'filter', 'loopEnd']);
const CONDITION_TYPES: ReadonlySet<string> = new Set<ConditionType>([
  'stringEqual',
  'stringUnequal',
  'listContains',
  'listNotContain',
  'greaterThan',
  'lessThan',
  'isTrue',
  'isFalse',
  'valueExists',
  'valueNotExists',
]);
const FIELD_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'datetime', 'boolean', 'object', 'array']);
const FIELD_LOCATIONS: ReadonlySet<string> = new Set(['query', 'path', 'header', 'formData']);

const DOCUMENT_KEYS = new Set(['schemaVersion', 'id', 'name', 'active', 'steps', 'links']);
const STEP_KEYS = new Set(['id', 'kind', 'position', 'data']);
const POSITION_KEYS = new Set(['x', 'y']);
const LINK_KEYS = new Set(['id', 'source', 'target', 'name', 'groups', 'delaySeconds']);
const CONDITION_KEYS = new Set(['lhs', 'conditionType', 'rhs']);
const POLLING_KEYS = new Set(['dedupe_key', 'data_head']);
const FIELD_KEYS = new Set(['name', 'title', 'description', 'hidden', 'in', 'required', 'value', 'schema']);
const SCHEMA_KEYS = new Set(['type', 'enum', 'enumNames', 'items', 'properties', 'dynamic', 'params', 'perform']);
const PROPERTY_KEYS = new Set(['key', 'title', 'description', 'hidden', 'schema']);
/** Every StepData key, in the order createStepData writes them (the copy keeps that order). */
const STEP_DATA_KEYS = new Set<keyof StepData>([
  'name', 'type', 'label', 'icon', 'custombutton', 'url', 'hasauth', 'credential', 'authname',
  'action', 'actionlabel', 'fields', 'testData', 'actionTestTime', 'delay', 'app', 'triggerlabel',
  'triggerResource', 'triggerMessage', 'triggerChoices', 'triggerchoice', 'triggerChoiceTime',
  'pollingParams', 'performList', 'unsubscribe', 'webhookKey',
]);

/** Thrown internally to stop once `maxErrors` is reached; never escapes. */
class StopValidation extends Error {}

interface Ctx {
  errors: DocumentError[];
  jsonNodes: number;
}

type Rec = Record<string, unknown>;

/** Plain-object test that also accepts objects from other realms and null-prototype objects. */
function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return isRecord(value) ? 'an object' : `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return `a ${typeof value}`;
}

function fail(ctx: Ctx, path: string, code: DocumentErrorCode, message: string): void {
  ctx.errors.push({ path, code, message });
  if (ctx.errors.length >= DOCUMENT_LIMITS.maxErrors) {
    ctx.errors.push({ path: '$', code: 'too-many-errors', message: `stopped after ${DOCUMENT_LIMITS.maxErrors} errors` });
    throw new StopValidation();
  }
}

/** Appends a key to a JSON path, quoting keys that are not identifiers. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function checkKeys(ctx: Ctx, obj: Rec, allowed: ReadonlySet<string>, path: string): void {
  const keys = Object.keys(obj);
  if (keys.length <= allowed.size && keys.every((k) => allowed.has(k))) return;
  for (const key of keys) if (!allowed.has(key)) fail(ctx, joinPath(path, key), 'unknown-key', `unknown key "${key.slice(0, 100)}"`);
}

function expectRecord(ctx: Ctx, value: unknown, path: string): Rec | undefined {
  if (isRecord(value)) return value;
  fail(ctx, path, value === undefined ? 'required' : 'type', value === undefined ? 'is required' : `expected an object, got ${describe(value)}`);
  return undefined;
}

function expectArray(ctx: Ctx, value: unknown, path: string, max: number): unknown[] | undefined {
  if (!Array.isArray(value)) {
    fail(ctx, path, value === undefined ? 'required' : 'type', value === undefined ? 'is required' : `expected an array, got ${describe(value)}`);
    return undefined;
  }
  if (value.length > max) {
    fail(ctx, path, 'limit', `has ${value.length} items; at most ${max} are allowed`);
    return undefined;
  }
  return value;
}

function readString(ctx: Ctx, obj: Rec, key: string, path: string, max: number, isNonEmpty = false): string {
  const value = obj[key];
  // The fast path builds no path string; only failures need one.
  if (typeof value === 'string' && value.length <= max && (!isNonEmpty || value !== '')) return value;
  const at = joinPath(path, key);
  if (typeof value !== 'string') {
    fail(ctx, at, value === undefined ? 'required' : 'type', value === undefined ? 'is required' : `expected a string, got ${describe(value)}`);
    return '';
  }
  if (value.length > max) fail(ctx, at, 'limit', `is ${value.length} characters long; at most ${max} are allowed`);
  else if (isNonEmpty && value === '') fail(ctx, at, 'required', 'must not be empty');
  return value;
}

function readOptionalString(ctx: Ctx, obj: Rec, key: string, path: string): string | undefined {
  return obj[key] === undefined ? undefined : readString(ctx, obj, key, path, DOCUMENT_LIMITS.maxStringLength);
}

function readBoolean(ctx: Ctx, obj: Rec, key: string, path: string): boolean {
  const value = obj[key];
  if (typeof value === 'boolean') return value;
  fail(ctx, joinPath(path, key), value === undefined ? 'required' : 'type', value === undefined ? 'is required' : `expected a boolean, got ${describe(value)}`);
  return false;
}

function readOptionalBoolean(ctx: Ctx, obj: Rec, key: string, path: string): boolean | undefined {
  return obj[key] === undefined ? undefined : readBoolean(ctx, obj, key, path);
}

function readNumber(ctx: Ctx, obj: Rec, key: string, path: string, min: number, max: number): number {
  const value = obj[key];
  if (typeof value === 'number' && value >= min && value <= max) return value;
  const at = joinPath(path, key);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(ctx, at, value === undefined ? 'required' : 'type', value === undefined ? 'is required' : `expected a finite number, got ${describe(value)}`);
    return 0;
  }
  if (value < min || value > max) fail(ctx, at, 'limit', `is ${value}; expected a number from ${min} to ${max}`);
  return value;
}

function readNullableNumber(ctx: Ctx, obj: Rec, key: string, path: string): number | null {
  return obj[key] === null ? null : readNumber(ctx, obj, key, path, 0, Number.MAX_SAFE_INTEGER);
}

function readNullableString(ctx: Ctx, obj: Rec, key: string, path: string, max: number): string | null {
  return obj[key] === null ? null : readString(ctx, obj, key, path, max);
}

function readStringList(ctx: Ctx, value: unknown, path: string): string[] {
  const list = expectArray(ctx, value, path, DOCUMENT_LIMITS.maxFieldsPerStep * 10);
  if (!list) return [];
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string') out.push(item);
    else fail(ctx, `${path}[${i}]`, 'type', `expected a string, got ${describe(item)}`);
  }
  return out;
}

/** A JSON path built only when an error needs it (free-form data can hold many values). */
type PathRef = string | { parent: PathRef; key: string | number };

function pathText(ref: PathRef): string {
  return typeof ref === 'string' ? ref : joinPath(pathText(ref.parent), ref.key);
}

/**
 * Copies a free-form JSON value (test data, field values, trigger choices), rejecting what JSON
 * cannot carry: cycles, functions, non-finite numbers, class instances, excessive depth.
 */
function copyJson(ctx: Ctx, value: unknown, at: PathRef, depth: number, ancestors: unknown[]): unknown {
  if (++ctx.jsonNodes > DOCUMENT_LIMITS.maxJsonNodes) {
    fail(ctx, pathText(at), 'limit', `free-form data exceeds ${DOCUMENT_LIMITS.maxJsonNodes} values`);
    throw new StopValidation();
  }
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (value.length > DOCUMENT_LIMITS.maxStringLength * 10) fail(ctx, pathText(at), 'limit', `string is ${value.length} characters long`);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(ctx, pathText(at), 'not-json', `${value} is not a JSON number`);
    return value;
  }
  if (typeof value !== 'object') {
    fail(ctx, pathText(at), 'not-json', `${describe(value)} is not a JSON value`);
    return null;
  }
  if (depth >= DOCUMENT_LIMITS.maxDepth) {
    fail(ctx, pathText(at), 'limit', `nested deeper than ${DOCUMENT_LIMITS.maxDepth} levels`);
    return null;
  }
  if (ancestors.includes(value)) {
    fail(ctx, pathText(at), 'not-json', 'contains a cycle (a value that contains itself)');
    return null;
  }
  ancestors.push(value);
  let out: unknown;
  if (Array.isArray(value)) {
    const arr: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) arr[i] = copyJson(ctx, value[i], { parent: at, key: i }, depth + 1, ancestors);
    out = arr;
  } else if (isRecord(value)) {
    const obj: Rec = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      // JSON.stringify drops undefined properties; do the same.
      if (item !== undefined) obj[key] = copyJson(ctx, item, { parent: at, key }, depth + 1, ancestors);
    }
    out = obj;
  } else {
    fail(ctx, pathText(at), 'not-json', `${describe(value)} is not plain JSON data`);
    out = null;
  }
  ancestors.pop();
  return out;
}

function readSchema(ctx: Ctx, value: unknown, path: string, depth: number): FieldSchema {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return {};
  if (depth >= DOCUMENT_LIMITS.maxDepth) {
    fail(ctx, path, 'limit', `field schema nested deeper than ${DOCUMENT_LIMITS.maxDepth} levels`);
    return {};
  }
  checkKeys(ctx, obj, SCHEMA_KEYS, path);
  const out: FieldSchema = {};
  if (obj.type !== undefined) {
    if (typeof obj.type === 'string' && FIELD_TYPES.has(obj.type)) out.type = obj.type as FieldSchema['type'];
    else fail(ctx, `${path}.type`, 'type', `expected one of ${[...FIELD_TYPES].join(', ')}`);
  }
  if (obj.enum !== undefined) out.enum = readStringList(ctx, obj.enum, `${path}.enum`);
  if (obj.enumNames !== undefined) out.enumNames = readStringList(ctx, obj.enumNames, `${path}.enumNames`);
  if (obj.items !== undefined) out.items = readSchema(ctx, obj.items, `${path}.items`, depth + 1);
  if (obj.properties !== undefined) {
    const at = `${path}.properties`;
    const list = expectArray(ctx, obj.properties, at, DOCUMENT_LIMITS.maxFieldsPerStep) ?? [];
    out.properties = list.map((item, i) => readProperty(ctx, item, `${at}[${i}]`, depth + 1));
  }
  const dynamic = readOptionalString(ctx, obj, 'dynamic', path);
  if (dynamic !== undefined) out.dynamic = dynamic;
  if (obj.params !== undefined) out.params = readStringList(ctx, obj.params, `${path}.params`);
  const perform = readOptionalString(ctx, obj, 'perform', path);
  if (perform !== undefined) out.perform = perform;
  return out;
}

function readProperty(ctx: Ctx, value: unknown, path: string, depth: number): FieldProperty {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { key: '' };
  checkKeys(ctx, obj, PROPERTY_KEYS, path);
  const out: FieldProperty = { key: readString(ctx, obj, 'key', path, DOCUMENT_LIMITS.maxNameLength * 5) };
  const title = readOptionalString(ctx, obj, 'title', path);
  if (title !== undefined) out.title = title;
  const description = readOptionalString(ctx, obj, 'description', path);
  if (description !== undefined) out.description = description;
  const hidden = readOptionalBoolean(ctx, obj, 'hidden', path);
  if (hidden !== undefined) out.hidden = hidden;
  if (obj.schema !== undefined) out.schema = readSchema(ctx, obj.schema, `${path}.schema`, depth + 1);
  return out;
}

function readField(ctx: Ctx, value: unknown, path: string): FieldDef {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { name: '' };
  checkKeys(ctx, obj, FIELD_KEYS, path);
  const out: FieldDef = { name: readString(ctx, obj, 'name', path, DOCUMENT_LIMITS.maxNameLength * 5, true) };
  const title = readOptionalString(ctx, obj, 'title', path);
  if (title !== undefined) out.title = title;
  const description = readOptionalString(ctx, obj, 'description', path);
  if (description !== undefined) out.description = description;
  const hidden = readOptionalBoolean(ctx, obj, 'hidden', path);
  if (hidden !== undefined) out.hidden = hidden;
  if (obj.in !== undefined) {
    if (typeof obj.in === 'string' && FIELD_LOCATIONS.has(obj.in)) out.in = obj.in as FieldDef['in'];
    else fail(ctx, `${path}.in`, 'type', `expected one of ${[...FIELD_LOCATIONS].join(', ')}`);
  }
  const required = readOptionalBoolean(ctx, obj, 'required', path);
  if (required !== undefined) out.required = required;
  if (obj.value !== undefined) out.value = copyJson(ctx, obj.value, `${path}.value`, 0, []);
  if (obj.schema !== undefined) out.schema = readSchema(ctx, obj.schema, `${path}.schema`, 0);
  return out;
}

function readPollingParams(ctx: Ctx, value: unknown, path: string): PollingParams | null {
  if (value === null) return null;
  const obj = expectRecord(ctx, value, path);
  if (!obj) return null;
  checkKeys(ctx, obj, POLLING_KEYS, path);
  return {
    dedupe_key: readString(ctx, obj, 'dedupe_key', path, DOCUMENT_LIMITS.maxStringLength),
    data_head: readString(ctx, obj, 'data_head', path, DOCUMENT_LIMITS.maxStringLength),
  };
}

function readStepData(ctx: Ctx, value: unknown, path: string): StepData | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, STEP_DATA_KEYS, path);
  const max: number = DOCUMENT_LIMITS.maxStringLength;
  const s = (key: string, limit: number = max) => readString(ctx, obj, key, path, limit);
  const fieldsAt = `${path}.fields`;
  const fields = (expectArray(ctx, obj.fields, fieldsAt, DOCUMENT_LIMITS.maxFieldsPerStep) ?? []).map((f, i) =>
    readField(ctx, f, `${fieldsAt}[${i}]`),
  );
  const choicesAt = `${path}.triggerChoices`;
  const choices = expectArray(ctx, obj.triggerChoices, choicesAt, DOCUMENT_LIMITS.maxTriggerChoices) ?? [];
  return {
    name: s('name', DOCUMENT_LIMITS.maxNameLength),
    type: s('type', DOCUMENT_LIMITS.maxIdLength),
    label: s('label'),
    icon: s('icon'),
    custombutton: readBoolean(ctx, obj, 'custombutton', path),
    url: s('url'),
    hasauth: readBoolean(ctx, obj, 'hasauth', path),
    credential: readNullableString(ctx, obj, 'credential', path, DOCUMENT_LIMITS.maxIdLength),
    authname: s('authname'),
    action: s('action'),
    actionlabel: s('actionlabel'),
    fields,
    // testData may legitimately be null; `undefined` (absent) is an error like any other key.
    testData: 'testData' in obj ? copyJson(ctx, obj.testData, `${path}.testData`, 0, []) : fail(ctx, `${path}.testData`, 'required', 'is required'),
    actionTestTime: readNullableNumber(ctx, obj, 'actionTestTime', path),
    delay: readNumber(ctx, obj, 'delay', path, 0, DOCUMENT_LIMITS.maxDelaySeconds),
    app: s('app'),
    triggerlabel: s('triggerlabel'),
    triggerResource: s('triggerResource'),
    triggerMessage: s('triggerMessage'),
    triggerChoices: choices.map((c, i) => copyJson(ctx, c, `${choicesAt}[${i}]`, 0, [])),
    triggerchoice: s('triggerchoice'),
    triggerChoiceTime: readNullableNumber(ctx, obj, 'triggerChoiceTime', path),
    pollingParams: readPollingParams(ctx, obj.pollingParams, `${path}.pollingParams`),
    performList: s('performList'),
    unsubscribe: s('unsubscribe'),
    webhookKey: s('webhookKey'),
  };
}

function readStep(ctx: Ctx, value: unknown, path: string): Step | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, STEP_KEYS, path);
  const id = readString(ctx, obj, 'id', path, DOCUMENT_LIMITS.maxIdLength, true);
  let kind = obj.kind as StepKind;
  if (typeof kind !== 'string' || !STEP_KINDS.has(kind)) {
    fail(ctx, `${path}.kind`, kind === undefined ? 'required' : 'type', `expected one of ${[...STEP_KINDS].join(', ')}`);
    kind = 'action';
  }
  const posAt = `${path}.position`;
  const pos = expectRecord(ctx, obj.position, posAt);
  const c = DOCUMENT_LIMITS.maxCoordinate;
  if (pos) checkKeys(ctx, pos, POSITION_KEYS, posAt);
  const position = pos ? { x: readNumber(ctx, pos, 'x', posAt, -c, c), y: readNumber(ctx, pos, 'y', posAt, -c, c) } : { x: 0, y: 0 };
  const data = readStepData(ctx, obj.data, `${path}.data`);
  return data ? { id, kind, position, data } : undefined;
}

function readCondition(ctx: Ctx, value: unknown, path: string): Condition {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { lhs: '', conditionType: 'valueExists', rhs: '' };
  checkKeys(ctx, obj, CONDITION_KEYS, path);
  const lhs = readString(ctx, obj, 'lhs', path, DOCUMENT_LIMITS.maxStringLength);
  const conditionType = obj.conditionType;
  if (typeof conditionType !== 'string' || !CONDITION_TYPES.has(conditionType)) {
    fail(ctx, `${path}.conditionType`, conditionType === undefined ? 'required' : 'type', `expected one of ${[...CONDITION_TYPES].join(', ')}`);
  }
  const rhs = readString(ctx, obj, 'rhs', path, DOCUMENT_LIMITS.maxStringLength);
  return { lhs, conditionType: conditionType as ConditionType, rhs };
}

function readLink(ctx: Ctx, value: unknown, path: string): Link | undefined {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return undefined;
  checkKeys(ctx, obj, LINK_KEYS, path);
  const groupsAt = `${path}.groups`;
  const groups: ConditionGroup[] = (expectArray(ctx, obj.groups, groupsAt, DOCUMENT_LIMITS.maxGroupsPerLink) ?? []).map((g, i) => {
    const groupAt = `${groupsAt}[${i}]`;
    return (expectArray(ctx, g, groupAt, DOCUMENT_LIMITS.maxConditionsPerGroup) ?? []).map((c, j) => readCondition(ctx, c, `${groupAt}[${j}]`));
  });
  return {
    id: readString(ctx, obj, 'id', path, DOCUMENT_LIMITS.maxIdLength, true),
    source: readString(ctx, obj, 'source', path, DOCUMENT_LIMITS.maxIdLength, true),
    target: readString(ctx, obj, 'target', path, DOCUMENT_LIMITS.maxIdLength, true),
    name: readString(ctx, obj, 'name', path, DOCUMENT_LIMITS.maxLinkNameLength),
    groups,
    delaySeconds: readNumber(ctx, obj, 'delaySeconds', path, 0, DOCUMENT_LIMITS.maxDelaySeconds),
  };
}

/** Graph rules over already-typed steps and links (editor-core 4.4, editor-core 3). */
function checkGraph(ctx: Ctx, steps: (Step | undefined)[], links: (Link | undefined)[], hasSteps: boolean): void {
  const stepIndex = new Map<string, number>();
  let triggerAt = -1;
  steps.forEach((step, i) => {
    if (!step) return;
    const at = `$.steps[${i}]`;
    const first = stepIndex.get(step.id);
    if (first !== undefined) fail(ctx, `${at}.id`, 'duplicate-id', `duplicate step id "${step.id}" (first used at $.steps[${first}])`);
    else if (step.id !== '') stepIndex.set(step.id, i);
    if (step.kind === 'trigger') {
      if (triggerAt >= 0) fail(ctx, `${at}.kind`, 'multiple-triggers', `a workflow has at most one trigger step (the first is $.steps[${triggerAt}])`);
      else triggerAt = i;
    }
  });
  const linkIndex = new Map<string, number>();
  const pairs = new Map<string, number>();
  links.forEach((link, i) => {
    if (!link) return;
    const at = `$.links[${i}]`;
    const first = linkIndex.get(link.id);
    if (first !== undefined) fail(ctx, `${at}.id`, 'duplicate-id', `duplicate link id "${link.id}" (first used at $.links[${first}])`);
    else if (link.id !== '') linkIndex.set(link.id, i);
    for (const end of ['source', 'target'] as const) {
      // Without a readable step list every endpoint would look dangling: report the list only.
      if (hasSteps && link[end] !== '' && !stepIndex.has(link[end])) fail(ctx, `${at}.${end}`, 'missing-step', `link ${end} "${link[end]}" is not the id of a step`);
    }
    if (link.source !== '' && link.source === link.target) fail(ctx, `${at}.target`, 'self-link', 'a link cannot join a step to itself');
    const pair = `${link.source}\u0000${link.target}`;
    const same = pairs.get(pair);
    if (same !== undefined) fail(ctx, at, 'duplicate-link', `duplicate link from "${link.source}" to "${link.target}" (first at $.links[${same}])`);
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
    const message = json.schemaVersion === undefined
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
      ctx.errors.push({ path: '$', code: 'unreadable', message: `the document could not be read: ${describeThrown(err)}` });
    }
  }
  return { ok: false, errors: ctx.errors };
}
