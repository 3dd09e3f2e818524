/**
 * Stopping a Junction process (`npm start`, `junction worker`) on SIGINT/SIGTERM: stop taking
 * work, let the executions in progress finish within a bound, then exit. An execution still
 * running at the bound is left `running`; it runs again after a restart (its lease expires, or
 * the embedded queue re-runs what it was running), so nothing acknowledged is lost.
 */

/** Default bound of a graceful stop (SHUTDOWN_GRACE_MS). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** What {@link stopOnSignals} needs. */
export interface StopOnSignalsOptions {
  /** How long running executions may take to finish, in ms (the engine's queue waits this long). */
  graceMs: number;
  /** Time after `graceMs` for closing connections and the database before exiting anyway (5 000). */
  closeMarginMs?: number;
  /** Writes one line (the process's log). */
  log: (level: 'info' | 'warn', message: string) => void;
  /** Ends the process; injectable for tests. */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

/**
 * Installs SIGINT/SIGTERM handlers now (so a signal during start-up is not a hard kill) and
 * returns a setter for the stop function once the process has started. The first signal
 * drains (exit 0 when done, 1 when the bound passed or the stop failed); a second one exits
 * at once. Before start-up completes a signal exits 0 at once.
 *
 * @example
 * const setStop = stopOnSignals({ graceMs: 10_000, log });
 * setStop(await startServer());
 */
export function stopOnSignals(options: StopOnSignalsOptions): (stop: () => Promise<void>) => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stop: (() => Promise<void>) | undefined;
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) {
      options.log('warn', `${signal} again: stopping now without waiting for running executions`);
      return exit(1);
    }
    if (!stop) return exit(0);
    isStopping = true;
    options.log('info', `${signal}: stopping; running executions get up to ${options.graceMs} ms to finish`);
    const boundMs = options.graceMs + (options.closeMarginMs ?? 5_000);
    const bound = setTimeout(() => {
      options.log(
        'warn',
        `not stopped after ${boundMs} ms: exiting; executions still running run again after a restart`,
      );
      exit(1);
    }, boundMs);
    bound.unref();
    stop().then(
      () => {
        clearTimeout(bound);
        options.log('info', 'stopped');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(bound);
        options.log('warn', `stop failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of options.signals ?? (['SIGINT', 'SIGTERM'] as const)) process.on(signal, onSignal);
  return (fn) => {
    stop = fn;
  };
}
