/**
 * The logger the services write to: the pino-shaped subset (`info(obj, msg)`) that
 * Fastify's `app.log` already provides, so the HTTP layer can pass its own, and that the
 * process logger (log.ts `createLogger`) is.
 */

/** A pino-compatible logger: structured fields first, then the message. */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}
