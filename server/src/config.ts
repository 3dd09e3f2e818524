/**
 * Server configuration, read once from the environment by `loadConfig` and passed to
 * `createApp(config)`; tests build their own.
 */
import path from 'node:path';
import { normaliseEmail, parseSignupDomains, type SignupPolicy } from '@junction/core';
import { ConfigError, isOn, readEnv } from './env.js';

/** Everything the server needs to start. */
export interface Config {
  /** TCP port (PORT, default 5000). */
  port: number;
  /** Listen address (HOST, default 0.0.0.0: every interface; tests use 127.0.0.1). */
  host: string;
  /** Public origin of the editor and API, e.g. http://localhost:5000 (PUBLIC_URL). */
  publicUrl: string;
  /** Folder for the SQLite file, key file, uploads (DATA_DIR, default ./data). */
  dataDir: string;
  /** PostgreSQL URL (DATABASE_URL); when absent SQLite at `${dataDir}/junction.db`. */
  databaseUrl?: string;
  /** SQLite file override (SQLITE_PATH); ':memory:' allowed in tests. */
  sqlitePath?: string;
  /** Redis URL (REDIS_URL); when absent the in-process queue. */
  redisUrl?: string;
  /** smtp://user:pass@host:port (SMTP_URL); when absent mail goes to the server's log. */
  smtpUrl?: string;
  /**
   * The development outbox (JUNCTION_DEV_OUTBOX=on): keeps unsent mail in memory and serves it
   * at GET /api/dev/outbox to loopback clients only; never outside development and tests.
   */
  devOutbox?: boolean;
  /**
   * MAIL_LOG=on: with no SMTP server, mail texts (verification codes, sign-in links) are written
   * to the log; never in production. Off: the log names only a redacted address.
   */
  mailLog?: boolean;
  /** Sender address for mail (MAIL_FROM). */
  mailFrom: string;
  /** Base64 32-byte key(s) (JUNCTION_ENCRYPTION_KEY; comma-separated, newest first, for rotation). */
  encryptionKeys?: string[];
  /** 'development' | 'production' | 'test' (NODE_ENV). Dev-only routes exist outside production. */
  env: 'development' | 'production' | 'test';
  /** Largest accepted JSON body in bytes (BODY_LIMIT, default 5 MiB). */
  bodyLimit: number;
  /** Folder of the built web app to serve; absent in API-only tests. */
  webDist?: string;
  /** Turn off rate limits (tests that hammer an endpoint on purpose set their own). */
  rateLimits: boolean;
  /** Log level for the Fastify logger; 'silent' in tests. */
  logLevel: string;
  /** Trust X-Forwarded-* headers from a reverse proxy (TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** Hosts the SSRF guard lets through (JUNCTION_ALLOWED_HOSTS, host:port list); tests pass their local targets. */
  allowedHosts?: string;
  /** Time limit of one step, retries included, in ms (STEP_TIMEOUT_MS, default 30 000). */
  stepTimeoutMs?: number;
  /** Retries of a step after the first attempt on network errors, 429 and 5xx (STEP_RETRIES, default 3). */
  stepRetries?: number;
  /** Base of the exponential backoff in ms (STEP_RETRY_BASE_MS, default 500). */
  stepRetryBaseMs?: number;
  /** Executions one process runs at once (WORKER_CONCURRENCY, default 50). */
  workerConcurrency?: number;
  /** Share of WORKER_CONCURRENCY one workspace's runs may hold, 0–1 (WORKER_TENANT_SHARE, default 0.5; per process, both queues). */
  workerTenantShare?: number;
  /** Queued executions per workflow (counted per pick-off item) above which webhooks answer 429 (WEBHOOK_QUEUE_LIMIT, default 1000). */
  webhookQueueLimit?: number;
  /** Webhooks of one workspace recorded at once in this process; more answer 429 (WEBHOOK_WORKSPACE_CONCURRENCY, default 64). */
  webhookWorkspaceConcurrency?: number;
  /** Pick-off items one webhook request may start; more answer 413 (WEBHOOK_ITEM_LIMIT, default 1000). */
  webhookItemLimit?: number;
  /** Largest input of one step once its references are filled in, in bytes (STEP_INPUT_LIMIT, default 4 MiB). */
  stepInputLimit?: number;
  /** Custom-code runs at once in this process (SANDBOX_CONCURRENCY, default 2). */
  sandboxConcurrency?: number;
  /** Custom-code runs of one workspace at once (SANDBOX_WORKSPACE_SHARE, default half of SANDBOX_CONCURRENCY, at least 1). */
  sandboxWorkspaceShare?: number;
  /** Wall-clock limit of one custom-code run in ms (SANDBOX_TIMEOUT_MS, default 10 000). */
  sandboxTimeoutMs?: number;
  /** Files one form file question may take per submission (FORM_UPLOAD_MAX_FILES, default 10). */
  formUploadMaxFiles?: number;
  /** Upload bytes one visitor address may send per hour (FORM_UPLOAD_ADDRESS_QUOTA, default 50 MiB). */
  formUploadAddressQuota?: number;
  /** Upload bytes one form may take per hour over all visitors (FORM_UPLOAD_FORM_QUOTA, default 500 MiB). */
  formUploadFormQuota?: number;
  /** Bytes all stored form uploads may take together; past it uploads answer 507 (UPLOADS_TOTAL_QUOTA, default 5 GiB). */
  uploadsTotalQuota?: number;
  /** How long an upload no submission uses is kept, in ms (UPLOADS_UNUSED_TTL_MS, default 30 min; swept every 5 min). */
  uploadsUnusedTtlMs?: number;
  /** How often the reconciler re-enqueues stuck executions, in ms (RECONCILE_INTERVAL_MS, default 3 000). */
  reconcileIntervalMs?: number;
  /** How long a start waits for the database and Redis, in ms (START_TIMEOUT_MS, default 10 000). */
  startTimeoutMs?: number;
  /** How long a stop (SIGTERM) waits for running executions, in ms (SHUTDOWN_GRACE_MS, default 10 000). */
  shutdownGraceMs?: number;
  /** BullMQ key prefix (QUEUE_PREFIX, default 'junction'). */
  queuePrefix?: string;
  /** Prometheus metrics at /metrics (METRICS=on) on METRICS_PORT; the worker serves them on WORKER_HEALTH_PORT. */
  metrics?: boolean;
  /** `junction worker`: port of its health (and metrics) endpoint (WORKER_HEALTH_PORT); none when absent. */
  workerHealthPort?: number;
  /** Listen address of the worker's health server (WORKER_HEALTH_HOST, default 127.0.0.1). */
  workerHealthHost?: string;
  /** Port and listen address of `/metrics` with METRICS=on (METRICS_PORT 9464, METRICS_HOST 127.0.0.1); never the API port. */
  metricsPort?: number;
  metricsHost?: string;
  /**
   * Deadlines and bounds of connections and request bodies (http/connection-limits.ts,
   * http/body-guard.ts, http/json-body.ts hold the defaults; 0 turns one off): HEADERS_TIMEOUT_MS,
   * REQUEST_TIMEOUT_MS, BODY_IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS,
   * MAX_CONNECTIONS_PER_ADDRESS, BODY_BUDGET_BYTES, JSON_MAX_MEMBERS.
   */
  httpLimits?: {
    headersTimeoutMs?: number;
    requestTimeoutMs?: number;
    bodyIdleTimeoutMs?: number;
    keepAliveTimeoutMs?: number;
    maxConnections?: number;
    maxConnectionsPerAddress?: number;
    bodyBudgetBytes?: number;
    jsonMaxMembers?: number;
  };
  /** Whether this process consumes the execution queue (RUN_WORKERS=off: API only, `junction worker` runs them). */
  runWorkers?: boolean;
  /** How often polling triggers call their app, in ms (POLL_INTERVAL_MS, default 60 000). */
  pollIntervalMs?: number;
  /** How often the in-process trigger scheduler looks for due schedules and polls, in ms (TRIGGER_SCAN_MS, default 1 000). */
  triggerScanMs?: number;
  /**
   * How long finished executions and their step records are kept (engine/retention.ts; 0 turns
   * a bound off): EXECUTIONS_KEEP_DAYS (30, fractions allowed), EXECUTIONS_KEEP_FAILED_DAYS (90),
   * EXECUTIONS_KEEP_PER_WORKFLOW (10 000 newest), EXECUTIONS_PRUNE_INTERVAL_MS (60 000),
   * EXECUTIONS_PRUNE_BATCH (250 executions per DELETE). Unfinished executions are never pruned.
   */
  executionRetention?: {
    keepDays?: number;
    keepFailedDays?: number;
    keepPerWorkflow?: number;
    intervalMs?: number;
    batchSize?: number;
  };
  /**
   * Bounds of crash reports and tickets (kernel/support-limits.ts): ERROR_REPORTS_PER_MINUTE
   * (60 over all visitors), ERROR_REPORTS_KEEP (10 000 newest), ERROR_REPORTS_KEEP_DAYS (30),
   * TICKETS_PER_DAY (20 per workspace), TICKETS_KEEP_DAYS (365).
   */
  supportLimits?: {
    errorReportsPerMinute?: number;
    errorReportsKeep?: number;
    errorReportsKeepDays?: number;
    ticketsPerDay?: number;
    ticketsKeepDays?: number;
  };
  /** Days audit events are kept (AUDIT_KEEP_DAYS, default 365; engine/retention.ts prunes them). */
  auditKeepDays?: number;
  /**
   * Minutes a session may go unused before it ends (SESSION_IDLE_MINUTES, default 10 080 = 7
   * days; 0 turns the idle timeout off). Sessions still end 30 days after sign-in.
   */
  sessionIdleMinutes?: number;
  /** Where support tickets are mailed when SMTP is configured (SUPPORT_EMAIL). */
  supportEmail?: string;
  /** E-mails of the operators who read every workspace's tickets once verified (SUPPORT_OPERATORS, comma list). */
  supportOperators?: string[];
  /**
   * The checkout provider (CHECKOUT_PROVIDER_URL): POSTed {tenantId, email, currentUrl}, it
   * answers {url}. Absent: the embedded local checkout page that upgrades the workspace.
   */
  checkoutProviderUrl?: string;
  /** Where /terms and /privacy redirect (TERMS_URL, PRIVACY_URL); absent: Junction's neutral pages. */
  termsUrl?: string;
  privacyUrl?: string;
  /**
   * Who may sign up, fixed by the environment (SIGNUP_POLICY): the instance page cannot change
   * it then. Absent: the owner's choice on the instance page, `invite` until they make one, and
   * before an owner exists only the set-up page (core's decideSignUp). Test configs set `open`.
   */
  signupPolicy?: SignupPolicy;
  /** Domains allowed under SIGNUP_POLICY=domains (SIGNUP_DOMAINS, comma list). */
  signupDomains?: string[];
}

/**
 * Reads the configuration from environment variables: each is declared, with its default, in
 * env.ts's ENV_SCHEMA; a bad value throws a ConfigError naming it (main exits 2 on it).
 */
export function loadConfig(raw: Record<string, string | undefined> = process.env): Config {
  const env = readEnv(raw);
  const port = env.PORT;
  return {
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: checkScheme('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    sqlitePath: env.SQLITE_PATH,
    redisUrl: checkScheme('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    smtpUrl: env.SMTP_URL,
    devOutbox: isOn(env.JUNCTION_DEV_OUTBOX),
    mailLog: isOn(env.MAIL_LOG),
    mailFrom: env.MAIL_FROM,
    encryptionKeys: checkKeys(env.JUNCTION_ENCRYPTION_KEY),
    env: env.NODE_ENV as Config['env'],
    bodyLimit: env.BODY_LIMIT,
    webDist: env.WEB_DIST,
    rateLimits: isOn(env.RATE_LIMITS),
    logLevel: env.LOG_LEVEL,
    trustProxy: isOn(env.TRUST_PROXY),
    allowedHosts: env.JUNCTION_ALLOWED_HOSTS,
    stepTimeoutMs: env.STEP_TIMEOUT_MS,
    stepRetries: env.STEP_RETRIES,
    stepRetryBaseMs: env.STEP_RETRY_BASE_MS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerTenantShare: env.WORKER_TENANT_SHARE,
    webhookQueueLimit: env.WEBHOOK_QUEUE_LIMIT,
    webhookItemLimit: env.WEBHOOK_ITEM_LIMIT,
    webhookWorkspaceConcurrency: env.WEBHOOK_WORKSPACE_CONCURRENCY,
    stepInputLimit: env.STEP_INPUT_LIMIT,
    sandboxConcurrency: env.SANDBOX_CONCURRENCY,
    sandboxWorkspaceShare: env.SANDBOX_WORKSPACE_SHARE,
    sandboxTimeoutMs: env.SANDBOX_TIMEOUT_MS,
    formUploadMaxFiles: env.FORM_UPLOAD_MAX_FILES,
    formUploadAddressQuota: env.FORM_UPLOAD_ADDRESS_QUOTA,
    formUploadFormQuota: env.FORM_UPLOAD_FORM_QUOTA,
    uploadsTotalQuota: env.UPLOADS_TOTAL_QUOTA,
    uploadsUnusedTtlMs: env.UPLOADS_UNUSED_TTL_MS,
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS,
    queuePrefix: env.QUEUE_PREFIX,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    startTimeoutMs: env.START_TIMEOUT_MS,
    runWorkers: isOn(env.RUN_WORKERS),
    metrics: isOn(env.METRICS),
    workerHealthPort: env.WORKER_HEALTH_PORT,
    workerHealthHost: env.WORKER_HEALTH_HOST,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    httpLimits: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
      bodyBudgetBytes: env.BODY_BUDGET_BYTES,
      jsonMaxMembers: env.JSON_MAX_MEMBERS,
    },
    pollIntervalMs: env.POLL_INTERVAL_MS,
    triggerScanMs: env.TRIGGER_SCAN_MS,
    executionRetention: {
      keepDays: env.EXECUTIONS_KEEP_DAYS,
      keepFailedDays: env.EXECUTIONS_KEEP_FAILED_DAYS,
      keepPerWorkflow: env.EXECUTIONS_KEEP_PER_WORKFLOW,
      intervalMs: env.EXECUTIONS_PRUNE_INTERVAL_MS,
      batchSize: env.EXECUTIONS_PRUNE_BATCH,
    },
    supportLimits: {
      errorReportsPerMinute: env.ERROR_REPORTS_PER_MINUTE,
      errorReportsKeep: env.ERROR_REPORTS_KEEP,
      errorReportsKeepDays: env.ERROR_REPORTS_KEEP_DAYS,
      ticketsPerDay: env.TICKETS_PER_DAY,
      ticketsKeepDays: env.TICKETS_KEEP_DAYS,
    },
    auditKeepDays: env.AUDIT_KEEP_DAYS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    supportEmail: env.SUPPORT_EMAIL,
    supportOperators: env.SUPPORT_OPERATORS?.split(',').map(normaliseEmail).filter(Boolean),
    checkoutProviderUrl: env.CHECKOUT_PROVIDER_URL,
    termsUrl: env.TERMS_URL,
    privacyUrl: env.PRIVACY_URL,
    ...readSignupPolicy(env.SIGNUP_POLICY, env.SIGNUP_DOMAINS),
  };
}

/** SIGNUP_POLICY and SIGNUP_DOMAINS, checked together: `domains` needs a list, and every entry must be a domain. */
function readSignupPolicy(
  policy: string | undefined,
  domainsText: string | undefined,
): Pick<Config, 'signupPolicy' | 'signupDomains'> {
  const parsed = parseSignupDomains(domainsText ?? '');
  if ('error' in parsed) throw new ConfigError(`SIGNUP_DOMAINS: ${parsed.error}`);
  if (policy === 'domains' && parsed.domains.length === 0) {
    throw new ConfigError('SIGNUP_POLICY=domains needs SIGNUP_DOMAINS (e.g. SIGNUP_DOMAINS=example.com,example.org).');
  }
  return { signupPolicy: policy as SignupPolicy | undefined, signupDomains: parsed.domains };
}

/** A URL variable whose scheme must be one of `schemes` (a `mysql://` DATABASE_URL is refused, not read as PostgreSQL). */
function checkScheme(name: string, value: string | undefined, schemes: string[]): string | undefined {
  if (value === undefined) return undefined;
  const scheme = new URL(value).protocol;
  if (schemes.includes(scheme)) return value;
  throw new ConfigError(
    `${name} starts with ${scheme}// but Junction reads only ${schemes.map((s) => `${s}//`).join(' or ')} there.`,
  );
}

/** JUNCTION_ENCRYPTION_KEY: comma-separated keys, each 32 bytes of base64 (the vault's key size). */
function checkKeys(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const keys = value.split(',').map((k) => k.trim());
  keys.forEach((key, index) => {
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(key) ? Buffer.from(key, 'base64').length : 0;
    if (bytes !== 32) {
      throw new ConfigError(
        `JUNCTION_ENCRYPTION_KEY: key #${index + 1} is not 32 bytes of base64 (make one with \`openssl rand -base64 32\`).`,
      );
    }
  });
  return keys;
}
