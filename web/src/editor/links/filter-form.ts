/**
 * The filter and delay panels' form rules (editor-core 2.10, 3 "Filter schema", 4.8): condition
 * labels, the rows being edited, what a row needs, the sample fields to pick from, and the
 * saved filter (named by its Filter Name, else by core's filterName).
 */
import {
  CONDITION_LABELS,
  CONDITION_TYPES,
  type Condition,
  type ConditionGroup,
  conditionProblems,
  filterNameProblem,
  type LinkFilter,
  needsValue,
  savedFilterName,
  typedFilterName,
} from '@junction/core';

/** The condition types listed in the panel, with core's labels. */
export const CONDITION_OPTIONS = CONDITION_TYPES.map((type) => ({ value: type, label: CONDITION_LABELS[type] }));

export { filterNameProblem, needsValue, typedFilterName };

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

/** Checks the rows before saving with core's filter rule (editor-core 2.10). Empty when all is well. */
export function checkGroups(groups: readonly ConditionGroup[]): RowErrors {
  const errors: RowErrors = {};
  for (const problem of conditionProblems(groups)) errors[`${problem.group}-${problem.row}`] = problem.message;
  return errors;
}

/**
 * The filter a panel saves: trimmed rows, values dropped where unused, named by the Filter Name
 * the user typed, else by core's automatic name (editor-core 3, 4.8).
 */
export function toLinkFilter(groups: readonly ConditionGroup[], typedName = ''): LinkFilter {
  const clean = groups
    .map((group) =>
      group.map((row) => ({
        lhs: row.lhs.trim(),
        conditionType: row.conditionType,
        rhs: needsValue(row.conditionType) ? row.rhs.trim() : '',
      })),
    )
    .filter((group) => group.length > 0);
  return { name: savedFilterName(typedName, clean), groups: clean };
}

/** The delay a panel saves, or the message to show: core's one delay rule (workflow/delay). */
export { parseDelay } from '@junction/core';
