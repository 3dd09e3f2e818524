/**
 * Web hygiene plugins: security headers (helmet), CORS for the public origin only, and the
 * rate-limit plugin (the auth routes' limits are defined in ./auth-limits.ts).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
 * Registers helmet, CORS and (unless `config.rateLimits` is false) the rate limiter, counting
 * in `store` (security/rate-limit-store.ts: Redis when REDIS_URL is set; default in process).
 */
export async function registerSecurityPlugins(
  app: FastifyInstance,
  config: Config,
  store: Partial<RateLimitStore['pluginOptions']> = {},
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    // The OAuth pop-up posts its result to window.opener, which same-origin COOP would cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Public forms may be embedded anywhere: widen frame-ancestors and drop X-Frame-Options there.
  app.addHook('onSend', async (request, reply, payload) => {
    if (EMBEDDABLE_PATH.test(request.url)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
    return payload;
  });

  await app.register(cors, {
    origin: [config.publicUrl],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  if (config.rateLimits) {
    await app.register(rateLimit, {
      ...store,
      global: false,
      errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl / 1000),
    });
  }
}
