// Browser entry: creates the root store and router, and mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.js';
import { appRoutes } from './app/routes.js';
import { createLocalApiClient } from './stores/api-client.js';
import { createRootStore } from './stores/root-store.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root"> for Junction to mount into.');

const store = createRootStore({
  api: createLocalApiClient({ baseUrl: window.location.origin, fetch: window.fetch.bind(window) }),
});
const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
