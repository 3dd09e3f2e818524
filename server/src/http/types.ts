/**
 * What a route handler receives and returns. Handlers are plain async functions keyed by the
 * contract's `operationId`; the HTTP layer has already authenticated and validated the request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { AuthContext, Services } from '../kernel/types.js';

/** A validated request as a handler sees it. */
export interface OperationInput {
  /** Path parameters, coerced to the contract's types. */
  params: Record<string, string>;
  /** Query parameters, coerced to the contract's types. */
  query: Record<string, unknown>;
  /** The JSON body, validated against the contract (undefined when none was sent). */
  body: unknown;
  /** The caller's session; null only on operations that allow anonymous callers. */
  auth: AuthContext | null;
  services: Services;
  config: Config;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers; the body is checked against the contract before it is sent. */
export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Content type when the body is not JSON (HTML pages, YAML, redirects). */
  type?: string;
}

/** One operation's implementation. */
export type OperationHandler = (input: OperationInput) => Promise<OperationResult>;

/** Handlers by operationId; an operation without one answers 501. */
export type OperationHandlers = Record<string, OperationHandler>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route implements (set by registerOperations). */
    operationId?: string;
    /** The operation takes its body as raw bytes (uploads); set by registerOperations. */
    isRawBody?: boolean;
  }
}
