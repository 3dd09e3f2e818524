import { defineConfig } from 'tsup';

// The CLI runs from `node scripts/dist/cli.js` (the package bin). Workspace packages stay
// external and resolve through node_modules to their built dist (core is built first).
export default defineConfig({
  entry: ['src/cli.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  external: [/^@junction\//],
});
