import { defineConfig } from 'tsup';

// The published package: two entries (the whole domain, and the dependency-light
// `@junction/core/document`), ESM and CJS. The declarations inline `@junction/api-spec`'s
// types (an unpublished workspace package) so a consumer needs nothing else; the runtime
// imports only type information from it. No source maps: the tarball ships readable output
// and no embedded sources.
export default defineConfig({
  entry: { index: 'src/index.ts', document: 'src/document.ts' },
  format: ['esm', 'cjs'],
  dts: { resolve: ['@junction/api-spec'] },
  clean: true,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
});
