/**
 * Vite configuration of the Junction web app: React, base '/', output in web/dist.
 *
 * Two HTML entries: index.html (the whole app) and form.html (the public form pages only).
 * `@junction/core` resolves to core's sources so the web build never waits for core's dist.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

const fromHere = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@junction/core': fromHere('../core/src/index.ts'),
      '@junction/api-spec': fromHere('../api-spec/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The design system's modules do nothing when imported (their styled-components calls
      // only define components), so the `ui` barrel brings only what a page uses; fonts.ts is
      // its CSS imports and stays.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /web[\\/]src[\\/]ui[\\/](?!fonts)[^\\/]+\.tsx?$/.test(id) ? false : undefined,
      },
      // Two pages: the app (index.html) and the public form pages (form.html, served for
      // /form/{id} and /page/{id}), whose first load leaves out the editor.
      input: { index: fromHere('index.html'), form: fromHere('form.html') },
      output: {
        // Core's layout and dagre form a chunk of their own, loaded by the editor on first use
        // (editor/canvas/canvas-actions.ts `loadLayout`). Without the group they stay in the
        // entry chunk: core's index re-exports the layout, and the entry reaches the index.
        codeSplitting: {
          groups: [
            { name: 'layout', test: /@dagrejs[\\/]|core[\\/]src[\\/]workflow[\\/]layout\.ts$/ },
            // Core's activation rule with the plan compiler, the schedule checks (croner), and the
            // legacy reader and import that use it, and the document validation they call (else
            // Rolldown puts it in the dashboard pages' chunk, which the editor's boot then loads
            // and runs): the ON/OFF switch loads it once it is on screen
            // (stores/activation-check.ts), the dashboard's import with its page. Only
            // these modules: what they import from the rest of core stays where it is (the
            // first load has it), so no binding of the first load comes from this chunk.
            {
              name: 'checks',
              test: /[\\/]croner[\\/]|core[\\/]src[\\/](workflow[\\/](activation|compile|legacy|legacy-schedule|document|document-import)|apps[\\/]schedule)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The core modules both the first load and the groups above use (paths, payloads and
            // test state, the step field table, the plain types and document I/O, app rules and
            // slugs) as one chunk: left to Rolldown they are five small chunks, five more requests
            // competing for the browser's six connections while the editor's first load downloads.
            {
              name: 'core-shared',
              test: /core[\\/]src[\\/](workflow[\\/](path|payload|test-state|step-fields|types|document-io)|apps[\\/](rules|slug|credential-fields)|text[\\/]trailing)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Core's portal rules, the same way: only the portal's pages use them (the design
            // system's Table pages with core's apps/paging.ts).
            {
              name: 'portal-rules',
              test: /core[\\/]src[\\/]apps[\\/]portal\.ts$/,
              includeDependenciesRecursively: false,
            },
            // What both pages' first loads run (React, mobx, styled-components, the API client and
            // the root store, the providers and the ui they draw) as one file: left to Rolldown it
            // is seven, split by which lazy chunks use each part, each compressed alone. Only
            // modules the public form uses too: anything else here would join its first load.
            {
              name: 'base',
              test: /vite[\\/](preload-helper|modulepreload-polyfill)|[\\/]node_modules[\\/](react|react-dom|scheduler|mobx|mobx-state-tree|styled-components|stylis|openapi-fetch)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon)|core[\\/]src[\\/](api[\\/](client|problem-codes|api-error|problem-messages|query[\\/][^\\/]+)|forms[\\/]form)\.ts$|web[\\/]src[\\/](stores[\\/](api-model|public-form-store|session|workflow-prefetch|root-editor|root-store|api-failure|dashboard-session|sign-out|server-state)|ui[\\/](GlobalStyle|ThemeMode|Toast|toast-shown|Spinner|Button|theme|lazy-chunk)|app[\\/](ErrorBoundary|AppProviders|paths)|account[\\/]account-store)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Radix and what it brings (floating-ui, the scroll lock, aria-hidden), with ui/Dialog,
            // as one chunk: the editor's first load uses all of it but Radix Toast (a chunk fetched with
            // the first toast, ui/Toast.tsx), and the public form none of it. Left to Rolldown it is
            // five files, each compressed alone (BENCHMARKS.md "Editor", 2026-11-29 07:56).
            {
              name: 'radix',
              test: /[\\/]node_modules[\\/](@radix-ui[\\/](?!react-toast[\\/])|@floating-ui[\\/]|react-remove-scroll|aria-hidden[\\/]|use-callback-ref[\\/]|use-sidecar[\\/]|react-style-singleton[\\/]|get-nonce[\\/]|tslib[\\/])|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]x\.mjs$|web[\\/]src[\\/]ui[\\/]Dialog\.tsx$/,
              // Without React, which the public form's chunks need.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // In development the API runs in the Junction server on its default port (DESIGN "API").
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/hooks': 'http://127.0.0.1:5000',
    },
  },
});
