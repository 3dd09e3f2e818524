/**
 * The app registry: resolves an app slug to its definition for a tenant, built-in apps first,
 * then apps declared in the developer portal. The engine, step tests and the
 * catalogue read apps only through here, so a saved portal app runs at once.
 *
 * Visibility (documented in server/CONTEXT.md): a tenant sees the built-ins, every app it
 * declared (any listing status), and the apps other tenants published (listing status
 * 'Published'). Slugs are unique across tenants, so a slug always names one app.
 */
import { type AppDefinition, withWorkspaceEvents } from '@junction/core';
import type { Kysely } from 'kysely';
import { type AllowedHost, parseAllowedHosts } from '../security/ssrf.js';
import type { Vault } from '../security/vault.js';
import type { ServiceDeps } from '../kernel/deps.js';
import type { Database } from '../store/database.js';
import { readJson, writeJson } from '../store/json.js';
import type { SealedSecret } from '../store/repos/credentials.js';
import { getBuiltinApp, isBuiltinApp, listBuiltinApps } from './builtin/index.js';
import { withOAuthClient } from './catalogue/oauth-clients.js';
import type { BuiltinAppDefinition } from './builtin/types.js';
import { createWorkspaceEventsStore } from './workspace-events.js';

/** A definition the engine can run: a built-in (with in-process executors) or a declared app. */
export type RunnableApp = BuiltinAppDefinition | AppDefinition;

/** Looks apps up for a tenant. */
export interface AppRegistry {
  /** The app with this slug visible to the tenant, or undefined. */
  resolve(tenantId: string, slug: string): Promise<RunnableApp | undefined>;
  /** Every app visible to the tenant, built-ins first. */
  list(tenantId: string): Promise<RunnableApp[]>;
}

/** The listing status that makes a portal app visible to every tenant. */
export const PUBLISHED_STATUS = 'Published';

/** A stored portal app as the apps service reads it (client secret still sealed). */
export interface PortalAppRecord {
  slug: string;
  tenantId: string;
  /** The definition without the client secret. */
  definition: AppDefinition;
  summary: Record<string, unknown>;
  clientSecret: SealedSecret | null;
  listing: Record<string, unknown> | null;
  listingStatus: string;
  createdAt: string;
  updatedAt: string;
}

/** Reads and writes `portal_apps`; visibility rules live in `visibleTo`. */
export interface PortalAppStore {
  /** The app if the tenant may see it (own, or published by another tenant). */
  get(tenantId: string, slug: string): Promise<PortalAppRecord | undefined>;
  /** Whether any tenant has an app with this slug. */
  exists(slug: string): Promise<boolean>;
  /** Summaries of every app the tenant may see, with the owner's tenant id. */
  listVisible(
    tenantId: string,
  ): Promise<{ tenantId: string; listingStatus: string; summary: Record<string, unknown> }[]>;
  /** Full records of every app the tenant may see. */
  listVisibleRecords(tenantId: string): Promise<PortalAppRecord[]>;
  insert(record: PortalAppRecord): Promise<void>;
  /** Writes the given fields of the tenant's own app; false when it has none with this slug. */
  update(
    tenantId: string,
    slug: string,
    patch: Partial<
      Pick<PortalAppRecord, 'definition' | 'summary' | 'clientSecret' | 'listing' | 'listingStatus' | 'updatedAt'>
    >,
  ): Promise<boolean>;
}

/** Builds the `portal_apps` store over a database. */
export function createPortalAppStore(db: Kysely<Database>): PortalAppStore {
  const toRecord = (row: Database['portal_apps']): PortalAppRecord => ({
    slug: row.slug,
    tenantId: row.tenant_id,
    definition: readJson<AppDefinition>(row.definition),
    summary: readJson<Record<string, unknown>>(row.summary),
    clientSecret: row.client_secret === null ? null : readJson<SealedSecret>(row.client_secret),
    listing: row.listing === null ? null : readJson<Record<string, unknown>>(row.listing),
    listingStatus: row.listing_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const visible = (tenantId: string) =>
    db
      .selectFrom('portal_apps')
      .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('listing_status', '=', PUBLISHED_STATUS)]));

  return {
    async get(tenantId, slug) {
      const row = await visible(tenantId).selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async exists(slug) {
      const row = await db.selectFrom('portal_apps').select('slug').where('slug', '=', slug).executeTakeFirst();
      return row !== undefined;
    },
    async listVisible(tenantId) {
      const rows = await visible(tenantId)
        .select(['tenant_id', 'listing_status', 'summary'])
        .orderBy('name')
        .orderBy('slug')
        .execute();
      return rows.map((r) => ({
        tenantId: r.tenant_id,
        listingStatus: r.listing_status,
        summary: readJson<Record<string, unknown>>(r.summary),
      }));
    },
    async listVisibleRecords(tenantId) {
      const rows = await visible(tenantId).selectAll().orderBy('name').orderBy('slug').execute();
      return rows.map(toRecord);
    },
    async insert(record) {
      await db
        .insertInto('portal_apps')
        .values({
          slug: record.slug,
          tenant_id: record.tenantId,
          name: record.definition.appName,
          definition: writeJson(record.definition),
          summary: writeJson(record.summary),
          client_secret: record.clientSecret === null ? null : writeJson(record.clientSecret),
          listing: record.listing === null ? null : writeJson(record.listing),
          listing_status: record.listingStatus,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
        })
        .execute();
    },
    async update(tenantId, slug, patch) {
      const set: Record<string, unknown> = {};
      if (patch.definition !== undefined) {
        set.definition = writeJson(patch.definition);
        set.name = patch.definition.appName;
      }
      if (patch.summary !== undefined) set.summary = writeJson(patch.summary);
      if (patch.clientSecret !== undefined) {
        set.client_secret = patch.clientSecret === null ? null : writeJson(patch.clientSecret);
      }
      if (patch.listing !== undefined) set.listing = patch.listing === null ? null : writeJson(patch.listing);
      if (patch.listingStatus !== undefined) set.listing_status = patch.listingStatus;
      if (patch.updatedAt !== undefined) set.updated_at = patch.updatedAt;
      const result = await db
        .updateTable('portal_apps')
        .set(set)
        .where('tenant_id', '=', tenantId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
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
  db: Kysely<Database>,
  vault: Vault,
): Promise<{ rotated: number; failed: string[] }> {
  let rotated = 0;
  const failed: string[] = [];
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('portal_apps')
      .select(['slug', 'tenant_id', 'client_secret'])
      .where('client_secret', 'is not', null)
      .where('slug', '>', after)
      .orderBy('slug')
      .limit(100)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.slug;
      const sealed = readJson<SealedSecret>(row.client_secret);
      if (sealed.keyVersion === vault.currentVersion) continue;
      const context = clientSecretContext({ tenantId: row.tenant_id, slug: row.slug });
      let secret: string;
      try {
        secret = vault.decrypt(sealed, context);
      } catch {
        failed.push(context.credentialId);
        continue;
      }
      await db
        .updateTable('portal_apps')
        .set({ client_secret: writeJson(vault.encrypt(secret, context)) })
        .where('slug', '=', row.slug)
        .execute();
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
  return definition;
}

/**
 * What `{base}` stands for in an app's URLs: Junction's own origin for the built-ins (the
 * Demo CRM), the app's lambdaURL for a portal app that sets one, else Junction's origin.
 */
export function appBaseUrl(app: RunnableApp, publicUrl: string): string {
  if (isBuiltinApp(app.appSlug) || !app.lambdaURL) return publicUrl;
  return app.lambdaURL.replace(/\/+$/, '');
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
export function createAppRegistry(deps: ServiceDeps): AppRegistry {
  const store = createPortalAppStore(deps.handle.db);
  const added = createWorkspaceEventsStore(deps.handle.db);
  return {
    async resolve(tenantId, slug) {
      const builtin = getBuiltinApp(slug);
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
