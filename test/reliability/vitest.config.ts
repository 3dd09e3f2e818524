/**
 * `npm run test:reliability`: every reliability scenario (short/ and full/), one file at a
 * time so load figures are not disturbed by a neighbour. RELIABILITY_LONG=1 runs the long
 * form. `npm test` runs only short/ (the root config excludes full/).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const long = process.env.RELIABILITY_LONG === '1';

export default defineConfig({
  root: here('../..'),
  resolve: {
    alias: {
      '@junction/core': here('../../core/src/index.ts'),
      '@junction/api-spec': here('../../api-spec/src/index.ts'),
    },
  },
  test: {
    name: 'reliability',
    environment: 'node',
    globalSetup: [here('../setup/global-setup.ts')],
    pool: 'forks',
    fileParallelism: false,
    include: ['test/reliability/**/*.test.ts'],
    testTimeout: long ? 3_600_000 : 180_000,
    hookTimeout: 120_000,
  },
});
