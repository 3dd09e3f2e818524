/**
 * What a process checks before it starts, so a misconfiguration fails loudly: one line, exit 2
 * (a {@link ConfigError}), instead of a process that hangs, retries forever or quietly uses the
 * wrong storage. `npm start` and `junction worker` call these (main.ts, worker.ts).
 */
import { createRequire } from 'node:module';
import type { Config } from './config.js';
import { ConfigError } from './env.js';
import { acquire, DataLockedError, type DataLock } from './store/data-lock.js';
import { resolveSqlitePath } from './store/create-db.js';
import { probePostgres } from './store/probe-postgres.js';

const require = createRequire(import.meta.url);

/**
 * A worker shares its queue and its database with other processes: it needs both REDIS_URL and
 * DATABASE_URL (without DATABASE_URL it would open a SQLite file of its own and take jobs whose
 * rows are elsewhere).
 */
export function assertWorkerConfig(config: Pick<Config, 'databaseUrl' | 'redisUrl'>): void {
  const missing = [config.databaseUrl ? undefined : 'DATABASE_URL', config.redisUrl ? undefined : 'REDIS_URL'].filter(
    Boolean,
  );
  if (missing.length === 0) return;
  throw new ConfigError(
    `junction worker needs ${missing.join(' and ')} (the PostgreSQL database and the Redis queue it shares with the server); without them \`npm start\` runs executions in its own process.`,
  );
}

/** A URL with its password replaced, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/**
 * Connects once to the PostgreSQL database and to Redis the configuration names, each within
 * `timeoutMs`; throws a ConfigError naming the first that does not answer.
 */
export async function checkReachable(
  config: Pick<Config, 'databaseUrl' | 'redisUrl'>,
  timeoutMs: number,
): Promise<void> {
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    await bounded(probePostgres(url, timeoutMs), timeoutMs).catch((error: unknown) => {
      throw new ConfigError(
        `DATABASE_URL: the database at ${redactUrl(url)} did not answer within ${seconds} (${reason(error)}); START_TIMEOUT_MS sets the wait.`,
      );
    });
  }
  if (config.redisUrl) {
    const url = config.redisUrl;
    await bounded(probeRedis(url, timeoutMs), timeoutMs).catch((error: unknown) => {
      throw new ConfigError(
        `REDIS_URL: Redis at ${redactUrl(url)} did not answer within ${seconds} (${reason(error)}); START_TIMEOUT_MS sets the wait.`,
      );
    });
  }
}

/**
 * The data folder lock of a SQLite installation (store/data-lock.ts), or undefined on
 * PostgreSQL; a second process on one file is a ConfigError.
 */
export function lockDataFolder(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sqlitePath'>): DataLock | undefined {
  if (config.databaseUrl) return undefined;
  const file = resolveSqlitePath(config);
  if (file === ':memory:') return undefined;
  try {
    return acquire(file);
  } catch (error) {
    if (error instanceof DataLockedError) throw new ConfigError(error.message);
    throw error;
  }
}

async function probeRedis(url: string, timeoutMs: number): Promise<void> {
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let last: unknown;
  redis.on('error', (error) => {
    last = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw last ?? error;
  } finally {
    redis.disconnect();
  }
}

function bounded<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message || 'no answer';
}
