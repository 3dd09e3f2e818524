/**
 * Builds Junction's HTTP application: the contract's operations, web hygiene, the API
 * reference and (when built) the web app, over the domain services.
 */
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { perAddressLimitFor, registerPerAccountLimits } from './http/auth-limits.js';
import { DEFAULT_BODY_GUARD, registerBodyGuard } from './http/body-guard.js';
import { createServerFactory, DEFAULT_CONNECTION_LIMITS } from './http/connection-limits.js';
import { DEFAULT_JSON_MAX_MEMBERS, jsonMembersFor, registerJsonParser } from './http/json-body.js';
import type { ApiContract } from './http/openapi.js';
import { loadServedContract } from './http/precompiled.js';
import { registerOperations } from './http/operations.js';
import type { AccessLookup } from './http/permissions.js';
import { registerProblemHandlers } from './http/problems.js';
import { createHandlers } from './http/routes/index.js';
import { registerSecurityPlugins } from './http/security-headers.js';
import type { OperationHandlers } from './http/types.js';
import { registerApiDocs, registerWebApp } from './http/web-app.js';
import { createDeferredRateLimiter, createRateLimitStore } from './security/rate-limit-store.js';
import { redactPopupUrl } from './integrations/auth/oauth-flow.js';
import { createReadinessProbe } from './health.js';
import { registerBuiltinRoutes } from './integrations/demo-crm/mount.js';
import { metrics, startMetricsServer } from './metrics.js';
import type { Services } from './kernel/types.js';

/** Said at start while the development outbox is on (and by main.ts on stderr). */
export const DEV_OUTBOX_WARNING =
  'WARNING: JUNCTION_DEV_OUTBOX=on: sign-in links and verification codes are served at /api/dev/outbox to ' +
  'clients on this machine. Never turn it on where others can reach this machine; set SMTP_URL instead.';

/** Whether the development outbox route exists: turned on, and not in production. */
export function isDevOutboxOn(config: Config): boolean {
  return config.devOutbox === true && config.env !== 'production';
}

/** A writable the JSON log lines go to (tests capture them). */
export interface LogStream {
  write(line: string): unknown;
}

/** Optional collaborators of `createApp`; each has a production default. */
export interface CreateAppOptions {
  /** Domain services; by default `createServices(config)`, closed with the app. */
  services?: Services;
  /** Where log lines go; by default stdout (nothing when `config.logLevel` is 'silent'). */
  logger?: LogStream;
  /** The contract; by default `api-spec/openapi.yaml`. */
  contract?: ApiContract;
  /** Extra or replacement handlers by operationId (tests of the HTTP layer). */
  handlers?: OperationHandlers;
  /** Who may call what; by default core's permission table (tests of the HTTP layer's own contract). */
  access?: AccessLookup;
}

/**
 * Creates the Fastify app, ready but not listening.
 *
 * @example
 * const app = await createApp(loadConfig());
 * await app.listen({ port: 5000 });
 * // in tests:
 * const res = await app.inject({ method: 'GET', url: '/api/health' });
 */
export async function createApp(config: Config, opts: CreateAppOptions = {}): Promise<FastifyInstance> {
  const isLogging = config.logLevel !== 'silent' || opts.logger !== undefined;
  const app = Fastify({
    logger: isLogging
      ? {
          level: config.logLevel === 'silent' ? 'info' : config.logLevel,
          ...(opts.logger ? { stream: opts.logger } : {}),
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
          // The OAuth pop-up carries the session token, code and state in its query.
          serializers: {
            req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
              method: req.method,
              url: redactPopupUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
            }),
          },
        }
      : false,
    bodyLimit: config.bodyLimit,
    // Every connection has deadlines and caps (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, ...).
    serverFactory: createServerFactory(connectionLimitsOf(config)),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Behind a proxy the rate limit keys on the proxy's address unless told otherwise.
    trustProxy: config.trustProxy ?? process.env.TRUST_PROXY === '1',
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });

  const ownsServices = !opts.services;
  let services = opts.services;
  // One counting store for route limits and the services' own (public forms, storefront).
  // Shared through Redis even with RATE_LIMITS=off: the per-account limits always count.
  const rateLimitStore = createRateLimitStore(config);
  const rateLimiter = createDeferredRateLimiter();
  app.addHook('onClose', async () => {
    if (ownsServices) await services?.close();
    await rateLimitStore.close();
  });

  try {
    if (!services) {
      // Imported lazily so tests that inject services never open a database.
      const created = (await import('./compose.js')).createServices(config, { logger: app.log, rateLimiter });
      services = created;
      // Fail at start-up, not on the first request, when the database cannot be migrated.
      await created.ready;
      // A fresh installation says where its owner is created (the set-up page).
      await created.instance.announce();
    }
    if (isDevOutboxOn(config)) {
      app.log.warn(DEV_OUTBOX_WARNING);
    }
    const probe = createReadinessProbe(services, config);
    app.decorate('readiness', probe);
    app.addHook('onClose', () => probe.close());
    if (config.metrics) await registerMetrics(app, config);
    const contract = opts.contract ?? loadServedContract();
    const limits = config.httpLimits ?? {};
    const bodyGuard = registerBodyGuard(
      app,
      {
        bodyIdleTimeoutMs: limits.bodyIdleTimeoutMs ?? DEFAULT_BODY_GUARD.bodyIdleTimeoutMs,
        bodyBudgetBytes: limits.bodyBudgetBytes ?? DEFAULT_BODY_GUARD.bodyBudgetBytes,
      },
      config.bodyLimit,
    );
    // Bytes of request bodies being received or handled now (tests, diagnostics).
    app.decorate('bodyBytesInFlight', bodyGuard.inFlightBytes);
    registerJsonParser(app, {
      bodyLimit: config.bodyLimit,
      maxMembers: limits.jsonMaxMembers ?? DEFAULT_JSON_MAX_MEMBERS,
    });
    await registerSecurityPlugins(app, config, rateLimitStore.pluginOptions);
    if (config.rateLimits) rateLimiter.bind(app);
    const fallback = await registerWebApp(app, config.webDist);
    registerProblemHandlers(app, config.bodyLimit, fallback);
    await registerApiDocs(app, contract);
    const serviceSet: Services = services;
    // The per-account limits guard passwords, codes and links: on whatever RATE_LIMITS says.
    registerPerAccountLimits(app, serviceSet);
    registerOperations(app, {
      contract,
      handlers: { ...createHandlers(), ...opts.handlers },
      services: serviceSet,
      config,
      routeConfig: (operation) => ({
        ...perAddressLimitFor(operation.path, config),
        ...jsonMembersFor(operation.operationId, limits.jsonMaxMembers ?? DEFAULT_JSON_MAX_MEMBERS),
      }),
      access: opts.access,
      // The development outbox exists only when turned on, and never in production.
      isExcluded: (operation) => operation.path.startsWith('/api/dev/') && !isDevOutboxOn(config),
    });
    // The Demo CRM (database storage) and the built-in icons: plain routes outside the contract.
    await registerBuiltinRoutes(app, config, serviceSet);
    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}

/** The connection deadlines and caps of `config`, defaults filled in (http/connection-limits.ts). */
function connectionLimitsOf(config: Config) {
  const limits = config.httpLimits ?? {};
  const pick = (key: keyof typeof DEFAULT_CONNECTION_LIMITS & keyof typeof limits) =>
    limits[key] ?? DEFAULT_CONNECTION_LIMITS[key];
  return {
    headersTimeoutMs: pick('headersTimeoutMs'),
    requestTimeoutMs: pick('requestTimeoutMs'),
    keepAliveTimeoutMs: pick('keepAliveTimeoutMs'),
    maxConnections: pick('maxConnections'),
    maxConnectionsPerAddress: pick('maxConnectionsPerAddress'),
    trustProxy: config.trustProxy ?? process.env.TRUST_PROXY === '1',
  };
}

/**
 * METRICS=on: Prometheus text at GET /metrics on its own port (METRICS_PORT on METRICS_HOST,
 * loopback by default; `app.metricsPort` tells which), never on the API's, and webhook
 * acknowledgement times (metrics.ts).
 */
async function registerMetrics(app: FastifyInstance, config: Config): Promise<void> {
  const server = await startMetricsServer({
    port: config.metricsPort ?? 9464,
    host: config.metricsHost ?? '127.0.0.1',
  });
  app.decorate('metricsPort', server.port);
  app.addHook('onClose', () => server.close());
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/hooks/')) metrics.webhookAcknowledged(reply.elapsedTime / 1000, reply.statusCode);
  });
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Build = (schemas: unknown, options: unknown) => unknown;

/**
 * Fastify's own schema compilers (its Ajv and fast-json-stringify), required on first use
 * instead of when the instance is made: the contract's routes validate through validation.ts
 * and carry no Fastify schema, so a start never needs them.
 */
function lazySchemaCompilers(): CompilersFactory {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const lazy = (name: string): Build => {
    let build: Build | undefined;
    return (schemas, options) => {
      build ??= (fromFastify(name) as () => Build)();
      return build(schemas, options);
    };
  };
  return {
    buildValidator: lazy('@fastify/ajv-compiler') as CompilersFactory['buildValidator'],
    buildSerializer: lazy('@fastify/fast-json-stringify-compiler') as CompilersFactory['buildSerializer'],
  };
}
