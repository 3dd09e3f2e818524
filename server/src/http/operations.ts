/**
 * Registers every operation of the contract as a Fastify route: authenticate, validate the
 * request, call the handler found by operationId (501 when there is none yet), and check the
 * answer against the contract before it leaves.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { notImplemented, Problem } from '../kernel/errors.js';
import type { Services } from '../kernel/types.js';
import { resolveAuth } from './auth.js';
import { type AccessLookup, authorise } from './permissions.js';
import { operationAccess } from '@junction/core';
import type { ApiContract, OperationSpec } from './openapi.js';
import { sendProblem } from './problems.js';
import type { OperationHandlers } from './types.js';
import { ContractValidators } from './validation.js';

/** What `registerOperations` needs. */
export interface RegisterOperationsOptions {
  contract: ApiContract;
  handlers: OperationHandlers;
  services: Services;
  config: Config;
  /** Extra per-route Fastify config by operation (rate limits, helmet overrides). */
  routeConfig?: (operation: OperationSpec) => Record<string, unknown> | undefined;
  /** Operations to leave out (the dev outbox in production). */
  isExcluded?: (operation: OperationSpec) => boolean;
  /** Who may call what; by default core's permission table. */
  access?: AccessLookup;
}

/** Methods whose body the JSON parser reads; a body on GET/DELETE is ignored like Fastify does. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Registers all operations; returns the ones registered. An operation whose route a plugin
 * already serves (the Swagger UI page at /api/docs) is left to that plugin.
 */
export function registerOperations(app: FastifyInstance, options: RegisterOperationsOptions): OperationSpec[] {
  const { contract, handlers, services, config } = options;
  const access = options.access ?? operationAccess;
  const validators = new ContractValidators(contract.document, contract.validators);
  // An invalid answer is a bug on our side: visible as a 500 while developing, only logged in production.
  const isStrictResponses = config.env !== 'production';
  const registered: OperationSpec[] = [];

  const rawRoutes: RouteOptions[] = [];

  for (const operation of contract.operations) {
    if (options.isExcluded?.(operation)) continue;
    if (app.hasRoute({ method: operation.method, url: operation.url })) continue;
    const compiled = validators.compile(operation);
    const handler = handlers[operation.operationId];
    const route: RouteOptions = {
      method: operation.method,
      url: operation.url,
      config: {
        operationId: operation.operationId,
        isRawBody: operation.isRawBody,
        ...options.routeConfig?.(operation),
      },
      handler: async (request, reply) => {
        const auth = operation.acceptsAuth ? await resolveAuth(request, services, operation.requiresAuth) : null;
        if (auth) auth.address = request.ip;
        await authorise(access(operation.operationId), auth, request.params as Record<string, string>, services);
        const hasBody = BODY_METHODS.has(operation.method) && request.body !== undefined && !operation.isRawBody;
        compiled.validateRequest(
          { params: request.params, query: request.query, headers: request.headers, body: request.body },
          hasBody,
        );
        if (!handler) throw notImplemented(`${operation.method} ${operation.path}`);
        const result = await handler({
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          body: hasBody || operation.isRawBody ? request.body : undefined,
          auth,
          services,
          config,
          request,
          reply,
        });
        if (result.headers) reply.headers(result.headers);
        if (result.type) return reply.code(result.status).type(result.type).send(result.body);
        const mistake = compiled.checkResponse(result.status, result.body);
        if (mistake) {
          request.log.error(
            { operationId: operation.operationId, status: result.status, mistake },
            'response breaks the contract',
          );
          if (isStrictResponses) {
            return sendProblem(
              reply,
              new Problem(500, 'Internal Server Error', {
                detail: `The answer of ${operation.operationId} breaks the API contract.`,
              }),
            );
          }
        }
        reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.send(result.body);
      },
    };
    if (operation.isRawBody) rawRoutes.push(route);
    else app.route(route);
    registered.push(operation);
  }
  if (rawRoutes.length) {
    // Uploads take any media type as raw bytes; the parser lives in its own context so every
    // other route still refuses non-JSON bodies with 415.
    app.register(async (raw) => {
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.bodyLimit }, (_request, body, done) =>
        done(null, body),
      );
      for (const route of rawRoutes) raw.route(route);
    });
  }
  return registered;
}
