/**
 * Turns every failure into an `application/problem+json` answer (RFC 9457): a `Problem`
 * thrown by a service keeps its status and body; Fastify's own errors (body too large, bad
 * JSON, unsupported media type) become the matching Problem; anything else is a 500 that
 * names no internals.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, type ProblemBody } from '../kernel/errors.js';

/** Media type of every error answer. */
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** Detail of a 500: deliberately says nothing about the cause. */
const INTERNAL_DETAIL = 'Something went wrong on our side. Please try again.';

/** Fastify error codes that have a clearer Problem than their message. */
const FASTIFY_PROBLEMS: Record<string, (err: FastifyError, bodyLimit: number) => Problem> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, limit) =>
    new Problem(413, 'Content Too Large', {
      detail: `The request body must be at most ${limit} bytes.`,
      field: 'body',
    }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new Problem(415, 'Unsupported Media Type', {
      detail: 'Send the request body as application/json.',
      field: 'content-type',
    }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new Problem(400, 'Bad Request', {
      detail: 'The Content-Length header does not match the body.',
      field: 'content-length',
    }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new Problem(400, 'Bad Request', { detail: 'The body is empty.', field: 'body' }),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new Problem(400, 'Bad Request', { detail: 'The body is not valid JSON.', field: 'body' }),
};

/**
 * Maps any thrown value to the Problem the caller sees. Unknown errors become a bare 500.
 *
 * @example
 * toProblem(new Problem(404, 'Not Found')).status; // 404
 * toProblem(new Error('db password is hunter2')).detail; // no internals
 */
export function toProblem(err: unknown, bodyLimit: number): Problem {
  if (err instanceof Problem) return err;
  const fe = err as Partial<FastifyError> | null;
  if (fe && typeof fe.code === 'string' && FASTIFY_PROBLEMS[fe.code])
    return FASTIFY_PROBLEMS[fe.code](fe as FastifyError, bodyLimit);
  const unavailable = storageProblem(err);
  if (unavailable) return unavailable;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  // Other 4xx from Fastify or a plugin say what the caller did; their messages are safe.
  if (status >= 400 && status < 500) {
    return new Problem(status, STATUS_CODES[status] ?? 'Bad Request', { detail: fe?.message });
  }
  return new Problem(500, 'Internal Server Error', { detail: INTERNAL_DETAIL });
}

/** Seconds a caller is asked to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER = 5;
/** Seconds a caller is asked to wait while the data folder is full. */
export const STORAGE_RETRY_AFTER = 60;

/** Network errors of a database connection that is refused, cut or timed out. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
/** node-postgres messages for a connection lost or never made. */
const CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;
/** SQLite and file-system codes of a full disk or a file-size limit. */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EFBIG', 'EDQUOT']);

/** The error and its causes (`cause`, AggregateError's `errors`), at most 8 deep. */
function errorChain(err: unknown): { code?: unknown; message?: unknown }[] {
  const out: { code?: unknown; message?: unknown }[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 8) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null) continue;
    out.push(e as { code?: unknown; message?: unknown });
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return out;
}

/**
 * A database that cannot be reached answers 503 with Retry-After (senders come back later,
 * nothing was acknowledged); a full data folder answers 507 Insufficient Storage. Other errors
 * give undefined. No internals are named.
 *
 * @example
 * storageProblem(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))?.status; // 503
 * storageProblem(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))?.status; // 507
 */
export function storageProblem(err: unknown): Problem | undefined {
  const chain = errorChain(err);
  if (chain.some((e) => typeof e.code === 'string' && FULL_CODES.has(e.code))) {
    return new Problem(507, 'Insufficient Storage', {
      detail: 'The server has no space left to store this request. Nothing was stored; please try again later.',
      retryAfter: STORAGE_RETRY_AFTER,
    });
  }
  const lost = chain.some(
    (e) =>
      (typeof e.code === 'string' &&
        (CONNECTION_CODES.has(e.code) || e.code.startsWith('08') || /^57P0[1-3]$/.test(e.code))) ||
      (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)),
  );
  if (!lost) return undefined;
  return new Problem(503, 'Service Unavailable', {
    detail:
      'The server cannot reach its database or a service it depends on just now. Nothing was stored; please try again later.',
    retryAfter: DATABASE_RETRY_AFTER,
  });
}

/** Writes a Problem as the reply, mirroring `retryAfter` in the Retry-After header. */
export function sendProblem(reply: FastifyReply, problem: Problem | ProblemBody): FastifyReply {
  const body = problem instanceof Problem ? problem.toBody() : problem;
  if (body.retryAfter !== undefined) reply.header('retry-after', String(body.retryAfter));
  return reply.code(body.status).type(PROBLEM_TYPE).send(body);
}

/**
 * Installs the error handler and the not-found handler. `fallback` answers unknown paths that
 * are not under /api, /hooks, /auth, /demo-crm, /icons or a machine path (/metrics, /health, /healthz,
 * /livez, /readyz, /.well-known) with the web app's SPA fallback; without it they are 404s.
 */
export function registerProblemHandlers(
  app: FastifyInstance,
  bodyLimit: number,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
): void {
  app.setErrorHandler((err, request, reply) => {
    const problem = toProblem(err, bodyLimit);
    if (problem.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status: problem.status, title: problem.title, field: problem.field }, 'request refused');
    return sendProblem(reply, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    // Machine paths (probes, scrapers) get a Problem, never the web app's page with 200.
    // `/demo-crm/…` is the Demo CRM's API; `/demo-crm` itself is its screens in the web app.
    const isApiPath =
      /^\/(api|hooks|auth|demo-crm|icons|metrics|healthz?|livez|readyz|\.well-known)(\/|$)/.test(pathname) &&
      !/^\/demo-crm\/?$/.test(pathname);
    if (fallback && !isApiPath && (request.method === 'GET' || request.method === 'HEAD'))
      return fallback(request, reply);
    return sendProblem(reply, new Problem(404, 'Not Found', { detail: `No route for ${request.method} ${pathname}.` }));
  });
}
