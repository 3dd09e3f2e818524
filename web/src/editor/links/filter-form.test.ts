import { describe, expect, it } from 'vitest';
import {
  addAnd,
  addOr,
  CONDITION_OPTIONS,
  checkGroups,
  initialGroups,
  parseDelay,
  removeRow,
  toLinkFilter,
  updateRow,
} from './filter-form.js';

describe('filter rows (editor-core 2.10, 3)', () => {
  it('offers the ten condition types', () => {
    expect(CONDITION_OPTIONS.map((o) => o.value)).toEqual([
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
  });

  it('starts with one empty row, adds AND rows and OR groups, and removes emptied groups', () => {
    let groups = initialGroups([]);
    expect(groups).toEqual([[{ lhs: '', conditionType: 'stringEqual', rhs: '' }]]);
    groups = addAnd(groups, 0);
    groups = addOr(groups);
    expect(groups.map((g) => g.length)).toEqual([2, 1]);
    groups = removeRow(groups, 1, 0);
    expect(groups.map((g) => g.length)).toEqual([2]);
  });

  it('requires a field, a value where the condition compares, and a number for greater/less than', () => {
    let groups = addAnd(initialGroups([]), 0);
    groups = updateRow(groups, 0, 0, { lhs: '${t.amount}', conditionType: 'greaterThan', rhs: 'ten' });
    groups = updateRow(groups, 0, 1, { lhs: '', conditionType: 'isTrue' });
    expect(checkGroups(groups)).toEqual({
      '0-0': 'Enter a number to compare with.',
      '0-1': 'Choose the field to check.',
    });
    groups = updateRow(groups, 0, 0, { rhs: '10' });
    groups = updateRow(groups, 0, 1, { lhs: '${t.vip}' });
    expect(checkGroups(groups)).toEqual({});
  });

  it('saves trimmed rows named by core ("Filter: amount AND vip OR email")', () => {
    const filter = toLinkFilter([
      [
        { lhs: ' ${t.amount} ', conditionType: 'greaterThan', rhs: ' 10 ' },
        { lhs: '${t.vip}', conditionType: 'isTrue', rhs: 'ignored' },
      ],
      [{ lhs: '${t.email}', conditionType: 'valueExists', rhs: '' }],
    ]);
    expect(filter.name).toBe('Filter: amount AND vip OR email');
    expect(filter.groups[0]).toEqual([
      { lhs: '${t.amount}', conditionType: 'greaterThan', rhs: '10' },
      { lhs: '${t.vip}', conditionType: 'isTrue', rhs: '' },
    ]);
    // A typed Filter Name wins over the automatic one (editor-core 3 "Filter schema").
    const rows = [[{ lhs: '${t.vip}', conditionType: 'isTrue' as const, rhs: '' }]];
    expect(toLinkFilter(rows, ' Big spenders ').name).toBe('Big spenders');
    expect(toLinkFilter(rows, '  ').name).toBe('Filter: vip');
  });
});

describe('parseDelay (editor-core 9: seconds, default 0)', () => {
  it('accepts whole seconds and refuses the rest', () => {
    expect(parseDelay('30')).toEqual({ ok: true, seconds: 30 });
    expect(parseDelay('')).toEqual({ ok: true, seconds: 0 });
    expect(parseDelay('-1').ok).toBe(false);
    expect(parseDelay('1.5').ok).toBe(false);
    expect(parseDelay('abc').ok).toBe(false);
    expect(parseDelay('99999999999').ok).toBe(false);
  });
});
