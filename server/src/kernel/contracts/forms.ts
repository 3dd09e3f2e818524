/**
 * Public forms: definitions, submissions, uploads (forms-and-developer-portal 2.2, 7).
 * Implemented in `server/src/services/forms.ts`.
 */
import type { FormTuple } from '@junction/core';
import type { AuthContext } from '../views.js';

/** A form as its owner sees it (contract `Form`). */
export interface FormView {
  id: string;
  name: string;
  workflowId: string | null;
  content: FormTuple;
  createdAt: string;
  updatedAt: string;
}

/** What creating a form takes (contract `CreateFormInput`). */
export interface CreateFormInput {
  name: string;
  workflowId?: string | null;
  content: unknown;
}

/** What updating a form takes; every part optional (contract `UpdateFormInput`). */
export type UpdateFormInput = Partial<CreateFormInput>;

/** The anonymous caller of a public route, for rate limits. */
export interface Visitor {
  /** The caller's address. */
  ip: string;
}

/** One file a visitor sends for a file question. */
export interface UploadInput {
  /** The name the client gave; only cleaned for display, never used as a path. */
  filename: string;
  /** The request's Content-Type header. */
  contentType: string | undefined;
  /** The raw body: bytes, or whatever another parser made of a non-file body. */
  body: unknown;
  /** The text of the form's file question the file answers. */
  question: string;
}

/** A stored upload (contract `UploadResult`). */
export interface UploadView {
  /** Where the file downloads from; goes into the answers under '{question}_{n}'. */
  url: string;
  /** The storage key (the generated id). */
  key: string;
}

/** A stored file to send back: its bytes, or (a bucket store) a short-lived address to send the visitor to. */
export type StoredFile = ({ bytes: Buffer } | { redirect: string }) & {
  contentType: string;
  fileName: string;
};

/** A visitor's submission (contract `FormSubmissionAccepted`). */
export interface SubmissionView {
  submissionId: string;
}

/** A submission as the form's owner sees it. */
export interface SubmissionRecordView {
  id: string;
  answers: Record<string, unknown>;
  executionId: string | null;
  createdAt: string;
}

/** Public forms: definitions, submissions, uploads. */
export interface FormsService {
  /** The tenant's forms, oldest first; only those bound to `workflowId` when given. */
  list(ctx: AuthContext, filter?: { workflowId?: string }): Promise<FormView[]>;
  /** Creates a form; the content is checked with core's validateFormDefinition (422 naming paths). */
  create(ctx: AuthContext, input: CreateFormInput): Promise<FormView>;
  get(ctx: AuthContext, id: string): Promise<FormView>;
  update(ctx: AuthContext, id: string, input: UpdateFormInput): Promise<FormView>;
  /** Deletes the form, its submissions and its stored files. */
  remove(ctx: AuthContext, id: string): Promise<void>;
  /** The form's submissions, newest first. */
  listSubmissions(ctx: AuthContext, id: string): Promise<SubmissionRecordView[]>;
  /** A form for anonymous visitors. */
  getPublic(visitor: Visitor, id: string): Promise<{ id: string; content: FormTuple }>;
  /**
   * Records a visitor's answers and starts one execution of the bound workflow with them as
   * the trigger data (recorded `not_run` when the workflow is off).
   */
  submit(visitor: Visitor, id: string, answers: Record<string, unknown>): Promise<SubmissionView>;
  /** Stores one file for a file question under a generated key. */
  upload(visitor: Visitor, id: string, input: UploadInput): Promise<UploadView>;
  /** Reads a stored file by its id. */
  download(visitor: Visitor, fileId: string): Promise<StoredFile>;
}
