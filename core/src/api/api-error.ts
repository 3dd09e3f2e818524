/**
 * The operational error of the typed API client (STYLE "Errors"): a status plus the Problem
 * body the server sent, or one synthesised when there was no usable body or no answer at all.
 */
import type { Problem } from '@junction/api-spec';
import { PROBLEM_CODES, defaultProblemCode } from './problem-codes.js';

/** The status `ApiError` carries when no HTTP answer arrived (offline, refused, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * A failed API call: the HTTP status and the `application/problem+json` body.
 *
 * `message` is what a user may read: the problem's `detail`, else its `title`.
 *
 * @example
 * try {
 *   await api.post('/api/auth/log-in', { body: { email, password } });
 * } catch (error) {
 *   if (error instanceof ApiError && error.problem.field === 'password') showFieldError(error.message);
 * }
 */
export class ApiError extends Error {
  /** HTTP status; `0` when the request never got an answer. */
  readonly status: number;
  /** The server's Problem body, or a synthesised one for non-JSON answers and network failures. */
  readonly problem: Problem;

  constructor(problem: Problem, options?: { cause?: unknown }) {
    super(problem.detail ?? problem.title, options);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  /** The Problem's stable code (`workflow.revision_conflict`, …): what clients branch on. */
  get code(): string {
    return this.problem.code;
  }

  /** True when no HTTP answer arrived; such calls may be retried (STYLE: operational). */
  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

/** Tells whether a value is an `ApiError` (also across bundles, where `instanceof` may fail). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (value instanceof Error && value.name === 'ApiError' && typeof (value as ApiError).problem === 'object')
  );
}

/**
 * The parts of a fetch `Response` the client reads. Written out because core compiles without
 * the DOM library (STYLE "core is pure"); a real `Response` fits it.
 */
export interface ApiResponseLike {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
}

function isProblemBody(value: unknown): value is Partial<Problem> & { title: string } {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}

function readRetryAfter(response: ApiResponseLike): number | undefined {
  const header = response.headers.get('Retry-After');
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * Builds the `ApiError` for a non-2xx answer from the body openapi-fetch parsed (JSON when it
 * could, else the raw text). A Problem body is kept as sent; anything else (an HTML page from a
 * proxy, an empty body) becomes a Problem named after the status.
 */
export function createResponseError(body: unknown, response: ApiResponseLike): ApiError {
  const retryAfter = readRetryAfter(response);
  if (isProblemBody(body)) {
    const problem: Problem = {
      ...body,
      type: typeof body.type === 'string' ? body.type : 'about:blank',
      title: body.title,
      status: typeof body.status === 'number' ? body.status : response.status,
      code: typeof body.code === 'string' ? body.code : defaultProblemCode(response.status),
    };
    // The header is authoritative for clients; mirror it when the body left it out.
    if (problem.retryAfter === undefined && retryAfter !== undefined) problem.retryAfter = retryAfter;
    return new ApiError(problem);
  }
  const problem: Problem = {
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    code: defaultProblemCode(response.status),
  };
  if (retryAfter !== undefined) problem.retryAfter = retryAfter;
  return new ApiError(problem);
}

/** Builds the `ApiError` for a call that got no answer: status 0, title 'Network error'. */
export function createNetworkError(cause: unknown): ApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(
    {
      type: 'about:blank',
      title: 'Network error',
      status: NETWORK_ERROR_STATUS,
      code: PROBLEM_CODES.networkError,
      detail: `The server could not be reached (${reason}). Check your connection and try again.`,
    },
    { cause },
  );
}
