/**
 * Errors that carry an HTTP Problem (RFC 9457). Services throw `Problem`; the HTTP layer
 * turns it into `application/problem+json` with the same status, title, detail, field and
 * stable `code` (core's problem-codes list; the status's default when the thrower names none).
 */
import { defaultProblemCode, PROBLEM_CODES } from '@junction/core';

/** Body of an `application/problem+json` answer. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  /** Stable code clients branch on (e.g. `workflow.revision_conflict`). */
  code: string;
  detail?: string;
  /** JSON path or name of the offending input field, when one is to blame. */
  field?: string;
  /** Further per-field errors, for validation failures. */
  errors?: { field: string; message: string }[];
  /** Seconds, mirrored in the Retry-After header for 429/503. */
  retryAfter?: number;
}

/** A user-facing (or caller-facing) failure with an HTTP status. Never a bug. */
export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  readonly code: string;
  readonly detail?: string;
  readonly field?: string;
  readonly errors?: { field: string; message: string }[];
  readonly retryAfter?: number;

  constructor(
    status: number,
    title: string,
    opts: {
      detail?: string;
      field?: string;
      errors?: { field: string; message: string }[];
      retryAfter?: number;
      /** A stable code from core's PROBLEM_CODES; defaults to the status's code. */
      code?: string;
    } = {},
  ) {
    super(opts.detail ?? title);
    this.name = 'Problem';
    this.status = status;
    this.title = title;
    this.code = opts.code ?? defaultProblemCode(status);
    this.detail = opts.detail;
    this.field = opts.field;
    this.errors = opts.errors;
    this.retryAfter = opts.retryAfter;
  }

  /** The wire body of this problem. */
  toBody(): ProblemBody {
    const body: ProblemBody = {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      code: this.code,
    };
    if (this.detail !== undefined) body.detail = this.detail;
    if (this.field !== undefined) body.field = this.field;
    if (this.errors !== undefined) body.errors = this.errors;
    if (this.retryAfter !== undefined) body.retryAfter = this.retryAfter;
    return body;
  }
}

/** 400 naming the field. */
export const badRequest = (detail: string, field?: string) => new Problem(400, 'Bad Request', { detail, field });
/** 401: no or bad session. */
export const unauthorized = (detail = 'Sign in to continue.') => new Problem(401, 'Unauthorized', { detail });
/** 403: signed in but not allowed. */
export const forbidden = (detail: string) => new Problem(403, 'Forbidden', { detail });
/** 404: missing, or another tenant's (never reveal which). */
export const notFound = (what: string) => new Problem(404, 'Not Found', { detail: `${what} not found.` });
/** 409: conflicts with the current state. */
export const conflict = (detail: string, field?: string, code?: string) =>
  new Problem(409, 'Conflict', { detail, field, code });
/** 422: well-formed but fails a domain rule. */
export const unprocessable = (
  detail: string,
  field?: string,
  errors?: { field: string; message: string }[],
  code?: string,
) => new Problem(422, 'Unprocessable Content', { detail, field, errors, code });

export { PROBLEM_CODES };
/** 410: an invitation link that is unknown, used, revoked or expired (one answer for all four). */
export const invitationInvalid = () =>
  new Problem(410, 'Gone', {
    detail: 'This invitation link has expired, was revoked or was already used. Ask for a new one.',
    field: 'invitationToken',
    code: PROBLEM_CODES.invitationInvalid,
  });
/** 501: an operation of the contract this server does not implement. */
export const notImplemented = (what: string) =>
  new Problem(501, 'Not Implemented', { detail: `${what} is not available yet.` });
