import { copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { writeEnvValidator } from './src/env-validation.js';
import { ENV_SCHEMA } from './src/env.js';
import { writePrecompiledContract } from './src/http/contract-build.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};

// Pure-JS packages of many small ES modules are bundled into the dist: Node 20 resolves, reads
// and links each module file on its own, which made loading them most of the start-up.
const BUNDLED = new Set(['kysely']);

// Run from `node server/dist/main.js`: dependencies and the workspace packages stay external
// and resolve through node_modules (core/dist exists after the root build).
export default defineConfig({
  entry: ['src/index.ts', 'src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  splitting: true,
  external: [...Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.has(name)), /^@junction\//],
  noExternal: [...BUNDLED],
  // The custom-code sandbox child runs under the permission model as one plain file that may
  // read nothing else: copied beside the bundle, not bundled (src/sandbox/runner.ts finds it).
  onSuccess: async () => {
    copyFileSync(
      new URL('./src/sandbox/child.mjs', import.meta.url),
      new URL('./dist/sandbox-child.mjs', import.meta.url),
    );
    // openapi.yaml parsed and its validators generated here, not at every start
    // (src/http/contract-build.ts); api-spec builds first, so a changed yaml rebuilds this.
    writePrecompiledContract(fileURLToPath(new URL('./dist/contract', import.meta.url)));
    // The environment schema's Ajv code, likewise (src/env-validation.ts).
    writeEnvValidator(ENV_SCHEMA, fileURLToPath(new URL('./dist/contract', import.meta.url)));
  },
});
