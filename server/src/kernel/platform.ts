/**
 * What the engine-side services share beyond ServiceDeps: the app registry (built-in and
 * portal-declared apps) and the credential resolver (decrypts, refreshes OAuth tokens).
 * Built once in compose.ts.
 */
import type { CredentialResolver } from '../integrations/auth/credential-resolver.js';
import type { AppRegistry } from '../integrations/registry.js';
import type { ServiceDeps } from './deps.js';
import type { SharedRateLimiter } from '../security/rate-limit-store.js';

/** ServiceDeps plus the integration collaborators. */
export interface PlatformDeps extends ServiceDeps {
  registry: AppRegistry;
  credentialResolver: CredentialResolver;
  /** Counts the limits services decide (public forms, storefront); in process when absent. */
  rateLimiter?: SharedRateLimiter;
}

/** A service with background work (queues, timers, pollers): started after migrations, closed with the app. */
export interface Lifecycle {
  start(): Promise<void>;
  close(): Promise<void>;
}
