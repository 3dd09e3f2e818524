/**
 * The dependencies the composition root (compose.ts) builds once and hands to every domain
 * service: the integrations' and the engine's (integrations/deps.ts, engine/deps.ts) plus the
 * mailer, the audit log and the shared rate limiter. The layers below name only what they use.
 */
import type { EngineDeps } from './engine/deps.js';
import type { IntegrationDeps } from './integrations/deps.js';
import type { AuditRecorder } from './kernel/contracts/audit.js';
import type { Mailer } from './mail/mailer.js';
import type { SharedRateLimiter } from './security/rate-limit-store.js';

/** Shared dependencies of the services. */
export interface ServiceDeps extends IntegrationDeps {
  mailer: Mailer;
  /** The audit log's one entry point (services/audit.ts); absent only in hand-built test deps. */
  audit?: AuditRecorder;
}

/** ServiceDeps plus the integration collaborators. */
export interface PlatformDeps extends ServiceDeps, EngineDeps {
  /** Counts the limits services decide (public forms, storefront); in process when absent. */
  rateLimiter?: SharedRateLimiter;
}
