/**
 * The public form's flow as plain data (forms-dp 4 "Form"): filling a section, optionally
 * reviewing, submitting, then submitted (thank-you) or back to filling with a message.
 * Pure functions over a state object; the page holds it in `useReducer`.
 */
import { type Answers, emptyAnswers, type Form, fileAnswerKey, sections, validateAnswers } from '@junction/core';

/** Where the visitor is. */
export type FormStage = 'filling' | 'reviewing' | 'submitting' | 'submitted';

/** One file of a file question, from choosing to stored (or failed). */
export interface FileItem {
  id: string;
  name: string;
  /** Bytes, as the browser reported them. */
  size?: number;
  /** 0–100, from the upload's own progress events. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  /** The stored file's URL once done. */
  url?: string;
  /** Why it failed, for the visitor. */
  error?: string;
}

/** The whole state of one visit. */
export interface FormState {
  stage: FormStage;
  /** Index of the section shown. */
  section: number;
  /** Text, choice and checkbox answers by question text. */
  answers: Answers;
  /** Files by file question text. */
  files: Record<string, FileItem[]>;
  /** Messages under questions ('This is a required question', server checks). */
  errors: Record<string, string>;
  /** A failed submit's message, shown above the buttons. */
  submitError: string | null;
  /** What was sent, shown after submit when the form says so. */
  submitted: Answers | null;
}

/** Everything the visitor can do, as data. */
export type FormAction =
  | { type: 'answer'; question: string; value: string | string[] }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'clear' }
  | { type: 'submitStarted' }
  | { type: 'submitSucceeded'; answers: Answers }
  | { type: 'submitFailed'; message: string; errors?: Record<string, string> }
  | { type: 'submitAnother' }
  | { type: 'fileAdded'; question: string; item: FileItem }
  | { type: 'fileProgress'; question: string; id: string; progress: number }
  | { type: 'fileDone'; question: string; id: string; url: string }
  | { type: 'fileFailed'; question: string; id: string; error: string }
  | { type: 'fileRemoved'; question: string; id: string };

/** The state of a fresh visit. */
export function initialFormState(form: Form): FormState {
  return {
    stage: 'filling',
    section: 0,
    answers: emptyAnswers(form),
    files: {},
    errors: {},
    submitError: null,
    submitted: null,
  };
}

/**
 * The answers as they are sent: the typed ones plus each file question's stored files under
 * '{question}_{n}', numbered 0, 1, … over the files that finished (forms-dp 3).
 */
export function collectAnswers(state: FormState): Answers {
  const answers: Answers = { ...state.answers };
  for (const [question, items] of Object.entries(state.files)) {
    items
      .filter((item) => item.status === 'done' && item.url)
      .forEach((item, n) => {
        answers[fileAnswerKey(question, n)] = item.url as string;
      });
  }
  return answers;
}

/** The files that finished uploading, by question: what the visitor sees in their answers. */
export function storedFiles(state: FormState): Record<string, FileItem[]> {
  return Object.fromEntries(
    Object.entries(state.files).map(([question, items]) => [question, items.filter((i) => i.status === 'done')]),
  );
}

/** Tells whether a file is still being sent (Next and Submit wait for it). */
export function isUploading(state: FormState): boolean {
  return Object.values(state.files).some((items) => items.some((item) => item.status === 'uploading'));
}

/** Tells whether the section shown is the last one. */
export function isLastSection(form: Form, state: FormState): boolean {
  return state.section >= sections(form).length - 1;
}

const updateFile = (state: FormState, question: string, id: string, patch: Partial<FileItem>): FormState => ({
  ...state,
  files: {
    ...state.files,
    [question]: (state.files[question] ?? []).map((item) => (item.id === id ? { ...item, ...patch } : item)),
  },
});

const withoutError = (errors: Record<string, string>, question: string) => {
  const { [question]: _removed, ...rest } = errors;
  return rest;
};

/**
 * Applies one visitor action. Next checks the section's required questions and stays with a
 * message on each unanswered one; on the last section it opens the review step when the form
 * has one (forms-dp 2.2).
 */
export function reduceForm(form: Form, state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'answer':
      return {
        ...state,
        answers: { ...state.answers, [action.question]: action.value },
        errors: withoutError(state.errors, action.question),
      };
    case 'next': {
      if (state.stage !== 'filling') return state;
      const errors = validateAnswers(form, collectAnswers(state), state.section);
      if (Object.keys(errors).length) return { ...state, errors };
      if (!isLastSection(form, state)) return { ...state, section: state.section + 1, errors: {} };
      return form.hasReviewStep ? { ...state, stage: 'reviewing', errors: {} } : state;
    }
    case 'back':
      if (state.stage === 'reviewing') return { ...state, stage: 'filling' };
      if (state.stage !== 'filling' || state.section === 0) return state;
      return { ...state, section: state.section - 1, errors: {} };
    case 'clear':
      // forms-dp 4: Clear form empties the answers; the visitor stays where they are.
      return { ...state, answers: emptyAnswers(form), files: {}, errors: {}, submitError: null };
    case 'submitStarted':
      return { ...state, stage: 'submitting', submitError: null };
    case 'submitSucceeded':
      return { ...state, stage: 'submitted', submitted: action.answers };
    case 'submitFailed': {
      const errors = action.errors ?? {};
      // Back to the first section with a problem, so its message is seen.
      const all = sections(form);
      const first = all.findIndex((list) => list.some((q) => errors[q.question]));
      return {
        ...state,
        stage: 'filling',
        section: first >= 0 ? first : state.section,
        errors,
        submitError: action.message,
      };
    }
    case 'submitAnother':
      return initialFormState(form);
    case 'fileAdded':
      return {
        ...state,
        files: { ...state.files, [action.question]: [...(state.files[action.question] ?? []), action.item] },
        errors: withoutError(state.errors, action.question),
      };
    case 'fileProgress':
      return updateFile(state, action.question, action.id, { progress: action.progress });
    case 'fileDone':
      return updateFile(state, action.question, action.id, { status: 'done', progress: 100, url: action.url });
    case 'fileFailed':
      return updateFile(state, action.question, action.id, { status: 'failed', error: action.error });
    case 'fileRemoved':
      return {
        ...state,
        files: {
          ...state.files,
          [action.question]: (state.files[action.question] ?? []).filter((item) => item.id !== action.id),
        },
      };
  }
}

/**
 * Should a submit go ahead? Checks every required question first; answers the messages by
 * question when some are missing (the old product did not check).
 */
export function checkBeforeSubmit(form: Form, state: FormState): Record<string, string> {
  return validateAnswers(form, collectAnswers(state));
}
