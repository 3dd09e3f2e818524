/**
 * vitest's globalSetup (root config and the reliability config): decides once per run which
 * services the tests can use and exports them to every test file. Found services set the
 * variables the tests already read (CHROMIUM_PATH, TEST_DATABASE_URL, TEST_REDIS_URL); a
 * missing one sets `JUNCTION_TEST_NO_*` to the reason, and its suites report skipped with
 * that reason (see skip.ts). JUNCTION_TEST_REQUIRE=browser,postgres,redis makes a missing
 * service fail the run instead (for a CI that must exercise everything).
 */
import { constants } from 'node:fs';
import { access, chmod, mkdtemp, rm } from 'node:fs/promises';
import {
  findChromium,
  findPostgres,
  findRedis,
  type Found,
  SKIP_VARIABLES,
  systemBrowserProbe,
  type TestService,
} from './environment.js';

const VALUE_VARIABLES: Record<TestService, string> = {
  browser: 'CHROMIUM_PATH',
  postgres: 'TEST_DATABASE_URL',
  redis: 'TEST_REDIS_URL',
};

/**
 * The run's temporary files (servers' SQLite folders, web build copies, Chromium profiles) go
 * to a folder of their own in memory when the machine has /dev/shm and nobody chose TMPDIR:
 * hundreds of databases made and dropped no longer wait on the disk. Returns its removal.
 */
async function memoryTmpdir(env: NodeJS.ProcessEnv): Promise<(() => Promise<void>) | undefined> {
  if (env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    await access('/dev/shm', constants.W_OK);
  } catch {
    return undefined;
  }
  const dir = await mkdtemp('/dev/shm/junction-tests-');
  // As /tmp: writable by every user, sticky.
  await chmod(dir, 0o1777);
  env.TMPDIR = dir;
  return async () => {
    delete env.TMPDIR;
    await rm(dir, { recursive: true, force: true });
  };
}

/** Detects the services and exports the verdicts; throws when a required one is missing. */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const env = process.env;
  const removeTmpdir = await memoryTmpdir(env);
  const [postgres, redis] = await Promise.all([findPostgres(env), findRedis(env)]);
  const found: Record<TestService, Found> = { browser: findChromium(env, systemBrowserProbe), postgres, redis };
  const required = new Set((env.JUNCTION_TEST_REQUIRE ?? '').split(',').map((s) => s.trim()));
  const missingRequired: string[] = [];
  for (const service of Object.keys(found) as TestService[]) {
    const verdict = found[service];
    if (verdict.ok) {
      env[VALUE_VARIABLES[service]] = verdict.value;
      delete env[SKIP_VARIABLES[service]];
      if (verdict.note) console.log(`tests: ${verdict.note}`);
      continue;
    }
    env[SKIP_VARIABLES[service]] = verdict.reason;
    console.log(`tests: ${service} tests skipped: ${verdict.reason}`);
    if (required.has(service)) missingRequired.push(`${service}: ${verdict.reason}`);
  }
  if (missingRequired.length > 0) {
    await removeTmpdir?.();
    throw new Error(`JUNCTION_TEST_REQUIRE names missing services: ${missingRequired.join('; ')}`);
  }
  return removeTmpdir;
}
