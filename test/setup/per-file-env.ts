/**
 * vitest setup file, run before every test file: test files share their worker's module cache
 * (`isolate: false`, so the server, React and playwright load once per worker, not once per
 * file), and this puts back the environment each file found — a file that sets
 * JUNCTION_ALLOWED_HOSTS, SMTP_URL or POLL_INTERVAL_MS for its own servers leaves no trace for
 * the next file in the same worker; nor do fake timers or spies a file forgot to restore.
 */
import { afterAll, vi } from 'vitest';

const found = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in found)) delete process.env[name];
  Object.assign(process.env, found);
});
