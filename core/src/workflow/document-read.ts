/**
 * Building blocks of validateDocument (document.ts): limits, error codes, the error
 * collector, typed readers that record a JSON path only on failure, the free-form JSON copy,
 * and the readers of field definitions and schemas (forms-dp 3 "Action field").
 */
import { FIELD_LOCATIONS, FIELD_TYPES } from '../apps/rules.js';
import type { FieldDef, FieldProperty, FieldSchema, PollingParams } from '../apps/types.js';
import { DOCUMENT_LIMITS } from './document-limits.js';

export { DOCUMENT_LIMITS };

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
  | 'invalid-filter'
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

const FIELD_TYPE_SET: ReadonlySet<string> = new Set(FIELD_TYPES);
const FIELD_LOCATION_SET: ReadonlySet<string> = new Set(FIELD_LOCATIONS);

const POLLING_KEYS = new Set(['dedupe_key', 'data_head']);
const FIELD_KEYS = new Set(['name', 'title', 'description', 'hidden', 'in', 'required', 'value', 'schema']);
const SCHEMA_KEYS = new Set(['type', 'enum', 'enumNames', 'items', 'properties', 'dynamic', 'params', 'perform']);
const PROPERTY_KEYS = new Set(['key', 'title', 'description', 'hidden', 'schema']);

/** Thrown internally to stop once `maxErrors` is reached; never escapes. */
export class StopValidation extends Error {}

/** Errors collected so far and the free-form value budget used. */
export interface Ctx {
  errors: DocumentError[];
  jsonNodes: number;
}

/** A plain JSON object. */
export type Rec = Record<string, unknown>;

/** Plain-object test that also accepts objects from other realms and null-prototype objects. */
export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';
}

/** Describes a value's type for an error message ("a number", "an array", "null"). */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object')
    return isRecord(value) ? 'an object' : `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return `a ${typeof value}`;
}

/** Records an error; throws StopValidation once `maxErrors` is reached. */
export function fail(ctx: Ctx, path: string, code: DocumentErrorCode, message: string): void {
  ctx.errors.push({ path, code, message });
  if (ctx.errors.length >= DOCUMENT_LIMITS.maxErrors) {
    ctx.errors.push({
      path: '$',
      code: 'too-many-errors',
      message: `stopped after ${DOCUMENT_LIMITS.maxErrors} errors`,
    });
    throw new StopValidation();
  }
}

/** Appends a key to a JSON path, quoting keys that are not identifiers. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Reports every key of `obj` that `allowed` does not list. */
export function checkKeys(ctx: Ctx, obj: Rec, allowed: ReadonlySet<string>, path: string): void {
  const keys = Object.keys(obj);
  if (keys.length <= allowed.size && keys.every((k) => allowed.has(k))) return;
  for (const key of keys)
    if (!allowed.has(key)) fail(ctx, joinPath(path, key), 'unknown-key', `unknown key "${key.slice(0, 100)}"`);
}

/** Records that `value` is missing, or is not what was `expected` ("an object", "a string"). */
function failExpected(ctx: Ctx, path: string, value: unknown, expected: string): void {
  if (value === undefined) fail(ctx, path, 'required', 'is required');
  else fail(ctx, path, 'type', `expected ${expected}, got ${describe(value)}`);
}

/** Returns `value` when it is a plain object, else records an error. */
export function expectRecord(ctx: Ctx, value: unknown, path: string): Rec | undefined {
  if (isRecord(value)) return value;
  failExpected(ctx, path, value, 'an object');
  return undefined;
}

/** Returns `value` when it is an array of at most `max` items, else records an error. */
export function expectArray(ctx: Ctx, value: unknown, path: string, max: number): unknown[] | undefined {
  if (!Array.isArray(value)) {
    failExpected(ctx, path, value, 'an array');
    return undefined;
  }
  if (value.length > max) {
    fail(ctx, path, 'limit', `has ${value.length} items; at most ${max} are allowed`);
    return undefined;
  }
  return value;
}

/** Reads a string property of at most `max` characters (non-empty when asked). */
export function readString(ctx: Ctx, obj: Rec, key: string, path: string, max: number, isNonEmpty = false): string {
  const value = obj[key];
  // The fast path builds no path string; only failures need one.
  if (typeof value === 'string' && value.length <= max && (!isNonEmpty || value !== '')) return value;
  const at = joinPath(path, key);
  if (typeof value !== 'string') {
    failExpected(ctx, at, value, 'a string');
    return '';
  }
  if (value.length > max) fail(ctx, at, 'limit', `is ${value.length} characters long; at most ${max} are allowed`);
  else if (isNonEmpty && value === '') fail(ctx, at, 'required', 'must not be empty');
  return value;
}

/** Reads an optional string property. */
export function readOptionalString(ctx: Ctx, obj: Rec, key: string, path: string): string | undefined {
  return obj[key] === undefined ? undefined : readString(ctx, obj, key, path, DOCUMENT_LIMITS.maxStringLength);
}

/** Reads a boolean property. */
export function readBoolean(ctx: Ctx, obj: Rec, key: string, path: string): boolean {
  const value = obj[key];
  if (typeof value === 'boolean') return value;
  failExpected(ctx, joinPath(path, key), value, 'a boolean');
  return false;
}

/** Reads an optional boolean property. */
export function readOptionalBoolean(ctx: Ctx, obj: Rec, key: string, path: string): boolean | undefined {
  return obj[key] === undefined ? undefined : readBoolean(ctx, obj, key, path);
}

/** Reads a finite number property between `min` and `max`. */
export function readNumber(ctx: Ctx, obj: Rec, key: string, path: string, min: number, max: number): number {
  const value = obj[key];
  if (typeof value === 'number' && value >= min && value <= max) return value;
  const at = joinPath(path, key);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    failExpected(ctx, at, value, 'a finite number');
    return 0;
  }
  if (value < min || value > max) fail(ctx, at, 'limit', `is ${value}; expected a number from ${min} to ${max}`);
  return value;
}

/** Reads a non-negative number property that may be null (timestamps). */
export function readNullableNumber(ctx: Ctx, obj: Rec, key: string, path: string): number | null {
  return obj[key] === null ? null : readNumber(ctx, obj, key, path, 0, Number.MAX_SAFE_INTEGER);
}

/** Reads a string property that may be null. */
export function readNullableString(ctx: Ctx, obj: Rec, key: string, path: string, max: number): string | null {
  return obj[key] === null ? null : readString(ctx, obj, key, path, max);
}

/** Reads a list of strings. */
export function readStringList(ctx: Ctx, value: unknown, path: string): string[] {
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
export type PathRef = string | { parent: PathRef; key: string | number };

/** Turns a lazily built path into its text. */
export function pathText(ref: PathRef): string {
  return typeof ref === 'string' ? ref : joinPath(pathText(ref.parent), ref.key);
}

/**
 * Copies a free-form JSON value (test data, field values, trigger choices), rejecting what JSON
 * cannot carry: cycles, functions, non-finite numbers, class instances, excessive depth.
 */
export function copyJson(ctx: Ctx, value: unknown, at: PathRef, depth: number, ancestors: unknown[]): unknown {
  if (++ctx.jsonNodes > DOCUMENT_LIMITS.maxJsonNodes) {
    fail(ctx, pathText(at), 'limit', `free-form data exceeds ${DOCUMENT_LIMITS.maxJsonNodes} values`);
    throw new StopValidation();
  }
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (value.length > DOCUMENT_LIMITS.maxStringLength * 10)
      fail(ctx, pathText(at), 'limit', `string is ${value.length} characters long`);
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
    for (let i = 0; i < value.length; i++)
      arr[i] = copyJson(ctx, value[i], { parent: at, key: i }, depth + 1, ancestors);
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
    if (typeof obj.type === 'string' && FIELD_TYPE_SET.has(obj.type)) out.type = obj.type as FieldSchema['type'];
    else fail(ctx, `${path}.type`, 'type', `expected one of ${FIELD_TYPES.join(', ')}`);
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

/** Copies the optional title, description and hidden flag of a field or a schema property. */
function readLabels(ctx: Ctx, obj: Rec, path: string, out: Pick<FieldDef, 'title' | 'description' | 'hidden'>): void {
  const title = readOptionalString(ctx, obj, 'title', path);
  if (title !== undefined) out.title = title;
  const description = readOptionalString(ctx, obj, 'description', path);
  if (description !== undefined) out.description = description;
  const hidden = readOptionalBoolean(ctx, obj, 'hidden', path);
  if (hidden !== undefined) out.hidden = hidden;
}

function readProperty(ctx: Ctx, value: unknown, path: string, depth: number): FieldProperty {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { key: '' };
  checkKeys(ctx, obj, PROPERTY_KEYS, path);
  const out: FieldProperty = { key: readString(ctx, obj, 'key', path, DOCUMENT_LIMITS.maxNameLength * 5) };
  readLabels(ctx, obj, path, out);
  if (obj.schema !== undefined) out.schema = readSchema(ctx, obj.schema, `${path}.schema`, depth + 1);
  return out;
}

/** Reads one field definition of a step (editor-core 3 "fields"). */
export function readField(ctx: Ctx, value: unknown, path: string): FieldDef {
  const obj = expectRecord(ctx, value, path);
  if (!obj) return { name: '' };
  checkKeys(ctx, obj, FIELD_KEYS, path);
  const out: FieldDef = { name: readString(ctx, obj, 'name', path, DOCUMENT_LIMITS.maxNameLength * 5, true) };
  readLabels(ctx, obj, path, out);
  if (obj.in !== undefined) {
    if (typeof obj.in === 'string' && FIELD_LOCATION_SET.has(obj.in)) out.in = obj.in as FieldDef['in'];
    else fail(ctx, `${path}.in`, 'type', `expected one of ${FIELD_LOCATIONS.join(', ')}`);
  }
  const required = readOptionalBoolean(ctx, obj, 'required', path);
  if (required !== undefined) out.required = required;
  if (obj.value !== undefined) out.value = copyJson(ctx, obj.value, `${path}.value`, 0, []);
  if (obj.schema !== undefined) out.schema = readSchema(ctx, obj.schema, `${path}.schema`, 0);
  return out;
}

/** Reads a trigger's polling parameters, or null. */
export function readPollingParams(ctx: Ctx, value: unknown, path: string): PollingParams | null {
  if (value === null) return null;
  const obj = expectRecord(ctx, value, path);
  if (!obj) return null;
  checkKeys(ctx, obj, POLLING_KEYS, path);
  return {
    dedupe_key: readString(ctx, obj, 'dedupe_key', path, DOCUMENT_LIMITS.maxStringLength),
    data_head: readString(ctx, obj, 'data_head', path, DOCUMENT_LIMITS.maxStringLength),
  };
}
