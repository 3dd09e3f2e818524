import { describe, expect, it } from 'vitest';
import {
  emptyAnswers,
  FORM_DEFAULTS,
  FORM_TEXTS,
  fileAnswerKey,
  parseFormTuple,
  REQUIRED_QUESTION_MESSAGE,
  sections,
  toFormTuple,
  validateAnswers,
} from './form.js';
import type { Form } from './types.js';

const stored = [
  {
    header: { image_url: 'https://img.example/h.png' },
    color: { theme: '#ff0000' },
    form: { title: 'Job application', description: 'Tell us about you' },
    text_style: { header: { font: 'Georgia', size: '40px' }, text: { size: 15 } },
  },
  [
    { question: 'Name', type: 'input', required: true },
    { question: 'Skills', type: 'checkboxes', required: true, checkbox_options: ['TS', 'Go'] },
  ],
  [
    {
      section: [
        { question: 'Your CV', type: 'file', required: true },
        { question: 'Start', type: 'multiple_choice', multiple_choice_options: ['Now', 'Later'] },
        { question: 'Notes', type: 'textarea' },
      ],
    },
  ],
  true,
  false,
];

describe('form defaults', () => {
  it('holds the spec constants', () => {
    expect(FORM_DEFAULTS).toEqual({
      title: 'Untitled form',
      theme: '#0069ea',
      background: '#F5F5F5',
      headerSize: 33,
      textSize: 14,
      questionSize: 18,
      width: 640,
      textareaRows: 8,
    });
    expect(FORM_TEXTS.requiredNote).toBe('* Indicates required question');
    expect(FORM_TEXTS.thankYou).toBe('Your response has been recorded.');
  });
});

describe('parseFormTuple and toFormTuple', () => {
  it('reads the five parts and fills missing styling with defaults', () => {
    const form = parseFormTuple(stored);
    expect(form.definition).toEqual({
      header: { image_url: 'https://img.example/h.png' },
      color: { theme: '#ff0000', background: '#F5F5F5' },
      form: { title: 'Job application', description: 'Tell us about you' },
      text_style: {
        header: { font: 'Georgia', size: 40 },
        text: { font: '', size: 15 },
        question: { font: '', size: 18 },
      },
    });
    expect(form.firstSection.map((q) => q.question)).toEqual(['Name', 'Skills']);
    expect(form.furtherSections[0].section.map((q) => q.type)).toEqual(['file', 'multiple_choice', 'textarea']);
    expect([form.hasReviewStep, form.showsAnswersAfterSubmit]).toEqual([true, false]);
  });

  it("titles an untitled form 'Untitled form' and reads garbage as an empty form", () => {
    const form = parseFormTuple('nonsense');
    expect(form.definition.form.title).toBe('Untitled form');
    expect(form.definition.color).toEqual({ theme: '#0069ea', background: '#F5F5F5' });
    expect(sections(form)).toEqual([[]]);
  });

  it('writes back the same tuple it reads', () => {
    const form = parseFormTuple(stored);
    expect(parseFormTuple(toFormTuple(form))).toEqual(form);
    expect(toFormTuple(form)[1][0]).toEqual({ question: 'Name', type: 'input', required: true });
  });
});

describe('answers', () => {
  const form: Form = parseFormTuple(stored);

  it('lists sections first to last', () => {
    expect(sections(form).map((s) => s.length)).toEqual([2, 3]);
  });

  it("keys a file question's files as '{question}_{n}'", () => {
    expect(fileAnswerKey('Your CV', 0)).toBe('Your CV_0');
  });

  it('starts empty: text blank, checkboxes none, files absent', () => {
    expect(emptyAnswers(form)).toEqual({ Name: '', Skills: [], Start: '', Notes: '' });
  });

  it("flags required questions left unanswered with 'This is a required question'", () => {
    expect(REQUIRED_QUESTION_MESSAGE).toBe('This is a required question');
    expect(validateAnswers(form, emptyAnswers(form))).toEqual({
      Name: 'This is a required question',
      Skills: 'This is a required question',
      'Your CV': 'This is a required question',
    });
    expect(validateAnswers(form, { Name: '  ', Skills: ['TS'] }, 0)).toEqual({ Name: REQUIRED_QUESTION_MESSAGE });
  });

  it('counts an uploaded file as the answer of a file question', () => {
    const answers = { Name: 'Ada', Skills: ['TS'], [fileAnswerKey('Your CV', 0)]: 'https://files.example/cv.pdf' };
    expect(validateAnswers(form, answers)).toEqual({});
    expect(validateAnswers(form, { ...answers, 'Your CV_0': '' }, 1)).toEqual({ 'Your CV': REQUIRED_QUESTION_MESSAGE });
  });
});
