/**
 * Turns every failure into an `application/problem+json` answer (RFC 9457): a `Problem`
 * thrown by a service keeps its status and body; Fastify's own errors (body too large, bad
 * JSON, unsupported media type) become the matching Problem; anything else is a 500 that
 * names no internals.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, type ProblemBody } from '../errors.js';

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
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  // Other 4xx from Fastify or a plugin say what the caller did; their messages are safe.
  if (status >= 400 && status < 500) {
    return new Problem(status, STATUS_CODES[status] ?? 'Bad Request', { detail: fe?.message });
  }
  return new Problem(500, 'Internal Server Error', { detail: INTERNAL_DETAIL });
}

/** Writes a Problem as the reply, mirroring `retryAfter` in the Retry-After header. */
export function sendProblem(reply: FastifyReply, problem: Problem | ProblemBody): FastifyReply {
  const body = problem instanceof Problem ? problem.toBody() : problem;
  if (body.retryAfter !== undefined) reply.header('retry-after', String(body.retryAfter));
  return reply.code(body.status).type(PROBLEM_TYPE).send(body);
}

/**
 * Installs the error handler and the not-found handler. `fallback` answers unknown paths that
 * are not under /api, /hooks, /auth, /demo-crm or /icons (the web app's SPA fallback); without it they are 404s.
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
    const isApiPath = /^\/(api|hooks|auth|demo-crm|icons)(\/|$)/.test(pathname);
    if (fallback && !isApiPath && (request.method === 'GET' || request.method === 'HEAD'))
      return fallback(request, reply);
    return sendProblem(reply, new Problem(404, 'Not Found', { detail: `No route for ${request.method} ${pathname}.` }));
  });
}
