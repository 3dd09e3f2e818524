// Junction's boot script (BENCHMARKS.md "Editor"): index.html loads it `async` in <head>, so the
// editor's workflow GET starts while the app's scripts download and run instead of after them.
// The same conditions as web/src/stores/workflow-prefetch.ts `startWorkflowPrefetch`, which
// takes this answer (`window.__junctionWorkflowPrefetch`) when there is one; its unit test runs
// this file. A classic script, not bundled: the page's CSP allows only same-origin scripts.
((window) => {
  try {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('id');
    const token = window.localStorage.getItem('junction.token');
    if (window.location.pathname !== '/' || !id || !token || params.has('c') || params.has('template_id')) return;
    const prefetch = { id, token };
    // `settled` holds the answer once it has arrived: the editor's first render takes it as is.
    prefetch.answer = window
      .fetch(`${window.location.origin}/api/workflows/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
      .then((stored) => {
        prefetch.settled = stored;
        return stored;
      });
    window.__junctionWorkflowPrefetch = prefetch;
  } catch {
    // No prefetch: the app asks itself.
  }
})(window);
