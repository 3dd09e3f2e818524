/**
 * Test helper: services over an isolated test database, with a movable clock and a
 * logger that keeps every line, plus a sign-up shortcut.
 *
 * @example
 * const t = await openTestServices(testDb);
 * const { ctx } = await t.signUp('ada@example.com');
 * await t.services.workflows.list(ctx);
 * await t.close();
 */
import type { Config } from './config.js';
import type { TestDatabase } from './store/test-db.js';
import { createServices, type ServicesWithLifecycle } from './compose.js';
import type { Logger } from './kernel/logger.js';
import type { AuthContext, SessionGrant } from './kernel/types.js';

/** Services under test and their controls. */
export interface TestServices {
  services: ServicesWithLifecycle;
  config: Config;
  /** Every log line written so far, as JSON text. */
  logLines: string[];
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  /** Signs a new user up with a valid password; answers the grant and its auth context. */
  signUp(email: string): Promise<{ grant: SessionGrant & { workflowId: string }; ctx: AuthContext }>;
  close(): Promise<void>;
}

/** A password that passes the spec's rules. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** Opens services over a fresh database of `testDb`. */
export async function openTestServices(testDb: TestDatabase, overrides: Partial<Config> = {}): Promise<TestServices> {
  const opened = await testDb.open(overrides);
  const logLines: string[] = [];
  const write = (level: string) => (fields: object, message?: string) => {
    logLines.push(JSON.stringify({ level, ...fields, msg: message }));
  };
  const logger: Logger = { info: write('info'), warn: write('warn'), error: write('error') };
  let clock = Date.parse('2025-06-01T12:00:00.000Z');
  const services = createServices(opened.config, { logger, now: () => clock, db: opened });
  await services.ready;
  return {
    services,
    config: opened.config,
    logLines,
    advance(ms) {
      clock += ms;
    },
    async signUp(email) {
      const grant = await services.accounts.signUp({
        email,
        password: TEST_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      const ctx = await services.accounts.authenticate(grant.token);
      if (!ctx) throw new Error('A fresh sign-up token did not authenticate.');
      return { grant, ctx };
    },
    async close() {
      await services.close();
      await opened.close();
    },
  };
}
