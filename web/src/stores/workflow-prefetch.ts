/**
 * The editor's boot-time workflow GET (BENCHMARKS.md "Editor"): main.tsx starts it before React
 * renders and hands it to the root store; the editor's first load takes the answer once.
 */

import { TOKEN_STORAGE_KEY } from './session.js';
import type { StoredWorkflow } from './stored-workflow.js';

/** A workflow GET started while the app boots (see {@link startWorkflowPrefetch}). */
export interface WorkflowPrefetch {
  id: string;
  token: string;
  answer: Promise<StoredWorkflow | null>;
  /**
   * The answer once it has arrived (undefined until then; null when it failed), so the editor's
   * first render can show the workflow without waiting for the promise (the root's `settledWorkflow`).
   */
  settled?: StoredWorkflow | null;
}

/** The little of `window` the prefetch uses (the root type check has no DOM typings). */
export interface PrefetchWindow {
  location: { origin: string; pathname: string; search: string };
  localStorage: { getItem(key: string): string | null };
  fetch(url: string, init: { headers: Record<string, string> }): Promise<{ ok: boolean; json(): Promise<unknown> }>;
  /** The GET web/public/boot-prefetch.js started while the scripts loaded, when it started one. */
  __junctionWorkflowPrefetch?: WorkflowPrefetch;
}

/**
 * Starts GET /api/workflows/{id} for the editor's address (`/?id=…` with a stored token, no `c`
 * to exchange, no template); main.tsx calls it at boot, before React renders, and hands the
 * answer to the root store: the server answers while the app boots instead of after it. Only
 * a successful answer is kept; anything else is left to `load`, which asks again through the
 * API client. Returns null when the address asks for no workflow.
 */
export function startWorkflowPrefetch(win: PrefetchWindow): WorkflowPrefetch | null {
  // The boot script (web/public/boot-prefetch.js, loaded by index.html before the app's
  // scripts) starts the same GET on the same conditions earlier; its answer is taken as is.
  if (win.__junctionWorkflowPrefetch) return win.__junctionWorkflowPrefetch;
  try {
    const params = new URLSearchParams(win.location.search);
    const id = params.get('id');
    const token = win.localStorage.getItem(TOKEN_STORAGE_KEY);
    if (win.location.pathname !== '/' || !id || !token || params.has('c') || params.has('template_id')) return null;
    const prefetch: WorkflowPrefetch = { id, token, answer: Promise.resolve(null) };
    prefetch.answer = win
      .fetch(`${win.location.origin}/api/workflows/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      })
      .then((response) => (response.ok ? (response.json() as Promise<StoredWorkflow>) : null))
      .catch(() => null)
      .then((stored) => {
        prefetch.settled = stored;
        return stored;
      });
    return prefetch;
  } catch {
    return null;
  }
}

/** The boot-time GET's answer when it was for workflow `id` with the current token, else null. */
export function prefetchedAnswer(
  prefetch: WorkflowPrefetch | null,
  id: string,
  token: string | null,
): Promise<StoredWorkflow | null> | null {
  return prefetch && prefetch.id === id && prefetch.token === token ? prefetch.answer : null;
}

/**
 * The boot-time GET's answer for workflow `id` with the current token when it has already
 * arrived, else null (not arrived, failed, or for another workflow or token).
 */
export function settledAnswer(
  prefetch: WorkflowPrefetch | null,
  id: string,
  token: string | null,
): StoredWorkflow | null {
  return prefetch && prefetch.id === id && prefetch.token === token ? (prefetch.settled ?? null) : null;
}
