import { describe, expect, it } from 'vitest';
import { CONDITION_TYPES, conditionText, createFilterResolver, evaluateCondition, evaluateFilter } from './filter.js';
import type { Condition, ConditionType } from './types.js';

const outputs = {
  t1: { plan: 'pro', seats: '12', count: 3, tags: ['red', 2], title: 'Hello World', flag: 'TRUE', empty: '', no: 0 },
};
const resolve = createFilterResolver(outputs);
const row = (lhs: string, conditionType: ConditionType, rhs = ''): Condition => ({ lhs, conditionType, rhs });

describe('evaluateCondition', () => {
  it('stringEqual and stringUnequal compare trimmed text, case-sensitively', () => {
    expect(evaluateCondition('stringEqual', ' pro ', 'pro')).toBe(true);
    expect(evaluateCondition('stringEqual', 'Pro', 'pro')).toBe(false);
    expect(evaluateCondition('stringEqual', 12, '12')).toBe(true);
    expect(evaluateCondition('stringEqual', undefined, '')).toBe(true);
    expect(evaluateCondition('stringUnequal', 'Pro', 'pro')).toBe(true);
    expect(evaluateCondition('stringUnequal', 'pro', 'pro ')).toBe(false);
  });

  it('listContains matches array elements as text and substrings of strings', () => {
    expect(evaluateCondition('listContains', ['red', 2], '2')).toBe(true);
    expect(evaluateCondition('listContains', ['red', 2], 're')).toBe(false);
    expect(evaluateCondition('listContains', 'Hello World', 'lo W')).toBe(true);
    expect(evaluateCondition('listContains', 'Hello World', 'world')).toBe(false);
    expect(evaluateCondition('listContains', 'abc', '')).toBe(false);
    expect(evaluateCondition('listContains', undefined, 'a')).toBe(false);
    expect(evaluateCondition('listContains', { a: 1 }, 'a')).toBe(false);
  });

  it('listNotContain is the negation of listContains', () => {
    expect(evaluateCondition('listNotContain', ['red'], 'blue')).toBe(true);
    expect(evaluateCondition('listNotContain', ['red'], 'red')).toBe(false);
    expect(evaluateCondition('listNotContain', undefined, 'x')).toBe(true);
  });

  it('greaterThan and lessThan coerce numeric text and refuse non-numbers', () => {
    expect(evaluateCondition('greaterThan', '12', '10')).toBe(true);
    expect(evaluateCondition('greaterThan', '9', '10')).toBe(false);
    expect(evaluateCondition('lessThan', 2.5, ' 3 ')).toBe(true);
    expect(evaluateCondition('greaterThan', 'abc', '1')).toBe(false);
    expect(evaluateCondition('lessThan', 'abc', '1')).toBe(false);
    expect(evaluateCondition('greaterThan', '', '-1')).toBe(false);
    expect(evaluateCondition('lessThan', undefined, '1')).toBe(false);
    expect(evaluateCondition('lessThan', '1', 'x')).toBe(false);
  });

  it('isTrue and isFalse accept booleans, 1/0 and their texts', () => {
    for (const yes of [true, 1, 'true', 'TRUE', ' 1 ', 'yes']) expect(evaluateCondition('isTrue', yes, '')).toBe(true);
    for (const no of [false, 0, 'false', '0', 'No']) expect(evaluateCondition('isFalse', no, '')).toBe(true);
    for (const other of [undefined, null, '', 'maybe', 2]) {
      expect(evaluateCondition('isTrue', other, '')).toBe(false);
      expect(evaluateCondition('isFalse', other, '')).toBe(false);
    }
  });

  it('valueExists is not undefined, null or blank; valueNotExists the negation', () => {
    for (const present of [0, false, 'x', [], {}]) expect(evaluateCondition('valueExists', present, '')).toBe(true);
    for (const absent of [undefined, null, '', '  ']) {
      expect(evaluateCondition('valueExists', absent, '')).toBe(false);
      expect(evaluateCondition('valueNotExists', absent, '')).toBe(true);
    }
  });

  it('an unknown condition type is false', () => {
    expect(evaluateCondition('bogus' as ConditionType, 'a', 'a')).toBe(false);
  });
});

describe('conditionText', () => {
  it('renders values for comparison', () => {
    expect(conditionText(null)).toBe('');
    expect(conditionText({ a: 1 })).toBe('{"a":1}');
    expect(conditionText(true)).toBe('true');
  });
});

describe('evaluateFilter', () => {
  it('passes with no groups or only empty groups', () => {
    expect(evaluateFilter([], resolve)).toBe(true);
    expect(evaluateFilter([[], []], resolve)).toBe(true);
  });

  it('ANDs the rows of the first group', () => {
    expect(
      evaluateFilter([[row('${t1.plan}', 'stringEqual', 'pro'), row('${t1.seats}', 'greaterThan', '10')]], resolve),
    ).toBe(true);
    expect(
      evaluateFilter([[row('${t1.plan}', 'stringEqual', 'pro'), row('${t1.seats}', 'greaterThan', '20')]], resolve),
    ).toBe(false);
  });

  it('passes when the first group fails but a later group passes', () => {
    const groups = [
      [row('${t1.plan}', 'stringEqual', 'free')],
      [row('${t1.count}', 'lessThan', '2')],
      [row('${t1.tags}', 'listContains', 'red'), row('${t1.flag}', 'isTrue')],
    ];
    expect(evaluateFilter(groups, resolve)).toBe(true);
    expect(evaluateFilter(groups.slice(0, 2), resolve)).toBe(false);
  });

  it('ignores an empty first group when an OR group exists', () => {
    expect(evaluateFilter([[], [row('${t1.plan}', 'stringEqual', 'free')]], resolve)).toBe(false);
  });

  it('resolves references on the right-hand side too and treats missing data as missing', () => {
    expect(evaluateFilter([[row('${t1.seats}', 'stringEqual', '${t1.seats}')]], resolve)).toBe(true);
    expect(evaluateFilter([[row('${t1.nothing}', 'valueNotExists')]], resolve)).toBe(true);
    expect(evaluateFilter([[row('${t1.empty}', 'valueExists')]], resolve)).toBe(false);
    expect(evaluateFilter([[row('${t1.no}', 'isFalse')]], resolve)).toBe(true);
  });

  it('lists the ten condition types', () => {
    expect(CONDITION_TYPES).toHaveLength(10);
    expect(new Set(CONDITION_TYPES).size).toBe(10);
  });
});
