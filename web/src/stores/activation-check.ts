/**
 * Core's activation rule (editor-core 4.2) loaded on demand. With the plan compiler, the
 * schedule checks and croner behind it, it is a chunk of its own (web/vite.config.ts group
 * 'checks'; `checks-chunk.ts` is its entry) that opening a workflow does not wait for: the ON/OFF
 * switch asks for it once it is on screen and stays off-limits until the answer is known.
 */
import type { Issue, WorkflowData } from '@junction/core';
import { observable, runInAction } from 'mobx';

type ActivationProblems = typeof import('@junction/core').activationProblems;

// Observable, so the views reading it recompute when the chunk arrives.
const loaded = observable.box<ActivationProblems | null>(null, { deep: false });
let loading: Promise<void> | null = null;

/**
 * Loads core's activation rule once (a resolved promise once loaded); a failed fetch is tried
 * again on the next call.
 *
 * @example
 * useEffect(() => void loadActivationCheck().catch(() => undefined), []);
 */
export function loadActivationCheck(): Promise<void> {
  loading ??= import('./checks-chunk.js').then(
    (module) => runInAction(() => loaded.set(module.activationProblems)),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Answers core's `activationProblems(data, null)` (the problems that keep the workflow from
 * being turned ON), or null while the rule is still loading ({@link loadActivationCheck}).
 */
export function activationProblemsOf(data: WorkflowData): Issue[] | null {
  const check = loaded.get();
  return check ? check(data, null) : null;
}
