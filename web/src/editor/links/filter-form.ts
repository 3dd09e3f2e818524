/**
 * The filter and delay panels' form rules (editor-core 2.10, 3 "Filter schema", 4.8): condition
 * labels, the rows being edited, what a row needs, the sample fields to pick from, and the
 * saved filter (named by core's filterName).
 */
import {
  type Condition,
  type ConditionGroup,
  type ConditionType,
  CONDITION_TYPES,
  DOCUMENT_LIMITS,
  filterName,
  getAncestors,
  type LinkFilter,
  type WorkflowData,
} from '@junction/core';

/** What each condition type reads as in the panel, in core's order. */
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

/** The condition types listed in the panel, with their labels. */
export const CONDITION_OPTIONS = CONDITION_TYPES.map((type) => ({ value: type, label: CONDITION_LABELS[type] }));

/** Condition types that compare with nothing: the value box is hidden. */
const UNARY: ReadonlySet<ConditionType> = new Set(['isTrue', 'isFalse', 'valueExists', 'valueNotExists']);

/** Returns true when a condition type needs a value to compare with. */
export function needsValue(type: ConditionType): boolean {
  return !UNARY.has(type);
}

/** A new empty row. */
export function emptyRow(): Condition {
  return { lhs: '', conditionType: 'stringEqual', rhs: '' };
}

/** The rows a panel starts with: the link's groups, or one empty 'and' row. */
export function initialGroups(groups: readonly ConditionGroup[]): ConditionGroup[] {
  const copy = groups.map((group) => group.map((row) => ({ ...row }))).filter((group) => group.length > 0);
  return copy.length > 0 ? copy : [[emptyRow()]];
}

/** Returns `groups` with a row added to group `at` ('+ And'). */
export function addAnd(groups: readonly ConditionGroup[], at: number): ConditionGroup[] {
  return groups.map((group, i) => (i === at ? [...group, emptyRow()] : group));
}

/** Returns `groups` with a new 'or' group of one empty row ('+ Add "Or" rule group'). */
export function addOr(groups: readonly ConditionGroup[]): ConditionGroup[] {
  return [...groups, [emptyRow()]];
}

/** Returns `groups` with row `row` of group `at` replaced by `patch`. */
export function updateRow(
  groups: readonly ConditionGroup[],
  at: number,
  row: number,
  patch: Partial<Condition>,
): ConditionGroup[] {
  return groups.map((group, i) => (i === at ? group.map((r, j) => (j === row ? { ...r, ...patch } : r)) : group));
}

/** Returns `groups` without row `row` of group `at`; an emptied group goes too. */
export function removeRow(groups: readonly ConditionGroup[], at: number, row: number): ConditionGroup[] {
  return groups
    .map((group, i) => (i === at ? group.filter((_, j) => j !== row) : group))
    .filter((group) => group.length > 0);
}

/** A row's problem, keyed `${group}-${row}`, for the panel to show beside it. */
export type RowErrors = Record<string, string>;

/**
 * Checks the rows before saving: every row needs a field, and a value unless its condition is
 * unary; number comparisons need a number (or a `${…}` reference). Empty when all is well.
 */
export function checkGroups(groups: readonly ConditionGroup[]): RowErrors {
  const errors: RowErrors = {};
  groups.forEach((group, g) => {
    group.forEach((row, r) => {
      const key = `${g}-${r}`;
      if (row.lhs.trim() === '') errors[key] = 'Choose the field to check.';
      else if (needsValue(row.conditionType) && row.rhs.trim() === '') errors[key] = 'Enter the value to compare with.';
      else if (
        (row.conditionType === 'greaterThan' || row.conditionType === 'lessThan') &&
        !row.rhs.includes('${') &&
        !Number.isFinite(Number(row.rhs.trim()))
      ) {
        errors[key] = 'Enter a number to compare with.';
      }
    });
  });
  return errors;
}

/** The filter a panel saves: trimmed rows, values dropped where unused, named by core (editor-core 4.8). */
export function toLinkFilter(groups: readonly ConditionGroup[]): LinkFilter {
  const clean = groups
    .map((group) =>
      group.map((row) => ({
        lhs: row.lhs.trim(),
        conditionType: row.conditionType,
        rhs: needsValue(row.conditionType) ? row.rhs.trim() : '',
      })),
    )
    .filter((group) => group.length > 0);
  return { name: filterName(clean), groups: clean };
}

/** A field of an earlier step's sample data that a filter row can check. */
export interface SampleField {
  /** The reference the row stores, e.g. '${t1.contact.email}'. */
  reference: string;
  /** What the picker shows, e.g. 'Webhook › contact.email: ann@example.com'. */
  label: string;
}

/** At most this many fields are offered. */
export const SAMPLE_FIELD_LIMIT = 200;
const MAX_DEPTH = 4;
const VALUE_PREVIEW = 40;

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_PREVIEW ? `${text.slice(0, VALUE_PREVIEW)}...` : text;
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;

function collect(value: unknown, path: string, depth: number, out: { path: string; value: unknown }[]): void {
  if (out.length >= SAMPLE_FIELD_LIMIT) return;
  if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    const entries = Array.isArray(value)
      ? value.slice(0, 1).map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, item] of entries) {
      const next = Array.isArray(value)
        ? `${path}[${key}]`
        : SIMPLE_KEY.test(key)
          ? path
            ? `${path}.${key}`
            : key
          : null;
      if (next !== null) collect(item, next, depth + 1, out);
    }
    return;
  }
  if (path) out.push({ path, value });
}

/**
 * Lists the sample fields a filter on a link can check: the leaves of the test data of the
 * link's source step and every step before it, nearest first, at most 200.
 */
export function sampleFields(wf: WorkflowData, sourceStepId: string): SampleField[] {
  const source = wf.steps.find((step) => step.id === sourceStepId);
  const steps = source ? [source, ...getAncestors(wf, sourceStepId)] : [];
  const fields: SampleField[] = [];
  for (const step of steps) {
    const leaves: { path: string; value: unknown }[] = [];
    collect(step.data.testData, '', 0, leaves);
    for (const leaf of leaves) {
      if (fields.length >= SAMPLE_FIELD_LIMIT) return fields;
      fields.push({
        reference: `\${${step.id}.${leaf.path}}`,
        label: `${step.data.name} › ${leaf.path}: ${preview(leaf.value)}`,
      });
    }
  }
  return fields;
}

/** The delay a panel saves, or the message to show: whole seconds, 0 or more (editor-core 9). */
export function parseDelay(text: string): { ok: true; seconds: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, seconds: 0 };
  const seconds = Number(trimmed);
  if (!Number.isInteger(seconds) || seconds < 0) {
    return { ok: false, message: 'Enter a whole number of seconds, 0 or more.' };
  }
  if (seconds > DOCUMENT_LIMITS.maxDelaySeconds) {
    return { ok: false, message: `A delay can be at most ${DOCUMENT_LIMITS.maxDelaySeconds} seconds (one year).` };
  }
  return { ok: true, seconds };
}
