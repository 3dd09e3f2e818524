import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// One root config runs every package's tests. Source aliases let tests run without a build;
// test/dist-import checks the built packages separately.
const alias = {
  // Before '@junction/core', which would otherwise match it as a prefix.
  '@junction/core/document': here('./core/src/document.ts'),
  '@junction/core': here('./core/src/index.ts'),
  '@junction/api-spec': here('./api-spec/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Finds Chromium, PostgreSQL and Redis (or says why their suites are skipped) for every file.
    globalSetup: ['./test/setup/global-setup.ts'],
    pool: 'forks',
    // Most files wait on servers, browsers and timers rather than the CPU: on our 2-core
    // machines vitest's default (cores - 1 = one worker) would run the whole suite serially.
    maxWorkers: Math.max(3, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share their worker's module cache: the server, React, jsdom's globals and
    // playwright load once per worker rather than once per file (half the suite's CPU went to
    // importing). Every file still gets its own environment variables back (per-file-env.ts).
    isolate: false,
    setupFiles: ['./test/setup/per-file-env.ts'],
    // `expect.poll` waits as long as a browser test's action may (its 1 s default failed a
    // page that took longer to load on a loaded 2-core machine); a poll that holds returns at once.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          setupFiles: ['./test/setup/per-file-env.ts'],
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 20_000,
          hookTimeout: 60_000,
          include: [
            'core/src/**/*.test.ts',
            'api-spec/**/*.test.ts',
            'server/src/**/*.test.ts',
            'scripts/src/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          // test/reliability/short/ runs here (CI's short form); full/ only in `npm run test:reliability`.
          exclude: ['**/node_modules/**', '**/dist/**', 'test/reliability/full/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['./test/setup/per-file-env.ts', './web/src/test-setup/per-file-dom.ts'],
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 20_000,
          hookTimeout: 60_000,
          include: ['web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
