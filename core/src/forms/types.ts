/**
 * Plain-data shapes of a public form: its definition, questions, sections and answers
 * (forms-and-developer-portal 2.2, 3 "Form definition", "Question", "Answers").
 */

/** The kinds of question a form may ask (forms-dp 3). */
export type QuestionType = 'input' | 'textarea' | 'checkboxes' | 'multiple_choice' | 'file';

/** One question card (forms-dp 3 "Question"). Answers are keyed by the question text. */
export interface Question {
  question: string;
  type: QuestionType;
  required?: boolean;
  /** Choices of a checkboxes question. */
  checkbox_options?: string[];
  /** Choices of a multiple_choice question. */
  multiple_choice_options?: string[];
}

/** A further section of a form: its list of questions (forms-dp 3). */
export interface FormSection {
  section: Question[];
}

/** A font and its size in px, for the header, the text or the questions. */
export interface TextStyle {
  /** CSS font family; '' uses the theme's font. */
  font: string;
  /** Size in px. */
  size: number;
}

/** The styling and texts of a form, every part filled (forms-dp 2.2, 3). */
export interface FormDefinition {
  header: { image_url: string };
  color: { theme: string; background: string };
  form: { title: string; description: string };
  text_style: { header: TextStyle; text: TextStyle; question: TextStyle };
}

/**
 * The stored form: a five-element array (forms-dp 3) of the definition, the first section's
 * questions, the further sections, the review-step flag and the show-answers-after-submit flag.
 */
export type FormTuple = [
  definition: FormDefinition,
  firstSection: Question[],
  furtherSections: FormSection[],
  hasReviewStep: boolean,
  showsAnswersAfterSubmit: boolean,
];

/** A form read from its tuple, with every default filled in. */
export interface Form {
  definition: FormDefinition;
  firstSection: Question[];
  furtherSections: FormSection[];
  /** Next shows the answers for review before Submit (forms-dp 2.2). */
  hasReviewStep: boolean;
  /** The answers are shown after submit (forms-dp 2.2). */
  showsAnswersAfterSubmit: boolean;
}

/** One answer: text, the ticked options of a checkboxes question, or a stored-file URL. */
export type AnswerValue = string | string[];

/**
 * Answers by question text (forms-dp 3); a file question's files sit under
 * '{question}_{n}' keys (see `fileAnswerKey`).
 */
export type Answers = Record<string, AnswerValue>;
