import { describe, expect, it } from 'vitest';
import { sampleLabel, sampleText } from './sample-label.js';

describe('sampleLabel (editor-core 2.9)', () => {
  it('names a sample by its values, place first', () => {
    expect(sampleLabel({ name: 'Ada', amount: 42 }, 0)).toBe('1. Ada · 42');
    expect(sampleLabel({ amount: 7, email: 'ada@example.com', name: 'Ada' }, 2)).toBe('3. Ada · ada@example.com · 7');
  });

  it('leaves identifiers out while other values exist, and uses them when nothing else does', () => {
    expect(
      sampleText({
        id: '8bb823da-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
        contactId: 12,
        token: 'a3f9c2e1b4d5a6f7a8b9',
        city: 'Paris',
      }),
    ).toBe('Paris');
    expect(sampleText({ id: 'order-17' })).toBe('order-17');
    expect(sampleText({ email: 'grace@example.com', createdAt: '2026-11-26T17:49:01.624Z' })).toBe('grace@example.com');
    expect(sampleText({ createdAt: '2026-11-26T17:49:01.624Z' })).toBe('2026-11-26T17:49:01.624Z');
  });

  it('reads nested values and never prints JSON', () => {
    expect(sampleText({ contact: { firstName: 'Ada', tags: ['vip'] }, total: { value: 9.5 } })).toBe('Ada · vip · 9.5');
    expect(sampleText({ empty: {}, blank: '', none: null })).toBe('(empty)');
    expect(sampleText(null)).toBe('(empty)');
    expect(sampleText('plain text')).toBe('plain text');
  });

  it('cuts a long label to 50 characters', () => {
    const label = sampleText({ subject: 'x'.repeat(80) });
    expect(label).toBe(`${'x'.repeat(50)}...`);
  });
});
