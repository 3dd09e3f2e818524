/**
 * The logger the services write to: the pino-shaped subset (`info(obj, msg)`) that
 * Fastify's `app.log` already provides, so the HTTP layer can pass its own.
 */
import { createLogger } from '../log.js';

/** A pino-compatible logger: structured fields first, then the message. */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/**
 * The process logger (pino JSON lines on stdout at `level`; 'silent' prints nothing), the same
 * format as Fastify's request log. Used when createServices gets no logger (the worker, tests).
 */
export function createConsoleLogger(level: string): Logger {
  return createLogger(level);
}
