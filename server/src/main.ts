/**
 * `node server/dist/main.js` (and `npm start`): reads the configuration, starts the HTTP
 * server on `config.port`, serves the built web app, and on SIGINT/SIGTERM stops taking work and
 * lets running executions finish within SHUTDOWN_GRACE_MS before it exits (shutdown.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from './config.js';
import { CONFIG_ERROR_EXIT_CODE, ConfigError } from './env.js';
import { createLogger } from './log.js';
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from './shutdown.js';
import { checkReachable, lockDataFolder } from './startup-checks.js';

/** The repository root: main.js sits in server/dist (built) or server/src (tsx). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts Junction and resolves once it listens; returns a function that stops it. */
export async function startServer(env: Record<string, string | undefined> = process.env): Promise<() => Promise<void>> {
  const loaded = loadConfig(env);
  const config = { ...loaded, webDist: loaded.webDist ?? path.join(repoRoot, 'web', 'dist') };
  // Loud misconfiguration: an unreachable database or Redis, or a SQLite file another process
  // holds, is a ConfigError (exit 2) within START_TIMEOUT_MS instead of a hang.
  await checkReachable(config, config.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
  const lock = lockDataFolder(config);
  try {
    // Imported here so a bad configuration is refused before the whole server loads.
    const { createApp, DEV_OUTBOX_WARNING, isDevOutboxOn } = await import('./app.js');
    // Loud on stderr whatever the log level: this outbox hands out sign-in links.
    if (isDevOutboxOn(config)) process.stderr.write(`\n${DEV_OUTBOX_WARNING}\n\n`);
    const app = await createApp(config);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const isLocal = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
    // The start banner is a pino line like the rest, shown whatever LOG_LEVEL says.
    const banner = createLogger('info');
    banner.info(
      { port, pid: process.pid },
      `Junction is running at http://${isLocal ? 'localhost' : config.host}:${port}`,
    );
    const instance = await app.inject({ method: 'GET', url: '/api/instance' });
    if (instance.statusCode === 200 && instance.json().hasOwner === false) {
      banner.info(`No owner yet: open ${config.publicUrl}/setup to create the owner account`);
    }
    return async () => {
      await app.close();
      lock?.release();
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Default of START_TIMEOUT_MS. */
const DEFAULT_START_TIMEOUT_MS = 10_000;

const config = loadOrExit();
const log = createLogger(config.logLevel);
// Installed before starting, so a signal during start-up is not the default hard kill.
const setStop = stopOnSignals({
  graceMs: config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
  log: (level, message) => log[level](message),
});

try {
  setStop(await startServer());
} catch (err) {
  process.stderr.write(`Junction could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  // A refusal of what it was given (a database newer than this Junction included): exit 2.
  process.exit(err instanceof ConfigError ? CONFIG_ERROR_EXIT_CODE : 1);
}

/** The configuration, or exit 2 with one line naming the bad variable (env.ts). */
function loadOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Junction could not start: ${err.message}\n`);
    process.exit(CONFIG_ERROR_EXIT_CODE);
  }
}
