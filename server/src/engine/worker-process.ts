/**
 * Runs a worker in this process until SIGINT/SIGTERM (the tests and the benchmark start it
 * with tsx; `junction worker` calls {@link startWorker} the same way).
 */
import { startWorker } from './worker.js';

let stop: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stop) process.exit(0);
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
try {
  stop = await startWorker();
} catch (error) {
  process.stderr.write(`Junction worker could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
