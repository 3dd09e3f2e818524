import { parseFormTuple } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { checkAnswers } from './answers.js';

const form = parseFormTuple([
  {},
  [
    { question: 'Name', type: 'input', required: true },
    { question: 'Tags', type: 'checkboxes', checkbox_options: ['a', 'b'] },
    { question: '__proto__', type: 'textarea' },
  ],
  [{ section: [{ question: 'CV', type: 'file', required: true }] }],
]);

describe('checkAnswers', () => {
  it('fills unanswered questions, keeps file URLs and de-duplicates ticked options', () => {
    const result = checkAnswers(form, { Name: 'Ada', Tags: ['a', 'a'], CV_0: 'u0', CV_1: 'u1' });
    expect(result.errors).toEqual([]);
    expect(result.answers).toEqual({ Name: 'Ada', Tags: ['a'], ['__proto__']: '', CV_0: 'u0', CV_1: 'u1' });
    expect(Object.getPrototypeOf(result.answers)).toBe(Object.prototype);
    expect([...result.fileUrls.keys()]).toEqual(['CV_0', 'CV_1']);
  });

  it('names each wrong answer', () => {
    const { errors } = checkAnswers(form, { Name: ['x'], Tags: 'a', CV_x: 'u', Name_0: 'u' });
    expect(errors).toEqual([
      { field: 'answers.Name', message: 'The answer must be text.' },
      { field: 'answers.Tags', message: 'Choose options from the list.' },
      { field: 'answers.CV_x', message: "This form has no question 'CV_x'." },
      { field: 'answers.Name_0', message: "This form has no question 'Name_0'." },
      { field: 'answers.CV', message: 'This is a required question' },
    ]);
  });
});
