import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, measureJsonDepth } from './json-body.js';

describe('measureJsonDepth', () => {
  it('counts nested arrays and objects', () => {
    expect(measureJsonDepth('1')).toBe(0);
    expect(measureJsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(measureJsonDepth('[[],[[]]]')).toBe(3);
  });

  it('ignores brackets inside strings, including escaped quotes', () => {
    expect(measureJsonDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(measureJsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(measureJsonDepth('["\\\\",[1]]')).toBe(2);
  });

  it('stops early past the limit and survives 100,000 levels', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(measureJsonDepth(deep)).toBe(100_000);
    expect(measureJsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});
