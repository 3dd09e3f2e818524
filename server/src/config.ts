/**
 * Server configuration, read once from the environment by `loadConfig` and passed to
 * `createApp(config)`; tests build their own.
 */
import path from 'node:path';

/** Everything the server needs to start. */
export interface Config {
  /** TCP port (PORT, default 5000). */
  port: number;
  /** Listen address (HOST, default 127.0.0.1 in tests, 0.0.0.0 from main when HOST is set). */
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
  /** smtp://user:pass@host:port (SMTP_URL); when absent the outbox. */
  smtpUrl?: string;
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
}

/** Reads the configuration from environment variables with documented defaults. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 5000);
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Junction <no-reply@junction.local>',
    encryptionKeys: env.JUNCTION_ENCRYPTION_KEY
      ? env.JUNCTION_ENCRYPTION_KEY.split(',').map((k) => k.trim())
      : undefined,
    env: nodeEnv,
    bodyLimit: Number(env.BODY_LIMIT ?? 5 * 1024 * 1024),
    webDist: env.WEB_DIST ?? undefined,
    rateLimits: env.RATE_LIMITS !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
