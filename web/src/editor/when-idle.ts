/**
 * Runs work the first paint need not wait for once the browser is idle: after the frame that
 * shows the canvas, not inside the task that builds it (BENCHMARKS.md "Editor").
 */

/** The few browser functions {@link whenIdle} uses (jsdom lacks requestIdleCallback). */
interface IdleWindow {
  requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

/**
 * Calls `fn` when the browser is idle, at the latest after `timeoutMs`; without
 * `requestIdleCallback` after `fallbackMs`. Returns the function that cancels it (an effect's
 * clean-up).
 *
 * @example
 * useEffect(() => whenIdle(() => void loadActivationCheck().catch(() => undefined)), []);
 */
export function whenIdle(fn: () => void, timeoutMs = 1000, fallbackMs = 0): () => void {
  const w = window as unknown as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') {
    const handle = w.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = w.setTimeout(fn, fallbackMs);
  return () => w.clearTimeout(handle);
}
