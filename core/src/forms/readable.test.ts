import { describe, expect, it } from 'vitest';
import { formatFileSize, readableAnswers } from './readable.js';
import type { Form } from './types.js';

const form: Form = {
  definition: {} as Form['definition'],
  firstSection: [
    { question: 'Your name', type: 'input', required: true },
    { question: 'Your CV', type: 'file' },
  ],
  furtherSections: [{ section: [{ question: 'Languages', type: 'checkboxes', checkbox_options: ['EN', 'FR'] }] }],
  hasReviewStep: true,
  showsAnswersAfterSubmit: true,
};

describe('readableAnswers (forms-dp 2.2)', () => {
  it('lists question and answer in form order, files by name and size, never stored keys or addresses', () => {
    const answers = {
      'Your name': ' Ada ',
      Languages: ['EN', 'FR'],
      'Your CV_0': 'https://files.example.com/x/cv.pdf',
    };
    const list = readableAnswers(form, answers, { 'Your CV': [{ name: 'cv.pdf', size: 123_456 }] });
    expect(list).toEqual([
      { question: 'Your name', type: 'input', values: ['Ada'], files: [] },
      { question: 'Your CV', type: 'file', values: [], files: [{ name: 'cv.pdf', size: '121 KB' }] },
      { question: 'Languages', type: 'checkboxes', values: ['EN', 'FR'], files: [] },
    ]);
    expect(JSON.stringify(list)).not.toContain('Your CV_0');
    expect(JSON.stringify(list)).not.toContain('https://');
  });

  it('leaves unanswered questions empty', () => {
    expect(readableAnswers(form, { 'Your name': '  ', Languages: [] }).map((a) => a.values)).toEqual([[], [], []]);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [123_456, '121 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
