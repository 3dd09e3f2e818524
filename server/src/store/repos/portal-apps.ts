/** `portal_apps`: the apps declared in the developer portal, one row per slug (unique across tenants). */
import type { AppDefinition } from '@junction/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';
import type { SealedSecret } from './credentials.js';

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

/** Reads and writes `portal_apps`; a tenant sees its own apps and the published ones. */
export interface PortalAppStore {
  /** The app if the tenant may see it (own, or published by another tenant). */
  get(tenantId: string, slug: string): Promise<PortalAppRecord | undefined>;
  /** Whether any tenant has an app with this slug. */
  exists(slug: string): Promise<boolean>;
  /** An app's slug (any tenant's) that reads as `skeleton` without hyphens and underscores (core's appSlugSkeleton). */
  findLookAlike(skeleton: string): Promise<string | undefined>;
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
  /** The app with this slug whoever owns it (the storefront's own 'shopify' app). */
  findAnyTenant(slug: string): Promise<Pick<PortalAppRecord, 'tenantId' | 'definition' | 'clientSecret'> | undefined>;
  /** Up to `limit` apps holding a client secret, by slug after `after` (key rotation pages through them). */
  listSealedAfter(
    after: string,
    limit: number,
  ): Promise<{ slug: string; tenantId: string; clientSecret: SealedSecret }[]>;
  /** Replaces an app's sealed client secret. */
  setClientSecret(slug: string, sealed: SealedSecret): Promise<void>;
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
    async findLookAlike(skeleton) {
      const row = await db
        .selectFrom('portal_apps')
        .select('slug')
        .where(sql`replace(replace(lower(slug), '-', ''), '_', '')`, '=', skeleton)
        .limit(1)
        .executeTakeFirst();
      return row?.slug;
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
    async findAnyTenant(slug) {
      const row = await db
        .selectFrom('portal_apps')
        .select(['tenant_id', 'definition', 'client_secret'])
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tenantId: row.tenant_id,
        definition: readJson<AppDefinition>(row.definition),
        clientSecret: row.client_secret === null ? null : readJson<SealedSecret>(row.client_secret),
      };
    },
    async listSealedAfter(after, limit) {
      const rows = await db
        .selectFrom('portal_apps')
        .select(['slug', 'tenant_id', 'client_secret'])
        .where('client_secret', 'is not', null)
        .where('slug', '>', after)
        .orderBy('slug')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        slug: row.slug,
        tenantId: row.tenant_id,
        clientSecret: readJson<SealedSecret>(row.client_secret),
      }));
    },
    async setClientSecret(slug, sealed) {
      await db
        .updateTable('portal_apps')
        .set({ client_secret: writeJson(sealed) })
        .where('slug', '=', slug)
        .execute();
    },
  };
}
