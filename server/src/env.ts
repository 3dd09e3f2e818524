/**
 * Every environment variable the server, the worker and the command line read, declared once
 * as a JSON Schema (validated with Ajv, as the API is; the built server uses Ajv's code generated at build time): its type, default and meaning. The
 * README's configuration table lists exactly these (env.test.ts checks both ways), and
 * `loadConfig` reads them only through {@link readEnv}, which rejects a bad value with one
 * line naming the variable and what it expects. Adding a variable is one line in ENV_SCHEMA.
 */
import { loadEnvValidator } from './env-validation.js';

/** One variable's schema: a JSON Schema plus the text the README and error messages use. */
interface EnvVar {
  type?: 'string' | 'integer' | 'number';
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  format?: 'uri';
  default?: string | number;
  /** What the variable means (README). */
  description: string;
}

const FLAG = ['on', 'off', '1', '0', 'true', 'false', 'yes', 'no'] as const;

// Helpers keep each schema line short; overloads keep "has a default" visible to the Env type.
function ms(description: string): { type: 'integer'; minimum: 0; description: string };
function ms(description: string, dflt: number): { type: 'integer'; minimum: 0; default: number; description: string };
function ms(description: string, dflt?: number): EnvVar {
  return { type: 'integer', minimum: 0, ...(dflt === undefined ? {} : { default: dflt }), description };
}
function count(description: string, minimum = 0): { type: 'integer'; minimum: number; description: string } {
  return { type: 'integer', minimum, description };
}
function text(description: string): { type: 'string'; description: string };
function text(description: string, dflt: string): { type: 'string'; default: string; description: string };
function text(description: string, dflt?: string): EnvVar {
  return { type: 'string', ...(dflt === undefined ? {} : { default: dflt }), description };
}
function flag(description: string, dflt: 'on' | 'off'): { enum: typeof FLAG; default: string; description: string } {
  return { enum: FLAG, default: dflt, description };
}

/** The schema: variable name → type, default and meaning. */
export const ENV_SCHEMA = {
  NODE_ENV: {
    enum: ['development', 'production', 'test'],
    default: 'development',
    description: 'dev-only routes and contract checks exist outside `production`',
  },
  PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 5000, description: 'HTTP port' },
  HOST: text('listen address', '0.0.0.0'),
  PUBLIC_URL: {
    type: 'string',
    format: 'uri',
    description:
      'the address users reach Junction at (hook, form, file and OAuth redirect URLs); default `http://localhost:PORT`',
  },
  DATA_DIR: text('SQLite database, key file, uploads', './data'),
  DATABASE_URL: {
    type: 'string',
    format: 'uri',
    description: 'PostgreSQL (`postgres://` or `postgresql://`) instead of SQLite',
  },
  SQLITE_PATH: text('the SQLite file (default `DATA_DIR/junction.db`)'),
  REDIS_URL: { type: 'string', format: 'uri', description: 'BullMQ queue on Redis instead of the in-process queue' },
  QUEUE_PREFIX: text('BullMQ key prefix in Redis', 'junction'),
  SMTP_URL: {
    type: 'string',
    format: 'uri',
    description: 'send mail over SMTP; otherwise no mail leaves (see MAIL_LOG and JUNCTION_DEV_OUTBOX)',
  },
  MAIL_FROM: text('sender address of codes, sign-in links and ticket mail', 'Junction <no-reply@junction.local>'),
  JUNCTION_DEV_OUTBOX: flag('`on`: the dev outbox endpoint for loopback clients (never in production)', 'off'),
  MAIL_LOG: flag(
    '`on` with no SMTP_URL: write mails, verification codes and sign-in links included, to the server log (never in production; warned at start)',
    'off',
  ),
  JUNCTION_ENCRYPTION_KEY: text(
    'base64 32-byte key(s), comma-separated, newest first, for the credential vault (default: a generated key file in DATA_DIR)',
  ),
  JUNCTION_ALLOWED_HOSTS: text(
    '`host[:port]` list steps may call although private or loopback; everything else goes through the SSRF guard',
  ),
  BODY_LIMIT: {
    type: 'integer',
    minimum: 1024,
    default: 5 * 1024 * 1024,
    description: 'largest accepted request body in bytes (413 above it)',
  },
  WEB_DIST: text('folder of the built web app to serve (default `web/dist`)'),
  HEADERS_TIMEOUT_MS: ms("time a client has to send a request's headers; then the connection is closed", 10_000),
  REQUEST_TIMEOUT_MS: ms('time a client has to send a whole request, headers and body (0: none)', 30_000),
  BODY_IDLE_TIMEOUT_MS: ms(
    'longest pause between two chunks of a request body before the connection is closed (0: none)',
    5_000,
  ),
  KEEP_ALIVE_TIMEOUT_MS: ms('how long an idle keep-alive connection stays open', 72_000),
  MAX_CONNECTIONS: count(
    'open connections in total; past it a new one gets 503 + Retry-After and is closed (default 4/5 of the open-file limit, at most 10 000; 0: none)',
  ),
  MAX_CONNECTIONS_PER_ADDRESS: {
    type: 'integer',
    minimum: 0,
    default: 256,
    description:
      'open connections one client address may hold; past it a new one gets 429 + Retry-After and is closed (not applied to 127.0.0.1 and ::1, a local reverse proxy, nor with TRUST_PROXY; 0: none)',
  },
  BODY_BUDGET_BYTES: {
    type: 'integer',
    minimum: 0,
    default: 64 * 1024 * 1024,
    description:
      'bytes all request bodies being received at once may hold; a body that would pass it gets 503 + Retry-After unread (0: none)',
  },
  JSON_MAX_MEMBERS: {
    type: 'integer',
    minimum: 1,
    default: 20_000,
    description: 'members and elements a JSON body may hold in total, counted as it arrives; 413 above it',
  },
  RATE_LIMITS: flag(
    '`off` turns off the per-IP limits and the per-form read limits (per-account limits, per-form submission and upload caps, quotas and crash-report caps stay)',
    'on',
  ),
  LOG_LEVEL: {
    enum: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
    default: 'info',
    description: 'pino log level of every process',
  },
  JUNCTION_DEBUG: flag('`on`: an operator command that fails unexpectedly prints its stack trace on stderr', 'off'),
  TRUST_PROXY: flag('trust `X-Forwarded-*` from a reverse proxy', 'off'),
  RUN_WORKERS: flag('`off`: this process only records and enqueues (see Scale-out)', 'on'),
  METRICS: flag('`on`: Prometheus metrics at `/metrics` on METRICS_PORT (never on the API port)', 'off'),
  METRICS_PORT: {
    type: 'integer',
    minimum: 0,
    maximum: 65535,
    default: 9464,
    description: 'port of `/metrics` with METRICS=on (the API process; the worker serves them on WORKER_HEALTH_PORT)',
  },
  METRICS_HOST: text('listen address of METRICS_PORT', '127.0.0.1'),
  WORKER_HEALTH_PORT: {
    type: 'integer',
    minimum: 0,
    maximum: 65535,
    description: '`junction worker`: serve `/health/live` and `/health/ready` on this port',
  },
  WORKER_HEALTH_HOST: text('listen address of WORKER_HEALTH_PORT', '127.0.0.1'),
  SHUTDOWN_GRACE_MS: ms('on SIGTERM, how long running executions get to finish', 10_000),
  START_TIMEOUT_MS: ms('at start, how long to wait for the database and Redis before giving up (exit 2)', 10_000),
  STEP_TIMEOUT_MS: ms('time limit of one step, retries included', 30_000),
  STEP_RETRIES: count('retries of a step after network errors, 429 and 5xx (default 3)'),
  STEP_RETRY_BASE_MS: ms('base of the exponential retry backoff', 500),
  WORKER_CONCURRENCY: count('executions one process runs at once (default 50)', 1),
  WEBHOOK_QUEUE_LIMIT: count('queued executions per workflow above which webhooks answer 429 (default 1000)', 1),
  WORKER_TENANT_SHARE: {
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: "share of WORKER_CONCURRENCY one workspace's runs may hold per process, in-process queue and BullMQ workers alike; past it a BullMQ job of that workspace goes back to delayed for 20 ms–5 s, nothing lost (default 0.5)",
  },
  WEBHOOK_WORKSPACE_CONCURRENCY: count(
    "webhooks of one workspace being recorded at once per process; past it that workspace's webhooks answer 429 (default 64)",
    1,
  ),
  WEBHOOK_ITEM_LIMIT: count('pick-off items one webhook request may start, 413 above it (default 1000)', 1),
  STEP_INPUT_LIMIT: count('largest input of one step in bytes once its references are filled in (default 4 MiB)', 1),
  SANDBOX_CONCURRENCY: count('custom-code runs at once per process (default 2)', 1),
  SANDBOX_WORKSPACE_SHARE: count(
    'custom-code runs of one workspace at once (default half of SANDBOX_CONCURRENCY, at least 1)',
    1,
  ),
  SANDBOX_TIMEOUT_MS: ms('wall clock of one custom-code run (default 10 000)'),
  FORM_UPLOAD_MAX_FILES: count('files one form file question takes in a submission (default 10)', 1),
  FORM_UPLOAD_ADDRESS_QUOTA: count('upload bytes one visitor address may send per hour, 429 past it (default 50 MiB)', 1),
  FORM_UPLOAD_FORM_QUOTA: count('upload bytes one form may take per hour over all visitors, 429 past it (default 500 MiB)', 1),
  UPLOADS_TOTAL_QUOTA: count('bytes all stored form uploads may take, 507 past it (default 5 GiB)', 1),
  UPLOADS_UNUSED_TTL_MS: ms('how long an upload no submission uses is kept; swept every 5 minutes (default 30 min)'),
  RECONCILE_INTERVAL_MS: ms("how often stuck executions (a dead worker's included) are re-enqueued", 3_000),
  POLL_INTERVAL_MS: ms('how often polling triggers call their app', 60_000),
  TRIGGER_SCAN_MS: ms('how often schedules and polls are checked', 1_000),
  EXECUTIONS_KEEP_DAYS: {
    type: 'number',
    minimum: 0,
    description: 'days executions are kept (default 30; 0 keeps them)',
  },
  EXECUTIONS_KEEP_FAILED_DAYS: {
    type: 'number',
    minimum: 0,
    description: 'days failed executions are kept (default 90)',
  },
  EXECUTIONS_KEEP_PER_WORKFLOW: count('newest executions kept per workflow'),
  EXECUTIONS_PRUNE_INTERVAL_MS: ms('how often old executions are pruned'),
  EXECUTIONS_PRUNE_BATCH: count('executions deleted per prune batch', 1),
  UPLOADS_S3_ENDPOINT: {
    type: 'string',
    format: 'uri',
    description: 'keep form uploads in an S3-compatible store instead of `DATA_DIR/uploads`',
  },
  UPLOADS_S3_BUCKET: text('S3 bucket of form uploads'),
  UPLOADS_S3_REGION: text('S3 region', 'us-east-1'),
  UPLOADS_S3_ACCESS_KEY_ID: text('S3 access key id'),
  UPLOADS_S3_SECRET_ACCESS_KEY: text('S3 secret access key'),
  UPLOADS_S3_PREFIX: text('key prefix of uploads in the bucket', 'uploads/'),
  ERROR_REPORTS_PER_MINUTE: count(
    'crash reports recorded per minute over all visitors, whatever RATE_LIMITS says; ten times as many an hour (default 60)',
    1,
  ),
  ERROR_REPORTS_KEEP: count('newest crash reports kept (default 10 000)', 1),
  ERROR_REPORTS_KEEP_DAYS: count('days crash reports are kept (default 30)', 1),
  TICKETS_PER_DAY: count('support tickets one workspace may file in 24 hours, 429 past it (default 20)', 1),
  TICKETS_KEEP_DAYS: count('days support tickets are kept (default 365)', 1),
  AUDIT_KEEP_DAYS: count('days audit events are kept (default 365)', 1),
  SESSION_IDLE_MINUTES: count('minutes a session may go unused before it ends (default 10080, 7 days; 0 = off)', 0),
  SUPPORT_EMAIL: text('where support tickets are mailed'),
  SUPPORT_OPERATORS: text('e-mails (comma list) of operators who see every workspace’s tickets'),
  SIGNUP_POLICY: {
    enum: ['open', 'invite', 'domains'],
    description:
      'who may sign up: `open`, `invite` (invitations only) or `domains` (SIGNUP_DOMAINS); fixes the instance page’s choice (default: set-up page first, then `invite`)',
  },
  SIGNUP_DOMAINS: text('e-mail domains (comma list) that may sign up under `SIGNUP_POLICY=domains`'),
  CHECKOUT_PROVIDER_URL: {
    type: 'string',
    format: 'uri',
    description: 'billing provider asked for checkout URLs; without it a local page upgrades the workspace',
  },
  TERMS_URL: {
    type: 'string',
    format: 'uri',
    description: 'where the offer’s terms link goes (else a short built-in page)',
  },
  PRIVACY_URL: {
    type: 'string',
    format: 'uri',
    description: 'where the privacy link goes (else a short built-in page)',
  },
  JUNCTION_SHOPIFY_ADMIN_ORIGIN: {
    type: 'string',
    format: 'uri',
    description: 'Shopify admin origin of the storefront hand-off (tests)',
  },
  JUNCTION_SANDBOX_TEST_CANARY: text('a value the code-sandbox tests check never leaks into sandboxed code (tests)'),
} as const satisfies Record<string, EnvVar>;

/** Variables read by prefix rather than by name (documented in the README beside the table). */
export const ENV_PATTERNS = [/^JUNCTION_OAUTH_[A-Z0-9_]+_CLIENT_(ID|SECRET)$/] as const;

/** A declared variable's name. */
export type EnvName = keyof typeof ENV_SCHEMA;

type ValueOf<V> = V extends { type: 'integer' | 'number' } ? number : string;
/** The validated environment: defaults applied, numbers as numbers, unset optionals absent. */
export type Env = {
  [K in EnvName]: (typeof ENV_SCHEMA)[K] extends { default: unknown }
    ? ValueOf<(typeof ENV_SCHEMA)[K]>
    : ValueOf<(typeof ENV_SCHEMA)[K]> | undefined;
};

/** A bad value in the environment; `message` is the one line to print. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Exit code of a process that refuses its configuration (as a command-line usage error). */
export const CONFIG_ERROR_EXIT_CODE = 2;

// Ajv's code for this schema, generated by the build (./env-validation.ts), else compiled here.
const validate = loadEnvValidator(ENV_SCHEMA);

/** What a variable expects, in words, for the error line. */
export function describeExpectation(schema: EnvVar): string {
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.format === 'uri') return 'an absolute URL';
  if (schema.type === 'integer' || schema.type === 'number') {
    const kind = schema.type === 'integer' ? 'an integer' : 'a number';
    if (schema.maximum !== undefined) return `${kind} from ${schema.minimum ?? 0} to ${schema.maximum}`;
    return schema.minimum !== undefined ? `${kind} of at least ${schema.minimum}` : kind;
  }
  return 'a string';
}

/**
 * Validates the declared variables of `env` and applies their defaults; an empty value counts
 * as unset. Throws a {@link ConfigError} naming every bad variable and what it expects.
 *
 * @example
 * readEnv({ PORT: 'abc' }); // throws "PORT=abc is not valid: expected an integer from 0 to 65535"
 */
export function readEnv(env: Record<string, string | undefined>): Env {
  const input: Record<string, string> = {};
  for (const name of Object.keys(ENV_SCHEMA)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') input[name] = value.trim();
  }
  if (validate(input)) return input as unknown as Env;
  const bad = new Set<string>();
  for (const error of validate.errors ?? []) bad.add(error.instancePath.slice(1));
  const lines = [...bad].map((name) => {
    const schema: EnvVar = ENV_SCHEMA[name as EnvName];
    return `${name}=${env[name]?.trim()} is not valid: expected ${describeExpectation(schema)}`;
  });
  throw new ConfigError(lines.join('; '));
}

/** Whether a flag variable (on/off, 1/0, true/false, yes/no) is on. */
export function isOn(value: string): boolean {
  return value === 'on' || value === '1' || value === 'true' || value === 'yes';
}
