/**
 * Web hygiene plugins: security headers (helmet), CORS for the public origin only, and the
 * rate-limit plugin (the auth routes' limits are defined in ./auth-limits.ts).
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { tooManyAttempts } from './auth-limits.js';
import type { RateLimitStore } from '../security/rate-limit-store.js';
import { EMBEDDABLE_PATH } from './web-pages.js';

/** The Content-Security-Policy directives of every page (the web app and the API reference). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  // styled-components injects <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // App icons (iconURL) may live on other hosts.
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Self-hosters often serve plain http on a LAN address; upgrading would break them.
  upgradeInsecureRequests: null,
};

/**
 * Registers helmet, CORS and the rate limiter (with no limit of its own: routes add theirs), counting
 * in `store` (security/rate-limit-store.ts: Redis when REDIS_URL is set; default in process).
 */
export async function registerSecurityPlugins(
  app: FastifyInstance,
  config: Config,
  store: Partial<RateLimitStore['pluginOptions']> = {},
): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    // The OAuth pop-up posts its result to window.opener, which same-origin COOP would cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Public forms may be embedded anywhere: frame-ancestors widened and no X-Frame-Options there.
  const embeddable = headers
    .filter(([name]) => name !== 'x-frame-options')
    .map(([name, value]): Header => [
      name,
      name === 'content-security-policy' ? value.replace("frame-ancestors 'none'", 'frame-ancestors *') : value,
    ]);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const set = url.startsWith(MACHINE_PREFIX) ? MACHINE_HEADERS : EMBEDDABLE_PATH.test(url) ? embeddable : headers;
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(cors, {
    origin: [config.publicUrl],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  // Always registered: the limits that guard secrets (http/auth-limits.ts) hold whatever
  // RATE_LIMITS says; only the per-address route configs follow it.
  await app.register(rateLimit, {
    ...store,
    global: false,
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl / 1000),
  });
}

type Header = [name: string, value: string];

/**
 * Inbound webhooks (`/hooks/{key}`): only other services call them, and they answer JSON, never a
 * page. They get what keeps a browser from ever treating an answer as a document, not the page
 * headers (about 700 bytes on every answer, which at thousands of webhooks a second was several
 * percent of the engine's CPU and allocations).
 */
const MACHINE_PREFIX = '/hooks/';
const MACHINE_HEADERS: Header[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
];

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware only sets
 * fixed headers, and building it per request (as @fastify/helmet does) cost several percent of
 * the engine's CPU per webhook (BENCHMARKS.md Engine).
 */
function securityHeaders(options: HelmetOptions): Header[] {
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => void set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void set.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...set];
}
