/**
 * Runs a worker in this process until SIGINT/SIGTERM (the tests and the benchmark start it
 * with tsx; `junction worker` calls {@link startWorker} the same way). A stop lets running
 * executions finish within SHUTDOWN_GRACE_MS (shutdown.ts).
 */
import { type Config, loadConfig } from './config.js';
import { CONFIG_ERROR_EXIT_CODE, ConfigError } from './env.js';
import { createLogger } from './log.js';
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from './shutdown.js';
import { startWorker } from './worker.js';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Junction worker could not start: ${error.message}\n`);
  process.exit(CONFIG_ERROR_EXIT_CODE);
}
const log = createLogger(config.logLevel, 'worker');
const setStop = stopOnSignals({
  graceMs: config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
  log: (level, message) => log[level](message),
});
try {
  setStop(await startWorker());
} catch (error) {
  process.stderr.write(`Junction worker could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  // A start refused for what it was given (missing or unreachable DATABASE_URL / REDIS_URL): exit 2.
  process.exit(error instanceof ConfigError ? CONFIG_ERROR_EXIT_CODE : 1);
}
