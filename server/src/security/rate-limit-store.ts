/**
 * Where rate-limit counts live, in one place for every limit of the API: @fastify/rate-limit's
 * Redis store when REDIS_URL is set (so several API processes count together), else its
 * in-process store. Route limits register the plugin with {@link RateLimitStore.pluginOptions};
 * limits decided inside a service (public forms per address and per form, the storefront
 * hand-off) count through a {@link SharedRateLimiter} bound to the same plugin.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { createRateLimiter } from './rate-limiter.js';

/** A fixed-window counter a service can call; answers 0 when allowed, else seconds to wait. */
export interface SharedRateLimiter {
  take(key: string, limit: number): Promise<number>;
}

/** The counting store of @fastify/rate-limit for this process. */
export interface RateLimitStore {
  /** Spread into `app.register(rateLimit, { … })`. */
  pluginOptions: { redis?: Redis; nameSpace?: string; skipOnError: boolean };
  /** True when the counts are shared through Redis. */
  isShared: boolean;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** The window of the service-level limits: counts are per minute. */
export const SERVICE_LIMIT_WINDOW_MS = 60_000;

/**
 * Opens the store: Redis (keys under `<QUEUE_PREFIX or junction>:rate-limit:`) when
 * `config.redisUrl` is set, else in-process. A Redis outage lets requests through (logged by
 * the plugin's caller) rather than failing every limited route.
 */
export function createRateLimitStore(config: Pick<Config, 'redisUrl' | 'queuePrefix'>): RateLimitStore {
  if (!config.redisUrl) return { pluginOptions: { skipOnError: true }, isShared: false, close: async () => {} };
  // Loaded only with Redis configured: an embedded server starts without ioredis.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis = new RedisClient(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  // ioredis reconnects by itself; without a listener an outage would be an unhandled 'error'.
  redis.on('error', () => undefined);
  return {
    pluginOptions: { redis, nameSpace: `${config.queuePrefix ?? 'junction'}:rate-limit:`, skipOnError: true },
    isShared: true,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const KEY = Symbol('junction.rateLimitKey');
const MAX = Symbol('junction.rateLimitMax');

/** The request-shaped object `createRateLimit` reads: only its key, limit and route config. */
interface CountedRequest {
  [KEY]: string;
  [MAX]: number;
  routeOptions: { config: Record<string, never> };
}

/**
 * A limiter for services that counts through the app's @fastify/rate-limit plugin (hence its
 * store) once {@link DeferredRateLimiter.bind} is called; before that (or in a service used
 * without an app) it counts in process.
 */
export interface DeferredRateLimiter extends SharedRateLimiter {
  /** Counts through `app`'s registered @fastify/rate-limit from now on. */
  bind(app: FastifyInstance): void;
}

/**
 * Creates the services' limiter; `createApp` binds it after registering the plugin.
 *
 * @example
 * const limiter = createDeferredRateLimiter();
 * const services = createServices(config, { rateLimiter: limiter });
 * await app.register(rateLimit, { global: false, ...store.pluginOptions });
 * limiter.bind(app);
 * await limiter.take('submit:ip:1.2.3.4', 60); // 0 while under 60 a minute
 */
export function createDeferredRateLimiter(now: () => number = Date.now): DeferredRateLimiter {
  const local = createRateLimiter(SERVICE_LIMIT_WINDOW_MS, now);
  let check: ((request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttl?: number }>) | null =
    null;
  return {
    bind(app) {
      check = app.createRateLimit({
        keyGenerator: (request) => (request as unknown as CountedRequest)[KEY],
        max: (request) => (request as unknown as CountedRequest)[MAX],
        timeWindow: SERVICE_LIMIT_WINDOW_MS,
      });
    },
    async take(key, limit) {
      if (!check) return local.take(key, limit);
      const counted: CountedRequest = { [KEY]: key, [MAX]: limit, routeOptions: { config: {} } };
      const result = await check(counted as unknown as FastifyRequest);
      if (result.isAllowed || !result.isExceeded) return 0;
      return Math.max(1, Math.ceil((result.ttl ?? SERVICE_LIMIT_WINDOW_MS) / 1000));
    },
  };
}
