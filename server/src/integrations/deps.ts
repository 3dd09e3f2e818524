/**
 * What the integrations (registry, credential resolver, OAuth flow, hook handshakes) are
 * built from: the configuration, the store, the vault, a logger and the injected clock and
 * ids. The engine adds the registry and resolver to it (engine/deps.ts); the domain services
 * add the mailer and the audit log (deps.ts, beside the composition root).
 */
import type { Config } from '../config.js';
import type { Logger } from '../kernel/logger.js';
import type { Vault } from '../security/vault.js';
import type { DbHandle } from '../store/create-db.js';
import type { Repos } from '../store/repos/index.js';

/** The dependencies below the integrations, built once by createServices. */
export interface IntegrationDeps {
  config: Config;
  handle: DbHandle;
  repos: Repos;
  vault: Vault;
  logger: Logger;
  /** Current time, epoch ms (injected so tests can move the clock). */
  now: () => number;
  newId: () => string;
}
