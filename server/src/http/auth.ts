/**
 * Bearer-session resolution: `Authorization: Bearer <token>` → `AuthContext` through
 * `services.accounts.authenticate`. A missing, malformed, unknown or expired token is a 401.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../kernel/errors.js';
import type { AuthContext, Services } from '../kernel/types.js';
import type { OperationInput } from './types.js';

/** Reads the bearer token from the Authorization header, or null when there is none. */
export function readBearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves the caller's session. With `required` a missing or bad token throws a 401
 * Problem; otherwise it yields null.
 */
export async function resolveAuth(
  request: Pick<FastifyRequest, 'headers'>,
  services: Services,
  required: boolean,
): Promise<AuthContext | null> {
  const token = readBearerToken(request);
  if (!token) {
    if (required) throw unauthorized();
    return null;
  }
  const auth = await services.accounts.authenticate(token);
  if (!auth && required) throw unauthorized('Your session has expired or is not valid. Sign in again.');
  return auth;
}

/** The handler's session, which the route's contract guarantees; throws 401 if absent. */
export function requireAuth(input: Pick<OperationInput, 'auth'>): AuthContext {
  if (!input.auth) throw unauthorized();
  return input.auth;
}
