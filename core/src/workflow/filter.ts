/**
 * Filter evaluation over condition groups (editor-core 3 "Filter schema").
 *
 * The engine calls {@link evaluateFilter} on every link at run time; the editor can call it
 * to preview a filter against sample data. The semantics below are Junction's decisions
 * where the spec names a condition but not its exact behaviour.
 */
import { type OutputsByStepId, resolveReferences } from './payload.js';
import type { Condition, ConditionGroup, ConditionType } from './types.js';

/** Turns a row's text (lhs or rhs) into its value, resolving `${step.path}` references. */
export type FilterResolver = (text: string) => unknown;

/** The ten condition types in the order the filter panel lists them (editor-core 3). */
export const CONDITION_TYPES: readonly ConditionType[] = [
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
];

const TRUE_TEXTS: ReadonlySet<string> = new Set(['true', '1', 'yes']);
const FALSE_TEXTS: ReadonlySet<string> = new Set(['false', '0', 'no']);

/**
 * The text a value compares as: '' for undefined and null, JSON for objects and arrays,
 * `String(value)` otherwise; always trimmed.
 */
export function conditionText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).trim();
}

// A finite number from a number or numeric text; '' and '  ' are not numbers (Number('') is 0).
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

function isTruthyFlag(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === 'string' && TRUE_TEXTS.has(value.trim().toLowerCase());
}

function isFalsyFlag(value: unknown): boolean {
  if (value === false || value === 0) return true;
  return typeof value === 'string' && FALSE_TEXTS.has(value.trim().toLowerCase());
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

function listContains(list: unknown, wanted: string): boolean {
  if (wanted === '') return false;
  if (Array.isArray(list)) return list.some((item) => conditionText(item) === wanted);
  if (typeof list === 'string') return list.includes(wanted);
  if (typeof list === 'number' || typeof list === 'boolean') return String(list).includes(wanted);
  return false;
}

/**
 * Evaluates one filter row on already-resolved values.
 *
 * - `stringEqual` / `stringUnequal`: {@link conditionText} of both sides, trimmed,
 *   case-sensitive; a missing value compares as ''.
 * - `listContains` / `listNotContain`: on an array, some element's text equals the trimmed
 *   rhs; on a string (or number), the trimmed rhs is a case-sensitive substring; anything
 *   else contains nothing. An empty rhs is never contained. `listNotContain` is the negation.
 * - `greaterThan` / `lessThan`: both sides must be finite numbers or numeric texts
 *   ('' is not a number); otherwise false.
 * - `isTrue`: true, 1, or the text 'true', '1' or 'yes' (trimmed, any case). `isFalse`:
 *   false, 0, 'false', '0' or 'no'. A missing value is neither true nor false.
 * - `valueExists`: not undefined, null, '' or blank text (0, false and [] exist).
 *   `valueNotExists` is the negation.
 * - An unknown condition type is false.
 */
export function evaluateCondition(conditionType: ConditionType, lhs: unknown, rhs: unknown): boolean {
  switch (conditionType) {
    case 'stringEqual':
      return conditionText(lhs) === conditionText(rhs);
    case 'stringUnequal':
      return conditionText(lhs) !== conditionText(rhs);
    case 'listContains':
      return listContains(lhs, conditionText(rhs));
    case 'listNotContain':
      return !listContains(lhs, conditionText(rhs));
    case 'greaterThan':
    case 'lessThan': {
      const a = toNumber(lhs);
      const b = toNumber(rhs);
      if (a === null || b === null) return false;
      return conditionType === 'greaterThan' ? a > b : a < b;
    }
    case 'isTrue':
      return isTruthyFlag(lhs);
    case 'isFalse':
      return isFalsyFlag(lhs);
    case 'valueExists':
      return hasValue(lhs);
    case 'valueNotExists':
      return !hasValue(lhs);
    default:
      return false;
  }
}

function rowPasses(row: Condition, resolve: FilterResolver): boolean {
  return evaluateCondition(row.conditionType, resolve(row.lhs), resolve(row.rhs));
}

/**
 * Decides whether a run continues past a filtered link (editor-core 3).
 *
 * The first group is the AND list; every later group is an OR alternative. The filter
 * passes when every row of the first group passes, or when every row of some later group
 * passes. A group with no rows takes no part; when there are no groups, or every group is
 * empty, the filter passes. Both sides of each row go through `resolve` (a plain text
 * without references should come back unchanged); see {@link evaluateCondition} for each
 * condition's rules.
 *
 * @example
 * const resolve = createFilterResolver({ t1: { plan: 'pro', seats: '12' } });
 * evaluateFilter([[{ lhs: '${t1.plan}', conditionType: 'stringEqual', rhs: 'pro' },
 *                  { lhs: '${t1.seats}', conditionType: 'greaterThan', rhs: '10' }]], resolve); // true
 */
export function evaluateFilter(groups: readonly ConditionGroup[], resolve: FilterResolver): boolean {
  const active = groups.filter((group) => group.length > 0);
  if (active.length === 0) return true;
  return active.some((group) => group.every((row) => rowPasses(row, resolve)));
}

/**
 * Makes the resolver {@link evaluateFilter} needs from earlier steps' outputs: texts go
 * through {@link resolveReferences}, so '${t1.count}' keeps its number type.
 */
export function createFilterResolver(outputs: OutputsByStepId): FilterResolver {
  return (text) => resolveReferences(text, outputs);
}

/** What each condition type reads as in the filter panel, in {@link CONDITION_TYPES} order (editor-core 2.10). */
export const CONDITION_LABELS: Readonly<Record<ConditionType, string>> = {
  stringEqual: '(Text) Exactly matches',
  stringUnequal: '(Text) Does not exactly match',
  listContains: '(Text) Contains',
  listNotContain: '(Text) Does not contain',
  greaterThan: '(Number) Greater than',
  lessThan: '(Number) Less than',
  isTrue: '(Boolean) Is true',
  isFalse: '(Boolean) Is false',
  valueExists: 'Exists',
  valueNotExists: 'Does not exist',
};

/** Condition types that compare with nothing: the panel hides the value box. */
const UNARY_TYPES: ReadonlySet<ConditionType> = new Set(['isTrue', 'isFalse', 'valueExists', 'valueNotExists']);

/** Whether a condition type needs a value to compare with (every type but the four unary ones). */
export function needsValue(type: ConditionType): boolean {
  return !UNARY_TYPES.has(type);
}

/** The messages of {@link conditionProblem}. */
export const FILTER_TEXTS = {
  noField: 'Choose the field to check.',
  noValue: 'Enter the value to compare with.',
  notANumber: 'Enter a number to compare with.',
} as const;

/**
 * What is wrong with one filter row, or null: every row needs a field, and a value unless its
 * condition is unary; number comparisons need a number (or a `${…}` reference). The filter
 * panel, the activation rule and the document check all ask this (editor-core 2.10).
 */
export function conditionProblem(row: Condition): string | null {
  const lhs = typeof row.lhs === 'string' ? row.lhs.trim() : '';
  const rhs = typeof row.rhs === 'string' ? row.rhs.trim() : '';
  if (lhs === '') return FILTER_TEXTS.noField;
  if (!needsValue(row.conditionType)) return null;
  if (rhs === '') return FILTER_TEXTS.noValue;
  const isNumeric = row.conditionType === 'greaterThan' || row.conditionType === 'lessThan';
  if (isNumeric && !rhs.includes('${') && !Number.isFinite(Number(rhs))) return FILTER_TEXTS.notANumber;
  return null;
}

/** One filter row's problem: its group and row index and the message. */
export interface ConditionProblem {
  group: number;
  row: number;
  message: string;
}

/** Lists the problems of every row of a filter's groups, in order; empty when the filter is valid. */
export function conditionProblems(groups: readonly ConditionGroup[]): ConditionProblem[] {
  const problems: ConditionProblem[] = [];
  groups.forEach((group, g) => {
    group.forEach((row, r) => {
      const message = conditionProblem(row);
      if (message !== null) problems.push({ group: g, row: r, message });
    });
  });
  return problems;
}
