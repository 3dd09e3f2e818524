// Browser entry of the public form pages (form.html, served for /form/{id} and /page/{id}):
// the same providers as main.tsx around the form page alone, so neither the editor's code nor
// the router is loaded.
import { createApiClient } from '@junction/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.js';
import { FormEntryPage, formAddress } from './app/form-entry.js';
import { loadBuilderFor } from './forms/renderer/PublicFormPage.js';
import { createRootStore } from './stores/root-store.js';

const container = document.getElementById('root');
if (!container) throw new Error('form.html must contain <div id="root"> for Junction to mount into.');

const store = createRootStore({
  // Same origin: the server serves both the app and /api (DESIGN "API").
  api: createApiClient({ baseUrl: window.location.origin, fetch: (request) => window.fetch(request) }),
});

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        <FormEntryPage pathname={window.location.pathname} />
      </AppProviders>
    </StrictMode>,
  );
// The form builder is a chunk of its own, which a visitor's form never loads: an address that
// opens the builder waits for it, so that its first render draws the builder.
const address = formAddress(window.location.pathname);
void loadBuilderFor(address?.formId, window.location.search).then(render);
