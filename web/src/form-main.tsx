// Browser entry of the public form pages (form.html, served for /form/{id} and /page/{id}):
// the same providers as main.tsx around the form page alone, so neither the editor's code nor
// the router is loaded.
import { createApiClient } from '@junction/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.js';
import { FormEntryPage } from './app/form-entry.js';
import { createRootStore } from './stores/root-store.js';

const container = document.getElementById('root');
if (!container) throw new Error('form.html must contain <div id="root"> for Junction to mount into.');

const store = createRootStore({
  // Same origin: the server serves both the app and /api (DESIGN "API").
  api: createApiClient({ baseUrl: window.location.origin, fetch: (request) => window.fetch(request) }),
});

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <FormEntryPage pathname={window.location.pathname} />
    </AppProviders>
  </StrictMode>,
);
