/**
 * Test payload preparation, reference resolution and result truncation (editor-core 5.3).
 *
 * The editor and the server use the same functions: the editor to send a step test, the
 * engine to resolve a step's field values against earlier steps' outputs at run time.
 */

import { lookupPath, parseReferences } from './path.js';
import type { StepField } from './types.js';

/** Outputs of earlier steps by step id: a Map or a plain object (read by own keys only). */
export type OutputsByStepId = ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>;

/** Test results keep the first 50 entries of any array (editor-core 9). */
export const RESULTS_KEPT = 50;

/** Sample array values are cut to 250 characters plus '...' (editor-core 9). */
export const ARRAY_VALUE_CUT = 250;

/** The message a truncated result carries (editor-core 5.3). */
export function truncationMessage(total: number): string {
  return `Results were truncated to show only ${RESULTS_KEPT} of ${total}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function outputOf(outputs: OutputsByStepId, stepId: string): { found: boolean; value: unknown } {
  if (outputs instanceof Map) {
    return outputs.has(stepId) ? { found: true, value: outputs.get(stepId) } : { found: false, value: undefined };
  }
  const record = outputs as Readonly<Record<string, unknown>>;
  return Object.hasOwn(record, stepId) ? { found: true, value: record[stepId] } : { found: false, value: undefined };
}

/**
 * Turns a resolved value into the text that replaces an embedded reference.
 *
 * Strings stay as they are, null and undefined become '', objects and arrays become JSON.
 */
export function stringifyReferenceValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Resolves one reference to the referenced step's output at its path, or undefined.
 *
 * A step id missing from `outputs` or a path absent from its output gives undefined.
 */
export function resolveReference(stepId: string, path: string, outputs: OutputsByStepId): unknown {
  const output = outputOf(outputs, stepId);
  if (!output.found) return undefined;
  return lookupPath(output.value, path).value;
}

/** Bytes left while resolving one step's input; past zero resolution stops (see resolveFieldsWithin). */
interface Budget {
  left: number;
}

/** Thrown inside the walk only, caught by {@link resolveFieldsWithin}. */
const OVER_BUDGET = Symbol('over budget');

/** Takes `bytes` from the budget (when there is one); stops the walk once it is spent. */
function spend(budget: Budget | undefined, bytes: number): void {
  if (!budget) return;
  budget.left -= bytes;
  if (budget.left < 0) throw OVER_BUDGET;
}

/** Counts a resolved value against the budget, measuring no further than what is left. */
function spendValue(budget: Budget | undefined, value: unknown): void {
  if (budget) spend(budget, jsonBytes(value, budget.left + 1));
}

function resolveText(text: string, outputs: OutputsByStepId, budget?: Budget): unknown {
  const refs = parseReferences(text);
  if (refs.length === 0) {
    spendValue(budget, text);
    return text;
  }
  // A value that is exactly one reference keeps the referenced value's type (a number stays
  // a number, an array stays an array).
  if (refs.length === 1 && refs[0].start === 0 && refs[0].end === text.length) {
    const value = resolveReference(refs[0].stepId, refs[0].path, outputs);
    spendValue(budget, value);
    return value;
  }
  let out = '';
  let at = 0;
  for (const ref of refs) {
    const value = resolveReference(ref.stepId, ref.path, outputs);
    // Measured before it is turned into text: thirty copies of a large value are refused
    // without ever being built.
    spend(budget, ref.start - at);
    spendValue(budget, value);
    out += text.slice(at, ref.start) + stringifyReferenceValue(value);
    at = ref.end;
  }
  spend(budget, text.length - at);
  return out + text.slice(at);
}

/**
 * About the size of a value as JSON text in UTF-8 bytes, counting no further than `cap`
 * (the walk stops there, so a huge value costs no more than the cap).
 */
export function jsonBytes(value: unknown, cap = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= cap) {
    const item = stack.pop();
    if (typeof item === 'string') total += utf8Bytes(item, cap - total) + 2;
    else if (Array.isArray(item)) {
      total += 1 + Math.max(1, item.length);
      for (let i = item.length - 1; i >= 0 && total <= cap; i--) stack.push(item[i]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      total += 1 + Math.max(1, entries.length);
      for (const [key, entry] of entries) {
        total += utf8Bytes(key, cap - total) + 3;
        stack.push(entry);
        if (total > cap) break;
      }
    } else total += item === undefined ? 0 : String(item).length;
  }
  return total;
}

function utf8Bytes(text: string, cap: number): number {
  if (text.length > cap) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= cap; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes;
}

/**
 * Replaces `${stepId.path}` references in a value with earlier steps' outputs.
 *
 * Strings, arrays and plain objects are walked; other values are returned unchanged. A
 * string that is exactly one reference becomes the referenced value with its own type
 * (undefined when it does not resolve). References embedded in longer text are replaced by
 * their text form ('' when unresolved, JSON for objects). Nothing is evaluated.
 *
 * @example
 * const outputs = { t1: { id: 7, name: 'Ada' } };
 * resolveReferences('${t1.id}', outputs); // 7
 * resolveReferences('User ${t1.name} (#${t1.id})', outputs); // 'User Ada (#7)'
 */
export function resolveReferences(value: unknown, outputs: OutputsByStepId): unknown {
  return resolveValue(value, outputs, undefined);
}

function resolveValue(value: unknown, outputs: OutputsByStepId, budget: Budget | undefined): unknown {
  if (typeof value === 'string') return resolveText(value, outputs, budget);
  if (Array.isArray(value)) {
    spend(budget, 1 + Math.max(1, value.length));
    return value.map((item) => resolveValue(item, outputs, budget));
  }
  if (isPlainObject(value)) {
    spend(budget, 2);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      spend(budget, key.length + 4);
      out[key] = resolveValue(item, outputs, budget);
    }
    return out;
  }
  spendValue(budget, value);
  return value;
}

/**
 * How references inside a text are written: `json` as JSON values (string content when inside
 * quotes), `form` percent-encoded (an `application/x-www-form-urlencoded` body), `text` as is.
 */
export type TextFormat = 'json' | 'form' | 'text';

/**
 * Replaces `${stepId.path}` references in a body text by the rules of its format, so a value
 * can never change the body's structure: in JSON a reference inside a string becomes escaped
 * string content and one outside becomes a JSON value (`null` when unresolved); in a
 * form-encoded body it is percent-encoded; in text it is written as is. A text that is exactly
 * one reference keeps the referenced value's type, as {@link resolveReferences} does.
 *
 * @example
 * resolveReferencesInText('{"v":"${t1.v}"}', { t1: { v: 'x","injected":"yes' } }, 'json');
 * // '{"v":"x\",\"injected\":\"yes"}'
 */
export function resolveReferencesInText(text: string, outputs: OutputsByStepId, format: TextFormat): unknown {
  return resolveTextAs(text, outputs, format, undefined);
}

function resolveTextAs(text: string, outputs: OutputsByStepId, format: TextFormat, budget?: Budget): unknown {
  if (format === 'text') return resolveText(text, outputs, budget);
  const refs = parseReferences(text);
  if (refs.length === 0 || (refs.length === 1 && refs[0].start === 0 && refs[0].end === text.length)) {
    return resolveText(text, outputs, budget);
  }
  let out = '';
  let at = 0;
  let inString = false;
  for (const ref of refs) {
    const between = text.slice(at, ref.start);
    if (format === 'json') inString = scanJsonStrings(between, inString);
    const value = resolveReference(ref.stepId, ref.path, outputs);
    // Escaping at most multiplies the size by a small factor; the raw size is what is counted.
    spend(budget, between.length);
    spendValue(budget, value);
    out += between + writeReference(value, format, inString);
    at = ref.end;
  }
  spend(budget, text.length - at);
  return out + text.slice(at);
}

// Tells whether a JSON text is inside a string after `chunk`, given the state before it.
function scanJsonStrings(chunk: string, inString: boolean): boolean {
  let open = inString;
  for (let i = 0; i < chunk.length; i += 1) {
    const code = chunk.charCodeAt(i);
    if (open && code === 92 /* \ */) i += 1;
    else if (code === 34 /* " */) open = !open;
  }
  return open;
}

function writeReference(value: unknown, format: 'json' | 'form', inString: boolean): string {
  if (format === 'form') return encodeURIComponent(stringifyReferenceValue(value));
  if (inString) return JSON.stringify(stringifyReferenceValue(value)).slice(1, -1);
  return JSON.stringify(value ?? null) ?? 'null';
}

/**
 * The format of a step field's text for reference resolution: the HTTP request app's body
 * (`stringBody`, editor-core 3 "Custom HTTP request") and JSON text in an object or array field
 * (which `coerceValue` parses) are JSON; everything else is text.
 */
export function textFormatOf(field: Pick<StepField, 'name' | 'schema'>, value: unknown): TextFormat {
  if (field.name === 'stringBody') return 'json';
  if (typeof value !== 'string') return 'text';
  const start = value.trimStart()[0];
  if (field.schema?.type === 'object' && start === '{') return 'json';
  if (field.schema?.type === 'array' && start === '[') return 'json';
  return 'text';
}

/**
 * Resolves one step field's value against earlier outputs by its format ({@link textFormatOf}):
 * the engine and the step test both go through it.
 */
export function resolveFieldValue(field: Pick<StepField, 'name' | 'schema' | 'value'>, outputs: OutputsByStepId): unknown {
  return resolveField(field, outputs, undefined);
}

function resolveField(
  field: Pick<StepField, 'name' | 'schema' | 'value'>,
  outputs: OutputsByStepId,
  budget: Budget | undefined,
): unknown {
  const { value } = field;
  if (typeof value === 'string') return resolveTextAs(value, outputs, textFormatOf(field, value), budget);
  return resolveValue(value, outputs, budget);
}

/** What {@link resolveFieldsWithin} answers: the values by field name, or the budget it passed. */
export type BoundedResolution = { ok: true; values: Record<string, unknown> } | { ok: false; maxBytes: number };

/**
 * Resolves a step's fields ({@link resolveFieldValue}, keyed by name) within a byte budget:
 * the size of the result as JSON text is counted while it is built and resolution stops as
 * soon as it passes `maxBytes`, so a field repeating a large reference thirty times is refused
 * before it is built (the engine's limit on a step's input).
 *
 * @example
 * resolveFieldsWithin([{ name: 'body', value: '${t1.big}${t1.big}' }], { t1: { big: 'x'.repeat(600) } }, 1000);
 * // { ok: false, maxBytes: 1000 }
 */
export function resolveFieldsWithin(
  fields: readonly Pick<StepField, 'name' | 'schema' | 'value'>[],
  outputs: OutputsByStepId,
  maxBytes: number,
): BoundedResolution {
  const budget: Budget = { left: maxBytes };
  const values: Record<string, unknown> = {};
  try {
    for (const field of fields) {
      spend(budget, field.name.length + 4);
      values[field.name] = resolveField(field, outputs, budget);
    }
  } catch (error) {
    if (error === OVER_BUDGET) return { ok: false, maxBytes };
    throw error;
  }
  return { ok: true, values };
}

/** Whether a value counts as empty in a test payload: undefined, null or ''. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function cutArray(value: unknown[]): unknown {
  const text = JSON.stringify(value);
  return text.length > ARRAY_VALUE_CUT ? `${text.slice(0, ARRAY_VALUE_CUT)}...` : value;
}

// Removes empty entries from objects (recursively) and cuts long arrays; returns undefined
// when nothing is left, so the caller drops the entry.
function pruneValue(value: unknown): unknown {
  if (isEmptyValue(value)) return undefined;
  if (Array.isArray(value)) return cutArray(value);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = pruneValue(item);
      if (kept !== undefined) out[key] = kept;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

/**
 * Builds the payload of a step test from the step's fields (editor-core 5.3).
 *
 * - hidden fields and fields whose value is undefined, null or '' are dropped;
 * - `${stepId.path}` references are resolved against `outputs` (see {@link resolveReferences});
 *   a field whose whole value is an unresolved reference is dropped;
 * - object values lose their empty entries, recursively, and are dropped when nothing is left;
 * - an array value whose JSON text is longer than 250 characters becomes that text cut to
 *   250 characters plus '...' (a shorter array stays an array).
 *
 * Keys are field names; a later field with the same name wins.
 *
 * @example
 * prepareTestPayload(
 *   [{ name: 'to', value: '${t1.email}' }, { name: 'cc', value: '' }],
 *   { t1: { email: 'ada@example.com' } },
 * ); // { to: 'ada@example.com' }
 */
export function prepareTestPayload(
  fields: readonly StepField[],
  outputs: OutputsByStepId = new Map(),
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.hidden || isEmptyValue(field.value)) continue;
    const kept = pruneValue(resolveFieldValue(field, outputs));
    if (kept !== undefined) payload[field.name] = kept;
  }
  return payload;
}

// Cuts every array longer than RESULTS_KEPT, depth first; reports the longest original length.
function truncateValue(value: unknown, longest: { n: number }): unknown {
  if (Array.isArray(value)) {
    if (value.length > RESULTS_KEPT) longest.n = Math.max(longest.n, value.length);
    return value.slice(0, RESULTS_KEPT).map((item) => truncateValue(item, longest));
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = truncateValue(item, longest);
    return out;
  }
  return value;
}

/**
 * Cuts every array in a test result (at any depth) to its first 50 entries (editor-core 5.3).
 *
 * When something was cut and the result is an object, the copy gets
 * `Message: 'Results were truncated to show only 50 of {n}'`, where n is the original
 * length of the longest cut array. A result that is itself an array keeps its shape (so
 * `${step.0.id}` references stay valid) and carries no message. The input is not changed.
 *
 * @example
 * truncateResults({ items: Array.from({ length: 60 }, (_, i) => i) });
 * // { items: [0, …, 49], Message: 'Results were truncated to show only 50 of 60' }
 */
export function truncateResults<T>(result: T): T {
  const longest = { n: 0 };
  const out = truncateValue(result, longest);
  if (longest.n > 0 && isPlainObject(out)) out.Message = truncationMessage(longest.n);
  return out as T;
}

/**
 * Whether a test result is an error (editor-core 4.8, 8): it has an `error` field that is
 * not undefined, null or false, or a `status_code` (number or numeric text) of 400 or more.
 */
export function isErrorResult(result: unknown): boolean {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return false;
  const record = result as Record<string, unknown>;
  if (Object.hasOwn(record, 'error')) {
    const error = record.error;
    if (error !== undefined && error !== null && error !== false) return true;
  }
  if (!Object.hasOwn(record, 'status_code')) return false;
  const status = record.status_code;
  const code = typeof status === 'number' ? status : typeof status === 'string' ? Number(status.trim()) : Number.NaN;
  return Number.isFinite(code) && code >= 400;
}
