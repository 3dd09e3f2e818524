/**
 * What the engine and the triggers are built from: the integrations' dependencies plus the
 * app registry (built-in, catalogue and portal apps) and the credential resolver (decrypts,
 * refreshes OAuth tokens).
 */
import type { CredentialResolver } from '../integrations/auth/credential-resolver.js';
import type { IntegrationDeps } from '../integrations/deps.js';
import type { AppRegistry } from '../integrations/registry.js';

/** The engine's dependencies, built once by createServices. */
export interface EngineDeps extends IntegrationDeps {
  registry: AppRegistry;
  credentialResolver: CredentialResolver;
}
