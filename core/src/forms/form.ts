/**
 * Reading and writing the stored form tuple, its defaults, its sections, and the answers a
 * visitor gives (forms-and-developer-portal 2.2, 3, 4, 9).
 */
import type {
  Answers,
  Form,
  FormDefinition,
  FormSection,
  FormTuple,
  Question,
  QuestionType,
  TextStyle,
} from './types.js';

/** Defaults and layout constants of a public form (forms-dp 2.2, 9). */
export const FORM_DEFAULTS = {
  title: 'Untitled form',
  theme: '#0069ea',
  background: '#F5F5F5',
  /** px */
  headerSize: 33,
  /** px */
  textSize: 14,
  /** px */
  questionSize: 18,
  /** px */
  width: 640,
  textareaRows: 8,
} as const;

/** Texts the public form shows (forms-dp 2.2). */
export const FORM_TEXTS = {
  requiredNote: '* Indicates required question',
  thankYou: 'Your response has been recorded.',
  submitAnother: 'Submit another response',
} as const;

/** The message under a required question left unanswered. */
export const REQUIRED_QUESTION_MESSAGE = 'This is a required question';

/** The kinds of question, in the order the form builder offers them (forms-dp 3). */
export const QUESTION_TYPES: readonly QuestionType[] = ['input', 'textarea', 'checkboxes', 'multiple_choice', 'file'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** Reads a size given as 33, '33' or '33px'; anything else gives the fallback. */
export function readSize(value: unknown, fallback: number): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.trim().replace(/px$/i, ''))
        : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function readStyle(value: unknown, size: number): TextStyle {
  const style = isObject(value) ? value : {};
  return { font: text(style.font, ''), size: readSize(style.size, size) };
}

/** Returns a complete definition, filling every missing part with its default (forms-dp 9). */
export function readFormDefinition(value: unknown): FormDefinition {
  const def = isObject(value) ? value : {};
  const header = isObject(def.header) ? def.header : {};
  const color = isObject(def.color) ? def.color : {};
  const form = isObject(def.form) ? def.form : {};
  const styles = isObject(def.text_style) ? def.text_style : {};
  return {
    header: { image_url: text(header.image_url, '') },
    color: {
      theme: text(color.theme, '') || FORM_DEFAULTS.theme,
      background: text(color.background, '') || FORM_DEFAULTS.background,
    },
    form: { title: text(form.title, '').trim() || FORM_DEFAULTS.title, description: text(form.description, '') },
    text_style: {
      header: readStyle(styles.header, FORM_DEFAULTS.headerSize),
      text: readStyle(styles.text, FORM_DEFAULTS.textSize),
      question: readStyle(styles.question, FORM_DEFAULTS.questionSize),
    },
  };
}

function readQuestions(value: unknown): Question[] {
  if (!Array.isArray(value)) return [];
  return value.filter((q): q is Json => isObject(q) && typeof q.question === 'string').map(readQuestion);
}

function readQuestion(q: Json): Question {
  const type = (QUESTION_TYPES as readonly unknown[]).includes(q.type) ? (q.type as QuestionType) : 'input';
  const question: Question = { question: q.question as string, type, required: q.required === true };
  const options = (list: unknown) =>
    Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
  if (type === 'checkboxes') question.checkbox_options = options(q.checkbox_options);
  if (type === 'multiple_choice') question.multiple_choice_options = options(q.multiple_choice_options);
  return question;
}

/**
 * Reads the stored five-element form array (forms-dp 3) leniently: missing or malformed parts
 * take their defaults, questions without text are dropped and an unknown question type reads
 * as 'input'. Use `validateFormDefinition` to report such problems instead.
 *
 * @example parseFormTuple([{}, [{ question: 'Name', type: 'input' }], [], false, true]).definition.form.title
 * // 'Untitled form'
 */
export function parseFormTuple(tuple: unknown): Form {
  const parts = Array.isArray(tuple) ? tuple : [];
  const further = Array.isArray(parts[2]) ? parts[2] : [];
  return {
    definition: readFormDefinition(parts[0]),
    firstSection: readQuestions(parts[1]),
    furtherSections: further.filter(isObject).map((s): FormSection => ({ section: readQuestions(s.section) })),
    hasReviewStep: parts[3] === true,
    showsAnswersAfterSubmit: parts[4] === true,
  };
}

/** Writes a form back as its stored five-element array (forms-dp 3). */
export function toFormTuple(form: Form): FormTuple {
  return [form.definition, form.firstSection, form.furtherSections, form.hasReviewStep, form.showsAnswersAfterSubmit];
}

/** Lists the questions of each section, the first section first (forms-dp 3). */
export function sections(form: Form): Question[][] {
  return [form.firstSection, ...form.furtherSections.map((s) => s.section)];
}

/**
 * Returns the answer key of a file question's n-th file: '{question}_{n}' (forms-dp 3).
 *
 * @example fileAnswerKey('Your CV', 0) // 'Your CV_0'
 */
export function fileAnswerKey(question: string, n: number): string {
  return `${question}_${n}`;
}

/**
 * Returns the answers of an untouched form: '' for text and choice questions, [] for
 * checkboxes; file questions have no entry until a file is uploaded. Clear form and
 * 'Submit another response' reset to this (forms-dp 4).
 */
export function emptyAnswers(form: Form): Answers {
  // fromEntries defines own properties, so a question named '__proto__' stays a plain key.
  return Object.fromEntries(
    sections(form)
      .flat()
      .filter((q) => q.type !== 'file')
      .map((q) => [q.question, q.type === 'checkboxes' ? [] : '']),
  );
}

/** Tells whether a question has an answer: non-blank text, a ticked option, or a stored file. */
export function isAnswered(question: Question, answers: Answers): boolean {
  const own = (key: string) => (Object.hasOwn(answers, key) ? answers[key] : undefined);
  const given = (value: unknown) =>
    Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
  if (given(own(question.question))) return true;
  if (question.type !== 'file') return false;
  const prefix = `${question.question}_`;
  return Object.keys(answers).some(
    (key) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)) && given(answers[key]),
  );
}

/**
 * Lists, by question text, the required questions left unanswered, each with 'This is a
 * required question'. The old product did not check; Junction does (DESIGN: shown, not only
 * logged). Pass a section index to check only that section (for Next).
 *
 * @example validateAnswers(form, { Name: '' }) // { Name: 'This is a required question' }
 */
export function validateAnswers(form: Form, answers: Answers, section?: number): Record<string, string> {
  const all = sections(form);
  const questions = section === undefined ? all.flat() : (all[section] ?? []);
  return Object.fromEntries(
    questions.filter((q) => q.required && !isAnswered(q, answers)).map((q) => [q.question, REQUIRED_QUESTION_MESSAGE]),
  );
}
