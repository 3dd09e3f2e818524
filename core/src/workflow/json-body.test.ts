import { describe, expect, it } from 'vitest';
import { jsonBodyProblem } from './json-body.js';

describe('jsonBodyProblem (editor-core 3)', () => {
  it('accepts references as JSON values outside quotes and as text inside them', () => {
    expect(jsonBodyProblem('{"amount": ${t1.amount}, "who": "Dear ${t1.name}"}')).toBeUndefined();
    expect(jsonBodyProblem('${t1.body}')).toBeUndefined();
    expect(jsonBodyProblem('   ')).toBeUndefined();
  });

  it('names what is wrong with text that is not JSON', () => {
    expect(jsonBodyProblem('{"amount": }')).toMatch(/^The body is not valid JSON: /);
    expect(jsonBodyProblem("{'a': 1}")).toMatch(/^The body is not valid JSON: /);
  });
});
