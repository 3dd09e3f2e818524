import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime, summarizeTriggerData } from './run-summary.js';

describe('summarizeTriggerData', () => {
  it('reads a webhook body by its first values', () => {
    expect(summarizeTriggerData({ name: 'Ada', age: 42, tags: ['x'], email: 'ada@example.com', city: 'X' })).toBe(
      'Ada · 42 · ada@example.com',
    );
  });

  it('summarises the first item of a list and a wrapper without values', () => {
    expect(summarizeTriggerData([{ id: 7, title: 'First' }, { id: 8 }])).toBe('7 · First');
    expect(summarizeTriggerData({ contacts: [{ name: 'Ann', vip: true }] })).toBe('Ann · true');
  });

  it('reads empty data as empty and cuts long summaries', () => {
    expect(summarizeTriggerData(null)).toBe('');
    expect(summarizeTriggerData({})).toBe('');
    expect(summarizeTriggerData({ text: 'a'.repeat(100) }, { maxLength: 10 })).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('formatRelativeTime and formatExactTime', () => {
  const at = Date.parse('2026-11-26T15:00:00.000Z');
  it('says how long ago', () => {
    expect(formatRelativeTime('2026-11-26T14:59:58.000Z', at)).toBe('just now');
    expect(formatRelativeTime('2026-11-26T14:59:30.000Z', at)).toBe('30 seconds ago');
    expect(formatRelativeTime('2026-11-26T14:57:00.000Z', at)).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-25T14:00:00.000Z', at)).toBe('yesterday');
  });

  it('gives the exact time to the millisecond', () => {
    expect(formatExactTime('2026-11-26T15:58:03.412Z', 'UTC')).toBe('Nov 26, 2026, 15:58:03.412');
  });
});
