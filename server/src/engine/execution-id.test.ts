import { describe, expect, it } from 'vitest';
import { newExecutionId } from './execution-id.js';

describe('newExecutionId (RFC 9562 UUIDv7)', () => {
  it('is a version 7, variant 10 UUID carrying its millisecond', () => {
    const at = Date.UTC(2026, 10, 27, 3, 0, 0, 123);
    const id = newExecutionId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time as text, and never repeats', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => newExecutionId(1_700_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 10; i < ids.length; i += 10) expect(ids[i - 10] < ids[i]).toBe(true);
  });
});
