/** What every service needs, built once by createServices. */
import type { Config } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import type { Vault } from '../security/vault.js';
import type { DbHandle } from '../store/create-db.js';
import type { Repos } from '../store/repos/index.js';
import type { AuditRecorder } from './contracts/audit.js';
import type { Logger } from './logger.js';

/** Shared dependencies of the services. */
export interface ServiceDeps {
  config: Config;
  handle: DbHandle;
  repos: Repos;
  vault: Vault;
  mailer: Mailer;
  logger: Logger;
  /** Current time, epoch ms (injected so tests can move the clock). */
  now: () => number;
  newId: () => string;
  /** The audit log's one entry point (services/audit.ts); absent only in hand-built test deps. */
  audit?: AuditRecorder;
}

/** The current time of `deps` as ISO text, the format every timestamp column uses. */
export function nowIso(deps: Pick<ServiceDeps, 'now'>, plusMs = 0): string {
  return new Date(deps.now() + plusMs).toISOString();
}
