/**
 * Pure edits of a form definition for the form builder: the
 * definition's texts and colours, sections, questions of each type, required, options, and
 * the two flags. Every function returns a new Form and never changes its input.
 */
import {
  FORM_DEFAULTS,
  type Form,
  type FormDefinition,
  type Question,
  type QuestionType,
  sections,
} from '@junction/core';

/** The labels the builder shows for each question type. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  input: 'Short answer',
  textarea: 'Paragraph',
  checkboxes: 'Checkboxes',
  multiple_choice: 'Multiple choice',
  file: 'File upload',
};

/** The form a new builder starts with: one section with one short-answer question. */
export function newForm(): Form {
  return {
    definition: {
      header: { image_url: '' },
      color: { theme: FORM_DEFAULTS.theme, background: FORM_DEFAULTS.background },
      form: { title: FORM_DEFAULTS.title, description: '' },
      text_style: {
        header: { font: '', size: FORM_DEFAULTS.headerSize },
        text: { font: '', size: FORM_DEFAULTS.textSize },
        question: { font: '', size: FORM_DEFAULTS.questionSize },
      },
    },
    firstSection: [{ question: 'Question 1', type: 'input', required: false }],
    furtherSections: [],
    hasReviewStep: false,
    showsAnswersAfterSubmit: false,
  };
}

/** Replaces the list of sections (first section first). */
function withSections(form: Form, lists: Question[][]): Form {
  const [first = [], ...rest] = lists;
  return { ...form, firstSection: first, furtherSections: rest.map((section) => ({ section })) };
}

/** A question text not used yet: 'Question n' with the smallest free n. */
export function freshQuestionText(form: Form): string {
  const used = new Set(
    sections(form)
      .flat()
      .map((q) => q.question),
  );
  let n = used.size + 1;
  while (used.has(`Question ${n}`)) n += 1;
  return `Question ${n}`;
}

/** A new question of a type, with two options for the choice types. */
function createQuestion(form: Form, type: QuestionType): Question {
  const question: Question = { question: freshQuestionText(form), type, required: false };
  if (type === 'checkboxes') question.checkbox_options = ['Option 1', 'Option 2'];
  if (type === 'multiple_choice') question.multiple_choice_options = ['Option 1', 'Option 2'];
  return question;
}

/** Changes the definition's parts (shallow per part). */
export function updateDefinition(form: Form, change: (definition: FormDefinition) => FormDefinition): Form {
  return { ...form, definition: change(form.definition) };
}

/** Adds a question of `type` at the end of a section. */
export function addQuestion(form: Form, sectionIndex: number, type: QuestionType = 'input'): Form {
  const lists = sections(form);
  return withSections(
    form,
    lists.map((list, i) => (i === sectionIndex ? [...list, createQuestion(form, type)] : list)),
  );
}

/**
 * Changes one question. Changing the type keeps the text and required flag and gives a
 * choice type its options (kept from the other choice type when it had some).
 */
export function updateQuestion(form: Form, sectionIndex: number, index: number, patch: Partial<Question>): Form {
  const lists = sections(form).map((list, i) =>
    i !== sectionIndex
      ? list
      : list.map((q, j) => {
          if (j !== index) return q;
          const next: Question = { ...q, ...patch };
          if (patch.type && patch.type !== q.type) {
            const options = q.checkbox_options ?? q.multiple_choice_options ?? ['Option 1', 'Option 2'];
            delete next.checkbox_options;
            delete next.multiple_choice_options;
            if (patch.type === 'checkboxes') next.checkbox_options = options;
            if (patch.type === 'multiple_choice') next.multiple_choice_options = options;
          }
          return next;
        }),
  );
  return withSections(form, lists);
}

/** Removes one question. */
export function removeQuestion(form: Form, sectionIndex: number, index: number): Form {
  return withSections(
    form,
    sections(form).map((list, i) => (i === sectionIndex ? list.filter((_, j) => j !== index) : list)),
  );
}

/** Moves a question one place up (-1) or down (+1) within its section; out of range does nothing. */
export function moveQuestion(form: Form, sectionIndex: number, index: number, by: -1 | 1): Form {
  const lists = sections(form);
  const list = [...(lists[sectionIndex] ?? [])];
  const to = index + by;
  if (to < 0 || to >= list.length) return form;
  [list[index], list[to]] = [list[to], list[index]];
  return withSections(
    form,
    lists.map((l, i) => (i === sectionIndex ? list : l)),
  );
}

/** Adds a section with one short-answer question at the end. */
export function addSection(form: Form): Form {
  return withSections(form, [...sections(form), [createQuestion(form, 'input')]]);
}

/** Removes a section with its questions; the only section stays. */
export function removeSection(form: Form, sectionIndex: number): Form {
  const lists = sections(form);
  if (lists.length <= 1) return form;
  return withSections(
    form,
    lists.filter((_, i) => i !== sectionIndex),
  );
}

/**
 * Reads options typed one per line, dropping blank lines and repeats.
 *
 * @example
 * parseOptions('Red\n\nBlue\nRed') // ['Red', 'Blue']
 */
export function parseOptions(text: string): string[] {
  return [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
