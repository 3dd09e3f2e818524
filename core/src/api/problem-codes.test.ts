import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES, STATUS_PROBLEM_CODES, defaultProblemCode } from './problem-codes.js';

describe('problem codes', () => {
  it('gives every status a code, the known ones by name', () => {
    expect(defaultProblemCode(404)).toBe('resource.not_found');
    expect(defaultProblemCode(429)).toBe('limit.rate');
    expect(defaultProblemCode(418)).toBe('request.invalid');
    expect(defaultProblemCode(599)).toBe('server.internal');
  });

  it('keeps every code in the dotted lower-case form the contract requires', () => {
    const pattern = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;
    for (const code of [...Object.values(STATUS_PROBLEM_CODES), ...Object.values(PROBLEM_CODES)])
      expect(code).toMatch(pattern);
  });
});
