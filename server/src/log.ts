/**
 * The one log format of every Junction process (server, worker, command line): pino's JSON
 * lines on stdout, at LOG_LEVEL. Fastify's request logger is pino too, so every line of a
 * process reads the same.
 */
import { pino } from 'pino';

/** A pino logger (`info(fields, msg)` / `info(msg)`). */
export type ProcessLogger = pino.Logger;

/**
 * Creates a process's logger; `name` tells the lines of `junction worker` and the command
 * line apart from the server's.
 *
 * @example
 * const log = createLogger('info', 'worker');
 * log.info({ pid: process.pid }, 'consuming the execution queue');
 */
export function createLogger(level: string, name?: string): ProcessLogger {
  return pino({ level, ...(name ? { name } : {}) });
}
