// Browser entry: starts the editor's workflow GET, creates the root store and router, and
// mounts the app into #root.
import { createApiClient } from '@junction/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.js';
import { appRoutes } from './app/routes.js';
import { loadActivationCheck } from './stores/activation-check.js';
import { createRootStore } from './stores/root-store.js';
import { type PrefetchWindow, startWorkflowPrefetch } from './stores/workflow-prefetch.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root"> for Junction to mount into.');

// Boot: the editor's workflow GET starts before React renders (BENCHMARKS.md "Editor").
const workflowPrefetch = startWorkflowPrefetch(window as unknown as PrefetchWindow);
const store = createRootStore({
  // Same origin: the server serves both the app and /api (DESIGN "API").
  api: createApiClient({ baseUrl: window.location.origin, fetch: (request) => window.fetch(request) }),
});
store.handOverWorkflowPrefetch(workflowPrefetch);
// The editor (at /) asks for core's activation rule beside its workflow, not after its first
// paint: a chunk of its own, outside the first load, so the ON/OFF switch answers sooner.
if (window.location.pathname === '/') void loadActivationCheck().catch(() => undefined);
const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
