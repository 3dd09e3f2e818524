/**
 * The logger the services write to: the pino-shaped subset (`info(obj, msg)`) that
 * Fastify's `app.log` already provides, so the HTTP layer can pass its own.
 */

/** A pino-compatible logger: structured fields first, then the message. */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/**
 * Makes a logger that prints one JSON line per entry to stdout/stderr at or above `level`
 * ('silent' prints nothing). Used when createServices gets no logger.
 */
export function createConsoleLogger(level: string): Logger {
  const threshold = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  const isOn = (at: (typeof LEVELS)[number]) => level !== 'silent' && LEVELS.indexOf(at) >= Math.max(threshold, 0);
  const write = (at: 'info' | 'warn' | 'error') => (fields: object, message?: string) => {
    if (!isOn(at)) return;
    const line = JSON.stringify({ level: at, time: new Date().toISOString(), ...fields, msg: message });
    if (at === 'info') process.stdout.write(`${line}\n`);
    else process.stderr.write(`${line}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
