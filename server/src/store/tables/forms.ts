/** Tables of public forms: forms, submissions, uploads. Add each table here and create it in its migration. */

/** `forms`: a public form (forms-dp 3 "Form definition"), optionally bound to the workflow it starts. */
export interface FormsTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The workflow whose Forms trigger this form fires; null when unbound. */
  workflow_id: string | null;
  /** The stored five-element form tuple (JSON column). */
  content: unknown;
  created_at: string;
  updated_at: string;
}

/** `form_submissions`: one visitor's answers; `execution_id` is the run it started, if any. */
export interface FormSubmissionsTable {
  id: string;
  tenant_id: string;
  form_id: string;
  /** Answers by question text (JSON column). */
  answers: unknown;
  execution_id: string | null;
  created_at: string;
}

/**
 * `form_uploads`: a file a visitor uploaded to a form's file question. Stored under
 * `storage_key` (a generated id, never the client's name); `file_name` is only a cleaned
 * display name for downloads.
 */
export interface FormUploadsTable {
  id: string;
  tenant_id: string;
  form_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** The submission that used it; null until then. */
  submission_id: string | null;
  created_at: string;
}

/** Tables of public forms: forms, submissions, uploads. */
export interface FormTables {
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  form_uploads: FormUploadsTable;
}
