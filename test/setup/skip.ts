/**
 * For test files: why a suite that needs a service cannot run here, or undefined when it can.
 * global-setup.ts decides once per run; without it (a script importing a harness) the plain
 * variables decide.
 *
 * @example
 * const missing = missingService('postgres', 'redis');
 * describe.skipIf(missing)(suiteName('triggers on PostgreSQL + BullMQ', missing), () => { … });
 */
import { SKIP_VARIABLES, type TestService } from './environment.js';

const FALLBACK: Record<TestService, () => string | undefined> = {
  browser: () => undefined,
  postgres: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
  redis: () => (process.env.TEST_REDIS_URL ? undefined : 'TEST_REDIS_URL is not set'),
};

/** The first reason one of `services` is missing, or undefined when all are there. */
export function missingService(...services: TestService[]): string | undefined {
  for (const service of services) {
    const reason = process.env[SKIP_VARIABLES[service]] ?? FALLBACK[service]();
    if (reason) return `${service}: ${reason}`;
  }
  return undefined;
}

/** A suite's name carrying the reason it is skipped, so the report says why. */
export function suiteName(name: string, missing: string | undefined): string {
  return missing ? `${name} (skipped, ${missing})` : name;
}
