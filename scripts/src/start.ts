/**
 * `junction start`: runs API, engine and editor in one process by loading the server package.
 * A thin dynamic import, so the CLI works (validate, migrate) where the server is not built.
 */

/** Loads a module by specifier; injectable for tests. */
export type ModuleLoader = (specifier: string) => Promise<Record<string, unknown>>;

const SERVER = '@junction/server';

const defaultLoader: ModuleLoader = (specifier) => import(specifier) as Promise<Record<string, unknown>>;

/** A bad environment variable, or a database newer than this Junction: exit code 2. */
function isRefusal(err: unknown): boolean {
  const name = (err as Error | null)?.name;
  return name === 'ConfigError' || name === 'DatabaseNewerError';
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

const messageOf = (err: unknown) => (err as Error)?.message ?? String(err);

/** Loads the built server for `junction <command>`; undefined after telling why it could not. */
async function loadServer(
  command: 'start' | 'worker',
  io: { stderr: (text: string) => void },
  load: ModuleLoader,
): Promise<Record<string, unknown> | undefined> {
  try {
    return await load(SERVER);
  } catch (err) {
    io.stderr(
      isNotFound(err)
        ? `junction ${command}: the server is not built (server/dist is missing). Run \`npm run build\` in the repository first.\n`
        : `junction ${command}: the server could not be loaded: ${messageOf(err)}\n`,
    );
    return undefined;
  }
}

/** Runs `stop` on the first SIGINT or SIGTERM, then exits: 0 when it stopped, 1 when it failed. */
function stopOnSignal(stop: () => unknown): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      Promise.resolve(stop()).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

/**
 * `npx junction …` runs the command under `npm exec` (npm → sh → node), which does not pass
 * SIGTERM on: npm ends and this process would keep running, re-parented. Under `npm exec`
 * (npm_command=exec) a change of parent process is taken as the SIGTERM it stands for, so the
 * stop is the usual graceful one. Outside npm nothing is watched (`nohup junction worker &` and
 * service managers keep their meaning).
 */
export function stopWhenParentEnds(
  options: { env?: Record<string, string | undefined>; intervalMs?: number; ppid?: () => number } = {},
): () => void {
  if ((options.env ?? process.env).npm_command !== 'exec') return () => undefined;
  const ppid = options.ppid ?? (() => process.ppid);
  const parent = ppid();
  const timer = setInterval(() => {
    if (ppid() === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, options.intervalMs ?? 500);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Starts the server: calls its exported `startServer` (or `main`) when present, otherwise
 * imports its `main.js`, which starts itself. Returns 0 once started, 1 with a clear message
 * when the server is not built or fails to start.
 */
export async function runStart(
  io: { stderr: (text: string) => void },
  load: ModuleLoader = defaultLoader,
): Promise<number> {
  stopWhenParentEnds();
  const server = await loadServer('start', io, load);
  if (!server) return 1;
  try {
    const start = server.startServer ?? server.main;
    if (typeof start === 'function') {
      const stop: unknown = await start();
      if (typeof stop === 'function') stopOnSignal(() => stop());
      return 0;
    }
    // The server's main module starts listening (and handles signals) when imported.
    await load(new URL('./main.js', import.meta.resolve(SERVER)).href);
    return 0;
  } catch (err) {
    io.stderr(`junction start: the server could not start: ${messageOf(err)}\n`);
    return isRefusal(err) ? 2 : 1;
  }
}

/**
 * `junction worker`: calls the server's `startWorker` (queue consumer, no HTTP) and stops it
 * cleanly on SIGINT/SIGTERM. Returns 0 once consuming, 1 with a clear message otherwise.
 */
export async function runWorker(
  io: { stderr: (text: string) => void },
  load: ModuleLoader = defaultLoader,
): Promise<number> {
  stopWhenParentEnds();
  const server = await loadServer('worker', io, load);
  if (!server) return 1;
  if (typeof server.startWorker !== 'function') {
    io.stderr('junction worker: this server build has no worker. Rebuild it with `npm run build`.\n');
    return 1;
  }
  try {
    const stop = (await server.startWorker()) as () => Promise<void>;
    const { stopOnSignals, loadConfig, createLogger } = server;
    if (typeof stopOnSignals === 'function' && typeof loadConfig === 'function' && typeof createLogger === 'function') {
      // The server's bounded stop (running executions get SHUTDOWN_GRACE_MS), logged as pino JSON.
      const config = loadConfig(process.env) as { shutdownGraceMs?: number; logLevel: string };
      const logger = createLogger(config.logLevel, 'worker') as Record<'info' | 'warn', (message: string) => void>;
      const log = (level: 'info' | 'warn', message: string) => logger[level](message);
      (stopOnSignals({ graceMs: config.shutdownGraceMs ?? 10_000, log }) as (fn: () => Promise<void>) => void)(stop);
      return 0;
    }
    stopOnSignal(stop);
    return 0;
  } catch (err) {
    io.stderr(`junction worker: ${messageOf(err)}\n`);
    // A bad environment variable (the server's ConfigError) is a usage error.
    return isRefusal(err) ? 2 : 1;
  }
}
