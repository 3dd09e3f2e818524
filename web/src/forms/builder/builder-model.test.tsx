import { sections, toFormTuple, validateFormDefinition } from '@junction/core';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  addSection,
  moveQuestion,
  newForm,
  parseOptions,
  removeQuestion,
  removeSection,
  updateQuestion,
} from './builder-model.js';

const texts = (form: ReturnType<typeof newForm>) => sections(form).map((list) => list.map((q) => q.question));

describe('form builder edits', () => {
  it('starts with a valid untitled form and adds questions with fresh texts', () => {
    let form = newForm();
    expect(validateFormDefinition(toFormTuple(form)).ok).toBe(true);
    form = addQuestion(form, 0, 'checkboxes');
    form = addSection(form);
    expect(texts(form)).toEqual([['Question 1', 'Question 2'], ['Question 3']]);
    expect(sections(form)[0][1].checkbox_options).toEqual(['Option 1', 'Option 2']);
    expect(validateFormDefinition(toFormTuple(form)).ok).toBe(true);
  });

  it('carries options across choice types and drops them for other types', () => {
    let form = addQuestion(newForm(), 0, 'checkboxes');
    form = updateQuestion(form, 0, 1, { checkbox_options: ['Red', 'Blue'] });
    form = updateQuestion(form, 0, 1, { type: 'multiple_choice' });
    expect(sections(form)[0][1]).toEqual({
      question: 'Question 2',
      type: 'multiple_choice',
      required: false,
      multiple_choice_options: ['Red', 'Blue'],
    });
    form = updateQuestion(form, 0, 1, { type: 'file', required: true });
    expect(sections(form)[0][1]).toEqual({ question: 'Question 2', type: 'file', required: true });
  });

  it('moves, removes questions and sections without touching the input', () => {
    const start = addSection(addQuestion(newForm(), 0));
    const moved = moveQuestion(start, 0, 0, 1);
    expect(texts(moved)[0]).toEqual(['Question 2', 'Question 1']);
    expect(moveQuestion(start, 0, 0, -1)).toBe(start);
    expect(texts(removeQuestion(start, 0, 0))).toEqual([['Question 2'], ['Question 3']]);
    expect(texts(removeSection(start, 0))).toEqual([['Question 3']]);
    expect(removeSection(newForm(), 0).firstSection).toHaveLength(1);
    expect(texts(start)).toEqual([['Question 1', 'Question 2'], ['Question 3']]);
  });

  it('reads options one per line', () => {
    expect(parseOptions(' Red \n\nBlue\nRed\n')).toEqual(['Red', 'Blue']);
  });
});
