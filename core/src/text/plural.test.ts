import { describe, expect, it } from 'vitest';
import { countText } from './plural.js';

describe('countText', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countText(1, 'item')).toBe('1 item');
    expect(countText(0, 'item')).toBe('0 items');
    expect(countText(2, 'item')).toBe('2 items');
    expect(countText(1200, 'item')).toBe('1,200 items');
  });

  it('takes an irregular plural', () => {
    expect(countText(1, 'entry', 'entries')).toBe('1 entry');
    expect(countText(3, 'entry', 'entries')).toBe('3 entries');
  });
});
