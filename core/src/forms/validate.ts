/**
 * The strict check of a stored form tuple, used by the server before it stores a form and by
 * the form builder to list problems (forms-and-developer-portal 3, 5). Never throws.
 */
import { QUESTION_TYPES, readSize } from './form.js';

/** One problem in a form tuple; `path` is like '[1][0].type' or '[2][0].section[1].question'. */
export interface FormProblem {
  path: string;
  message: string;
}

/** The outcome of checking a form tuple. */
export interface FormValidation {
  ok: boolean;
  errors: FormProblem[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Checks a stored form received as arbitrary JSON (forms-dp 3): a five-element array (the two
 * flags may be left out) of a definition object, the first section's questions, the further
 * sections and two booleans. Colours are hex, sizes positive px, every question has text and a
 * known type, choice questions have options, and question texts are unique because answers
 * are keyed by them.
 *
 * @example validateFormDefinition([{}, [{ question: 'Name', type: 'input' }], [], false, false]) // { ok: true, errors: [] }
 */
export function validateFormDefinition(json: unknown): FormValidation {
  const errors: FormProblem[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  if (!Array.isArray(json)) {
    add('', 'A form is stored as an array: definition, questions, sections, review flag, answers flag.');
    return { ok: false, errors };
  }
  if (json.length < 2 || json.length > 5) add('', 'A form array has 2 to 5 elements.');
  checkDefinition(json[0], add);

  const texts = new Map<string, string>();
  const checkList = (list: unknown, path: string) => {
    if (!Array.isArray(list)) {
      add(path, 'Questions must be a list.');
      return;
    }
    list.forEach((q, i) => {
      checkQuestion(q, `${path}[${i}]`, texts, add);
    });
  };
  checkList(json[1], '[1]');
  if (json[2] !== undefined) {
    if (!Array.isArray(json[2])) add('[2]', 'Further sections must be a list.');
    else {
      json[2].forEach((s, i) => {
        if (!isObject(s)) add(`[2][${i}]`, 'A section must be an object with a section list.');
        else checkList(s.section, `[2][${i}].section`);
      });
    }
  }
  if (json[3] !== undefined && typeof json[3] !== 'boolean') add('[3]', 'The review flag must be true or false.');
  if (json[4] !== undefined && typeof json[4] !== 'boolean') add('[4]', 'The show-answers flag must be true or false.');
  return { ok: errors.length === 0, errors };
}

function checkDefinition(def: unknown, add: (path: string, message: string) => void): void {
  if (!isObject(def)) {
    add('[0]', 'The form definition must be an object.');
    return;
  }
  const part = (key: string): Json => {
    const value = def[key];
    if (value === undefined) return {};
    if (!isObject(value)) add(`[0].${key}`, `${key} must be an object.`);
    return isObject(value) ? value : {};
  };
  const stringAt = (obj: Json, path: string, key: string) => {
    if (obj[key] !== undefined && typeof obj[key] !== 'string') add(`${path}.${key}`, `${key} must be text.`);
  };
  stringAt(part('header'), '[0].header', 'image_url');
  const form = part('form');
  stringAt(form, '[0].form', 'title');
  stringAt(form, '[0].form', 'description');
  const color = part('color');
  for (const key of ['theme', 'background']) {
    const value = color[key];
    if (value !== undefined && (typeof value !== 'string' || !COLOR.test(value))) {
      add(`[0].color.${key}`, `${key} must be a hex colour such as #0069ea.`);
    }
  }
  const styles = part('text_style');
  for (const key of ['header', 'text', 'question']) {
    const style = styles[key];
    if (style === undefined) continue;
    if (!isObject(style)) {
      add(`[0].text_style.${key}`, `${key} style must be an object.`);
      continue;
    }
    stringAt(style, `[0].text_style.${key}`, 'font');
    if (style.size !== undefined && readSize(style.size, -1) === -1) {
      add(`[0].text_style.${key}.size`, 'size must be a positive number of px, such as 14 or 14px.');
    }
  }
}

function checkQuestion(
  q: unknown,
  path: string,
  texts: Map<string, string>,
  add: (path: string, message: string) => void,
): void {
  if (!isObject(q)) {
    add(path, 'A question must be an object.');
    return;
  }
  if (typeof q.question !== 'string' || q.question.trim() === '') add(`${path}.question`, 'Question text is required.');
  else if (texts.has(q.question)) {
    add(
      `${path}.question`,
      `Question text '${q.question}' is also used at ${texts.get(q.question)}; answers are keyed by it.`,
    );
  } else texts.set(q.question, path);
  if (!(QUESTION_TYPES as readonly unknown[]).includes(q.type)) {
    add(`${path}.type`, `Question type must be one of ${QUESTION_TYPES.join(', ')}.`);
  }
  if (q.required !== undefined && typeof q.required !== 'boolean')
    add(`${path}.required`, 'required must be true or false.');
  const options = (key: 'checkbox_options' | 'multiple_choice_options', kind: string) => {
    const list = q[key];
    const isList = Array.isArray(list) && list.every((o) => typeof o === 'string');
    if (q.type === kind && (!isList || list.length === 0))
      add(`${path}.${key}`, `A ${kind} question needs a list of options.`);
    else if (list !== undefined && !isList) add(`${path}.${key}`, `${key} must be a list of texts.`);
  };
  options('checkbox_options', 'checkboxes');
  options('multiple_choice_options', 'multiple_choice');
}
