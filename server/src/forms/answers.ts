/**
 * The server's check of a visitor's answers against the form (forms-dp 3 "Answers"): every
 * key names a question (or a file question's '{question}_{n}'), every value has the
 * question's shape, choices come from the options, and required questions are answered
 * (core's validateAnswers).
 */
import { type Answers, type Form, sections, validateAnswers } from '@junction/core';

/** One problem with the answers; `field` is like "answers.Name". */
export interface AnswerProblem {
  field: string;
  message: string;
}

/** The outcome: the answers to record, the stored-file URLs they name, and any problems. */
export interface AnswerCheck {
  answers: Answers;
  /** Answer key to file URL, for the keys of file questions. */
  fileUrls: Map<string, string>;
  errors: AnswerProblem[];
}

/** Answer keys of file questions: the question text, '_', then a number. */
function fileQuestionOf(key: string, fileQuestions: Set<string>): string | undefined {
  const match = /^(.*)_(\d{1,3})$/s.exec(key);
  return match && fileQuestions.has(match[1]) ? match[1] : undefined;
}

/**
 * Checks raw answers (already shaped as strings or string lists by the contract) against a
 * form. Missing optional questions are filled as unanswered ('' or []), so the workflow
 * always sees every question.
 *
 * @example
 * checkAnswers(form, { Name: 'Ada' }).errors // [] when Name is the only required question
 */
export function checkAnswers(form: Form, raw: Record<string, unknown>): AnswerCheck {
  const questions = new Map(sections(form).flatMap((list) => list.map((q) => [q.question, q] as const)));
  const fileQuestions = new Set([...questions.values()].filter((q) => q.type === 'file').map((q) => q.question));
  const errors: AnswerProblem[] = [];
  const fileUrls = new Map<string, string>();
  const answers: Answers = {};
  // defineProperty keeps a question called '__proto__' an ordinary key.
  const set = (key: string, value: string | string[]) =>
    Object.defineProperty(answers, key, { value, enumerable: true, writable: true, configurable: true });
  const fail = (key: string, message: string) => errors.push({ field: `answers.${key}`, message });

  for (const [key, value] of Object.entries(raw)) {
    const question = questions.get(key);
    if (question && question.type !== 'file') {
      if (question.type === 'checkboxes') {
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
          fail(key, 'Choose options from the list.');
          continue;
        }
        const unknown = value.filter((v) => !question.checkbox_options?.includes(v));
        if (unknown.length) fail(key, `'${unknown[0]}' is not one of the options.`);
        else set(key, [...new Set(value)]);
      } else if (typeof value !== 'string') {
        fail(key, 'The answer must be text.');
      } else if (
        question.type === 'multiple_choice' &&
        value !== '' &&
        !question.multiple_choice_options?.includes(value)
      ) {
        fail(key, `'${value}' is not one of the options.`);
      } else {
        set(key, value);
      }
      continue;
    }
    if (fileQuestionOf(key, fileQuestions) !== undefined) {
      if (typeof value !== 'string') fail(key, 'A file answer is the address of one uploaded file.');
      else if (value !== '') fileUrls.set(key, value);
      continue;
    }
    fail(key, `This form has no question '${key}'.`);
  }

  for (const question of questions.values()) {
    if (question.type === 'file' || Object.hasOwn(answers, question.question)) continue;
    if (errors.some((e) => e.field === `answers.${question.question}`)) continue;
    set(question.question, question.type === 'checkboxes' ? [] : '');
  }
  for (const [key, url] of fileUrls) set(key, url);

  for (const [question, message] of Object.entries(validateAnswers(form, answers))) {
    if (!errors.some((e) => e.field === `answers.${question}`)) fail(question, message);
  }
  return { answers, fileUrls, errors };
}
