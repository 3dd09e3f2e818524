/**
 * The app registry: resolves an app slug to its definition for a tenant, built-in apps first,
 * then apps declared in the developer portal. The engine, step tests and the
 * catalogue read apps only through here, so a saved portal app runs at once.
 *
 * Visibility (documented in server/CONTEXT.md): a tenant sees the built-ins, every app it
 * declared (any listing status), and the apps other tenants published (listing status
 * 'Published'). Slugs are unique across tenants, so a slug always names one app.
 */
import { type AppDefinition, withoutTrailing, withWorkspaceEvents } from '@junction/core';
import type { IntegrationDeps } from './deps.js';
import { type AllowedHost, parseAllowedHosts } from '../security/ssrf.js';
import type { Vault } from '../security/vault.js';
import { createPortalAppStore, type PortalAppRecord, type PortalAppStore } from '../store/repos/portal-apps.js';
import { createWorkspaceEventsStore } from '../store/repos/workspace-events.js';
import { getBuiltinApp, isBuiltinApp, listBuiltinApps } from './builtin/index.js';
import type { BuiltinAppDefinition } from './builtin/types.js';
import { withOAuthClient } from './catalogue/oauth-clients.js';

/** A definition the engine can run: a built-in (with in-process executors) or a declared app. */
export type RunnableApp = BuiltinAppDefinition | AppDefinition;

/** Looks apps up for a tenant. */
export interface AppRegistry {
  /**
   * The app with this slug visible to the tenant, or undefined. With `action`, the caller needs
   * only that action: a built-in app that has it natively is answered without reading the
   * workspace's added events (they may never reuse a built-in key), saving a query per step.
   */
  resolve(tenantId: string, slug: string, need?: { action: string }): Promise<RunnableApp | undefined>;
  /** Every app visible to the tenant, built-ins first. */
  list(tenantId: string): Promise<RunnableApp[]>;
}

/** Where a portal app's client secret is bound in the vault (its associated data). */
export function clientSecretContext(record: Pick<PortalAppRecord, 'tenantId' | 'slug'>): {
  tenantId: string;
  credentialId: string;
} {
  return { tenantId: record.tenantId, credentialId: `app:${record.slug}` };
}

/**
 * Re-seals with the vault's newest key every portal app client secret sealed with an older one
 * (part of `rotateCredentialKeys`). Secrets that cannot be opened are reported as `app:{slug}`
 * and left as they are.
 */
export async function rotatePortalAppSecrets(
  store: Pick<PortalAppStore, 'listSealedAfter' | 'setClientSecret'>,
  vault: Vault,
): Promise<{ rotated: number; failed: string[] }> {
  let rotated = 0;
  const failed: string[] = [];
  let after = '';
  for (;;) {
    const rows = await store.listSealedAfter(after, 100);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.slug;
      const sealed = row.clientSecret;
      if (sealed.keyVersion === vault.currentVersion) continue;
      const context = clientSecretContext(row);
      let secret: string;
      try {
        secret = vault.decrypt(sealed, context);
      } catch {
        failed.push(context.credentialId);
        continue;
      }
      await store.setClientSecret(row.slug, vault.encrypt(secret, context));
      rotated += 1;
    }
  }
  return { rotated, failed };
}

/** The runnable definition of a stored app: its client secret opened by the vault (server-side only). */
export function toRunnable(record: PortalAppRecord, vault: Vault): AppDefinition {
  const definition = structuredClone(record.definition);
  if (record.clientSecret) {
    const secret = vault.decrypt(record.clientSecret, clientSecretContext(record));
    definition.authInfo.clientInfo = { ...definition.authInfo.clientInfo, client_secret: secret };
  }
  // A symbol key: spreads keep it, JSON and structuredClone never carry it out.
  return Object.assign(definition, { [APP_OWNER]: record.tenantId });
}

const APP_OWNER = Symbol('portal app owner');

/**
 * The workspace that owns a portal app the registry resolved; undefined for built-in and
 * catalogue apps. A run in another workspace records no request of it (the author's URL,
 * headers and body are not published: core's publicSurfaceOf).
 */
export function appOwnerOf(app: RunnableApp): string | undefined {
  return (app as RunnableApp & { [APP_OWNER]?: string })[APP_OWNER];
}

/**
 * What `{base}` stands for in an app's URLs: Junction's own origin for the built-ins (the
 * Demo CRM), the app's lambdaURL for a portal app that sets one, else Junction's origin.
 */
export function appBaseUrl(app: RunnableApp, publicUrl: string): string {
  if (isBuiltinApp(app.appSlug) || !app.lambdaURL) return publicUrl;
  return withoutTrailing(app.lambdaURL, '/');
}

/**
 * The SSRF allowlist a step of this app runs with: for the built-in Demo CRM only Junction's
 * own host:port (it lives there), never the global list; for every other app (the HTTP
 * request app, portal apps) the configured `JUNCTION_ALLOWED_HOSTS` (`config.allowedHosts`,
 * else the environment) on top of the public-internet rules.
 */
export function allowedHostsFor(
  app: Pick<RunnableApp, 'appSlug'>,
  config: { publicUrl: string; allowedHosts?: string },
): AllowedHost[] {
  if (app.appSlug !== 'demo-crm' || !isBuiltinApp(app.appSlug)) {
    return parseAllowedHosts(config.allowedHosts ?? process.env.JUNCTION_ALLOWED_HOSTS);
  }
  const url = new URL(config.publicUrl);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return [{ host: url.hostname, port }];
}

/** Builds the registry: built-ins, then the tenant's own and published portal apps from the database. */
export function createAppRegistry(deps: IntegrationDeps): AppRegistry {
  const store = createPortalAppStore(deps.handle.db);
  const added = createWorkspaceEventsStore(deps.handle.db);
  return {
    async resolve(tenantId, slug, need) {
      const builtin = getBuiltinApp(slug);
      if (builtin && need && Object.hasOwn(builtin.actions, need.action)) return withOAuthClient(builtin);
      // Catalogue OAuth apps get the operator's client id and secret (server-side only).
      const record = builtin ? undefined : await store.get(tenantId, slug);
      const app = builtin ? withOAuthClient(builtin) : record ? toRunnable(record, deps.vault) : undefined;
      // onboarding 4: the workspace's own custom triggers on an app it does not own.
      return app && withWorkspaceEvents(app, await added.get(tenantId, slug));
    },
    async list(tenantId) {
      const records = await store.listVisibleRecords(tenantId);
      const additions = await added.listFor(tenantId);
      return [
        ...listBuiltinApps().map((app) => withOAuthClient(app)),
        ...records.map((r) => toRunnable(r, deps.vault)),
      ].map((app) => withWorkspaceEvents(app, additions.get(app.appSlug)));
    },
  };
}
