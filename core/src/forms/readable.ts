/**
 * Answers as a visitor reads them (forms-dp 2.2 review step and answers after submit): one
 * entry per question in the form's order, with the question's own text, never the stored
 * keys ('Your CV_0') or the stored files' addresses.
 */
import { sections } from './form.js';
import type { Answers, Form, QuestionType } from './types.js';

/** A file as the visitor chose it. */
export interface ChosenFile {
  name: string;
  /** Bytes; unknown when the browser did not say. */
  size?: number;
}

/** One line of the readable list. */
export interface ReadableAnswer {
  question: string;
  type: QuestionType;
  /** The text answer, the chosen option or the ticked options; empty when unanswered. */
  values: string[];
  /** The files of a file question, by name and size. */
  files: { name: string; size: string | null }[];
}

/**
 * Returns a file size for people: bytes under 1 KB, then KB, MB, GB with at most one decimal.
 *
 * @example formatFileSize(1536) // '1.5 KB'
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${units[unit]}`;
}

/**
 * Lists a form's answers as question and answer, in the form's order. Text answers are
 * trimmed; checkboxes list their ticked options; file questions list the chosen files by
 * name and size (their stored '{question}_{n}' addresses are never shown).
 *
 * @example readableAnswers(form, { Name: 'Ada' }, { 'Your CV': [{ name: 'cv.pdf', size: 2048 }] })
 */
export function readableAnswers(
  form: Form,
  answers: Answers,
  files: Readonly<Record<string, readonly ChosenFile[]>> = {},
): ReadableAnswer[] {
  const own = (key: string) => (Object.hasOwn(answers, key) ? answers[key] : undefined);
  return sections(form)
    .flat()
    .map((q) => {
      const value = own(q.question);
      const values = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
        .map((v) => v.trim())
        .filter((v) => v !== '');
      const chosen = q.type === 'file' && Object.hasOwn(files, q.question) ? files[q.question] : [];
      return {
        question: q.question,
        type: q.type,
        values: q.type === 'file' ? [] : values,
        files: chosen.map((f) => ({ name: f.name, size: f.size === undefined ? null : formatFileSize(f.size) })),
      };
    });
}
