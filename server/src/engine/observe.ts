/**
 * Run-end notices of this process: listeners hear each execution whose walk ended here (how it
 * ended, after its records were committed). Benchmarks time webhook → execution finished with
 * it; with no listener it costs one size check per run.
 */

/** How a walk ended (the runner's RunOutcome). */
export type RunEndListener = (executionId: string, outcome: string) => void;

const listeners = new Set<RunEndListener>();

/** Adds a listener; answers the function that removes it. */
export function onRunEnd(listener: RunEndListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that a run ended (the engine calls it). */
export function runEnded(executionId: string, outcome: string): void {
  if (listeners.size === 0) return;
  for (const listener of listeners) listener(executionId, outcome);
}
