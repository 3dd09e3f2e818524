/**
 * The composition root: wires the store, the credential vault, the mailer, the integrations,
 * the engine and the domain services (the contract in kernel/types.ts) for `npm start`
 * (app.ts), the worker (worker.ts) and the tests (test-services.ts). Nothing else creates them.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import { createEngine } from './engine/index.js';
import { createTriggers } from './engine/triggers/index.js';
import { createAccountCheck } from './integrations/auth/account-check.js';
import { createCredentialResolver } from './integrations/auth/credential-resolver.js';
import { createHookHandshakes } from './integrations/hooks/handshakes.js';
import { createAppRegistry, rotatePortalAppSecrets } from './integrations/registry.js';
import { createMailer } from './mail/mailer.js';
import { createFailureAlerts } from './services/failure-alerts.js';
import { createRunsService } from './services/run-bulk.js';
import { createVault, loadVaultKeys } from './security/vault.js';
import { createDb, type DbHandle, migrateToLatest } from './store/create-db.js';
import { createRepos } from './store/repos/index.js';
import { createPortalAppStore } from './store/repos/portal-apps.js';
import { createAccountsService } from './services/accounts.js';
import { createInstanceService, createSignUpGate } from './services/instance.js';
import { createInvitationsService } from './services/invitations.js';
import { createAppsService } from './services/apps.js';
import { createCredentialsService } from './services/credentials.js';
import type { ServiceDeps } from './deps.js';
import { createFormsService } from './services/forms.js';
import type { Logger } from './kernel/logger.js';
import { createLogger } from './log.js';
import type { PlatformDeps } from './deps.js';
import { createStartersService } from './services/starters.js';
import { createStepsService } from './services/steps.js';
import { createSupportService } from './services/support.js';
import { createTemplatesService } from './services/templates.js';
import { createAuditService } from './services/audit.js';
import { createTenantsService } from './services/tenants.js';
import type { Services } from './kernel/types.js';
import { createWorkflowsService } from './services/workflows.js';
import type { SharedRateLimiter } from './security/rate-limit-store.js';

/** Options of createServices. */
export interface CreateServicesOptions {
  /** Where services log (pino-shaped; Fastify's `app.log` fits). Default: JSON lines at `config.logLevel`. */
  logger?: Logger;
  /** Clock, epoch ms; tests inject one to expire codes and sessions. */
  now?: () => number;
  /** An already open database to use instead of opening one from the config (closed by `close()` all the same). */
  db?: DbHandle;
  /** Counts the service-level rate limits (createApp binds it to @fastify/rate-limit); default in process. */
  rateLimiter?: SharedRateLimiter;
}

/** The services plus what the process needs to start and stop them. */
export type ServicesWithLifecycle = Services & {
  /** Resolves when the database is migrated; rejects when it cannot be. Every service call waits for it too. */
  ready: Promise<void>;
  /**
   * Re-seals every stored credential with the newest vault key (after a new key was put
   * first in JUNCTION_ENCRYPTION_KEY). Answers how many were re-sealed and which failed.
   */
  rotateCredentialKeys(): Promise<{ rotated: number; failed: string[] }>;
};

/**
 * Creates every domain service. Synchronous: migrations start at once and each service
 * call waits for them, so `createServices(config)` and `await createServices(config)` both
 * work; await `services.ready` to fail fast at start-up.
 *
 * @example
 * const services = createServices(loadConfig(), { logger: app.log });
 * await services.ready;
 * const grant = await services.accounts.logIn({ email, password });
 */
export function createServices(config: Config, opts: CreateServicesOptions = {}): ServicesWithLifecycle {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const now = opts.now ?? Date.now;
  const handle = opts.db ?? createDb(config);
  const mailer = createMailer(config, { logger, now });
  const deps: ServiceDeps = {
    config,
    handle,
    repos: createRepos(handle.db),
    vault: createVault(loadVaultKeys(config)),
    mailer,
    logger,
    now,
    newId: randomUUID,
  };
  // The audit log is a dependency of the others (every service records through it), made first.
  const audit = createAuditService(deps);
  deps.audit = audit;
  if (!config.encryptionKeys?.length && config.databaseUrl) {
    // Several servers sharing PostgreSQL must share one key; a per-machine key file cannot.
    logger.warn(
      {},
      'No JUNCTION_ENCRYPTION_KEY set: credentials are sealed with the key file in the data folder, which other servers do not have.',
    );
  }

  const platform: PlatformDeps = {
    ...deps,
    registry: createAppRegistry(deps),
    credentialResolver: createCredentialResolver(deps),
    rateLimiter: opts.rateLimiter,
  };
  const engine = createEngine(platform);
  const triggers = createTriggers({ ...platform, engine: engine.service });
  // Background work (queue consumers, schedules, pollers) starts once the schema is ready.
  // Failure alerts hear run ends from the engine's queue consumer (started after it, closed before).
  const failureAlerts = createFailureAlerts(deps, { ingest: engine.service.ingest });
  const lifecycles = [engine.lifecycle, triggers.lifecycle, failureAlerts.lifecycle];
  const forms = createFormsService({ ...platform, engine: engine.service }, { lifecycles });

  // One line per migration applied, so an upgrade leaves a record of what it changed.
  const applied = (migration: string) => logger.info({ migration }, 'Applied database migration');
  const ready = migrateToLatest(handle, applied).then(async () => {
    // Expired rows are never read again (every lookup compares expires_at); dropping
    // them at start keeps the tables small without a timer.
    const at = new Date(now()).toISOString();
    const removed = (await deps.repos.sessions.removeExpired(at)) + (await deps.repos.codes.removeExpired(at));
    if (removed > 0) logger.info({ removed }, 'Removed expired sessions, codes and sign-in tokens');
    for (const lifecycle of lifecycles) await lifecycle.start();
  });
  // Callers see a migration failure through `ready` or their first call; this only keeps
  // Node from reporting it as unhandled when nobody awaited `ready`.
  ready.catch((error: unknown) => logger.error({ err: String(error) }, 'Database migration failed'));

  const afterReady = <T extends object>(service: T): T => {
    const wrapped = {} as Record<string, unknown>;
    for (const [name, method] of Object.entries(service)) {
      wrapped[name] = async (...args: unknown[]) => {
        await ready;
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    }
    return wrapped as T;
  };

  let closed: Promise<void> | undefined;
  return {
    ready,
    accounts: afterReady(createAccountsService(deps, createSignUpGate(deps))),
    instance: afterReady(createInstanceService(deps)),
    invitations: afterReady(createInvitationsService(deps)),
    audit: afterReady(audit),
    tenants: afterReady(createTenantsService(deps)),
    workflows: afterReady(
      createWorkflowsService(deps, {
        activate: (ctx, id) => triggers.service.setActive(ctx, id, true),
        publishDraft: (ctx, id, input) => triggers.service.publishDraft(ctx, id, input),
      }),
    ),
    credentials: afterReady(createCredentialsService(platform, { checkAccount: createAccountCheck(platform) })),
    engine: afterReady(engine.service),
    triggers: afterReady(triggers.service),
    // The Shopify hand-off stores the shop's token without the account check of the credentials API.
    apps: afterReady(createAppsService(platform, { credentials: createCredentialsService(platform) })),
    steps: afterReady(createStepsService(platform)),
    forms: afterReady(forms),
    support: afterReady(createSupportService(platform)),
    templates: afterReady(createTemplatesService(platform)),
    starters: afterReady(createStartersService(platform)),
    hooks: afterReady(createHookHandshakes(platform)),
    alerts: afterReady(failureAlerts.service),
    runs: afterReady(createRunsService(deps, engine.service)),
    outbox: { list: async () => mailer.listOutbox() },
    async rotateCredentialKeys() {
      await ready;
      const credentials = await deps.vault.rotate(deps.repos.credentials);
      // Portal apps' OAuth client secrets are sealed by the same vault.
      const apps = await rotatePortalAppSecrets(createPortalAppStore(handle.db), deps.vault);
      return { rotated: credentials.rotated + apps.rotated, failed: [...credentials.failed, ...apps.failed] };
    },
    close() {
      closed ??= (async () => {
        await ready.catch(() => undefined);
        // Stop consumers and timers before the database they write to closes (reverse start order).
        for (const lifecycle of [...lifecycles].reverse()) await lifecycle.close();
        await mailer.close();
        await handle.close();
      })();
      return closed;
    },
  };
}
