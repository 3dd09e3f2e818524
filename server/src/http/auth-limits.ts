/**
 * The limits of the account routes, in one place: each auth route is limited per address
 * (the client's IP, by @fastify/rate-limit's route config) and, where a request names an
 * account, per account too (the e-mail it names, or the signed-in user), so neither many
 * addresses against one account nor many accounts from one address get far. Log-in counts
 * per account and address together: wrong passwords from other addresses never lock the
 * owner out. Every refusal is a 429 Problem with Retry-After. The counters live in the
 * rate-limit plugin's store (security/rate-limit-store.ts: Redis when REDIS_URL is set, so
 * every API process counts together; else in memory). The per-account limits guard secrets
 * (passwords, codes, links) and hold whatever RATE_LIMITS says; RATE_LIMITS=off turns off the
 * per-address ones only. RELIABILITY.md lists these figures.
 */
import { normaliseEmail } from '@junction/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { Problem } from '../kernel/errors.js';
import type { Services } from '../kernel/types.js';

/** A number of requests within a window. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * How a route's requests are tied to an account: the e-mail in the body, that e-mail from the
 * client's address (so strangers elsewhere cannot use up the owner's tries), or the session's user.
 */
export type AccountKey = 'email' | 'email-and-address' | 'user';

/** The limits of one auth route. */
export interface AuthRouteLimit {
  path: string;
  perAddress: Limit;
  perAccount?: Limit & { by: AccountKey };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** What one address may send to any auth route. */
const PER_ADDRESS: Limit = { max: 10, windowMs: MINUTE };

/** An auth route's limits: the per-address one, and per account where the request names one. */
const route = (path: string, perAccount?: AuthRouteLimit['perAccount']): AuthRouteLimit =>
  perAccount ? { path, perAddress: PER_ADDRESS, perAccount } : { path, perAddress: PER_ADDRESS };

/** Every auth route's limits, by operationId. */
export const AUTH_LIMITS: Record<string, AuthRouteLimit> = {
  signUp: route('/api/auth/sign-up', { by: 'email', max: 5, windowMs: HOUR }),
  logIn: route('/api/auth/log-in', { by: 'email-and-address', max: 10, windowMs: 15 * MINUTE }),
  verifyCode: route('/api/auth/verify-code', { by: 'user', max: 10, windowMs: 15 * MINUTE }),
  // Codes issued per account per hour: with CODE_MAX_ATTEMPTS guesses each, a 4-digit code
  // gets at most a few dozen guesses an hour.
  sendCode: route('/api/auth/send-code', { by: 'user', max: 5, windowMs: HOUR }),
  sendSignInLink: route('/api/auth/sign-in-link', { by: 'email', max: 5, windowMs: 15 * MINUTE }),
  exchangeToken: route('/api/auth/exchange'),
  updatePassword: route('/api/auth/password', { by: 'user', max: 5, windowMs: 15 * MINUTE }),
  // Who may come in: the set-up page makes an account as sign-up does; invitation links are
  // looked up and accepted without knowing the account.
  setUpInstance: route('/api/instance/setup', { by: 'email', max: 5, windowMs: HOUR }),
  lookUpInvitation: route('/api/invitations/lookup'),
  acceptInvitation: route('/api/invitations/accept', { by: 'user', max: 10, windowMs: 15 * MINUTE }),
};

const BY_PATH = new Map(Object.values(AUTH_LIMITS).map((limit) => [limit.path, limit]));

/** The refusal every limit answers. */
export function tooManyAttempts(retryAfterSeconds: number): Problem {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new Problem(429, 'Too Many Requests', {
    detail: `Too many attempts. Try again in ${seconds} seconds.`,
    retryAfter: seconds,
  });
}

/** The per-address route config of an API path (undefined when the path has no auth limit, or limits are off). */
export function perAddressLimitFor(path: string, config: Config): Record<string, unknown> | undefined {
  const limit = BY_PATH.get(path);
  if (!config.rateLimits || !limit) return undefined;
  return { rateLimit: { max: limit.perAddress.max, timeWindow: limit.perAddress.windowMs } };
}

/**
 * Adds the per-account limits: a preHandler (the body is parsed by then) that counts the
 * request against its account and refuses it with 429 past the limit. Requests that name no
 * account (a malformed body, no session) are left to the route, which refuses them anyway.
 * Needs the rate-limit plugin registered, which createApp does whatever `config.rateLimits` says.
 */
export function registerPerAccountLimits(app: FastifyInstance, services: Services): void {
  const checkers = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const [operationId, limit] of Object.entries(AUTH_LIMITS)) {
    const account = limit.perAccount;
    if (!account) continue;
    checkers.set(
      limit.path,
      app.createRateLimit({
        max: account.max,
        timeWindow: account.windowMs,
        keyGenerator: (request) => `${operationId}:${(request as FastifyRequest & { accountKey?: string }).accountKey}`,
      }),
    );
  }
  app.addHook('preHandler', async (request) => {
    const path = request.routeOptions.url;
    const limit = path ? BY_PATH.get(path) : undefined;
    const check = path ? checkers.get(path) : undefined;
    if (!limit?.perAccount || !check) return;
    const key = await accountKeyOf(request, limit.perAccount.by, services);
    if (!key) return;
    (request as FastifyRequest & { accountKey?: string }).accountKey = key;
    const outcome = await check(request);
    // The plugin answers isAllowed only for its allow list; isExceeded is the verdict.
    if (!outcome.isAllowed && outcome.isExceeded) throw tooManyAttempts(outcome.ttlInSeconds);
  });
}

async function accountKeyOf(request: FastifyRequest, by: AccountKey, services: Services): Promise<string | undefined> {
  if (by === 'email' || by === 'email-and-address') {
    const email = normaliseEmail((request.body as { email?: unknown } | undefined)?.email);
    if (email === '') return undefined;
    return by === 'email' ? `email:${email}` : `email:${email}|address:${request.ip}`;
  }
  const header = request.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
  const session = token ? await services.accounts.authenticate(token) : null;
  return session ? `user:${session.userId}` : undefined;
}
