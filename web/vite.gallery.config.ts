/**
 * The design system gallery as a static build (never part of the app's bundle): `gallery.html`
 * → `--outDir` of the caller (test/visual builds it into a temporary directory). In
 * development `npm run dev -w web` serves it at /gallery.html beside the app.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import appConfig from './vite.config.js';

export default mergeConfig(
  appConfig,
  defineConfig({
    build: {
      outDir: 'dist-gallery',
      sourcemap: false,
      rolldownOptions: { input: fileURLToPath(new URL('./gallery.html', import.meta.url)) },
    },
  }),
);
