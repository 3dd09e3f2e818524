/**
 * The `credential_auth` rows (tables/steps.ts): a credential's token version, its
 * refresh lease and its health. One row per credential, created on first need; every call
 * takes the tenant id and filters by it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A credential's auth status. */
export interface CredentialAuthStatus {
  credentialId: string;
  tenantId: string;
  tokenVersion: number;
  leaseOwner: string | null;
  leaseUntil: string | null;
  needsReconnect: boolean;
  statusMessage: string | null;
  checkedAt: string | null;
}

/** The health fields a credential view carries. */
export interface CredentialHealth {
  needsReconnect: boolean;
  statusMessage?: string;
  checkedAt?: string;
}

const toStatus = (row: Database['credential_auth']): CredentialAuthStatus => ({
  credentialId: row.credential_id,
  tenantId: row.tenant_id,
  tokenVersion: Number(row.token_version),
  leaseOwner: row.lease_owner,
  leaseUntil: row.lease_until,
  needsReconnect: Number(row.needs_reconnect) === 1,
  statusMessage: row.status_message,
  checkedAt: row.checked_at,
});

/** Reads and writes `credential_auth`. */
export interface CredentialStatusRepo {
  /** The row, created (version 0, healthy) when missing. */
  ensure(tenantId: string, credentialId: string, at: string): Promise<CredentialAuthStatus>;
  /** The row, or undefined. */
  get(tenantId: string, credentialId: string): Promise<CredentialAuthStatus | undefined>;
  /** Health of several credentials of one tenant, by id (absent ids are healthy and unchecked). */
  healthOf(tenantId: string, credentialIds: string[]): Promise<Map<string, CredentialHealth>>;
  /**
   * Takes the refresh lease when the version is still `version` and nobody holds an
   * unexpired lease; answers whether it was taken (a conditional UPDATE, so exactly one
   * process wins).
   */
  takeLease(
    tenantId: string,
    credentialId: string,
    version: number,
    owner: string,
    now: string,
    until: string,
  ): Promise<boolean>;
  /** Gives the lease back without changing the version. */
  releaseLease(tenantId: string, credentialId: string, owner: string, at: string): Promise<void>;
  /** Bumps the version and frees the lease, only while `owner` holds it; answers whether it did. */
  bumpVersion(tenantId: string, credentialId: string, owner: string, at: string): Promise<boolean>;
  /** Records a health result (a check, a refused refresh, a reconnect). */
  setHealth(
    tenantId: string,
    credentialId: string,
    health: { needsReconnect: boolean; statusMessage: string | null; checkedAt?: string },
    at: string,
  ): Promise<void>;
}

/** Builds the repository over a database or a transaction. */
export function createCredentialStatusRepo(db: Kysely<Database>): CredentialStatusRepo {
  const get = async (tenantId: string, credentialId: string) => {
    const row = await db
      .selectFrom('credential_auth')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row ? toStatus(row) : undefined;
  };

  const ensure = async (tenantId: string, credentialId: string, at: string): Promise<CredentialAuthStatus> => {
    const found = await get(tenantId, credentialId);
    if (found) return found;
    await db
      .insertInto('credential_auth')
      .values({
        credential_id: credentialId,
        tenant_id: tenantId,
        token_version: 0,
        lease_owner: null,
        lease_until: null,
        needs_reconnect: 0,
        status_message: null,
        checked_at: null,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .execute();
    const created = await get(tenantId, credentialId);
    if (!created) throw new Error(`credential_auth row of ${credentialId} belongs to another tenant`);
    return created;
  };

  return {
    get,
    ensure,

    async healthOf(tenantId, credentialIds) {
      const health = new Map<string, CredentialHealth>();
      if (credentialIds.length === 0) return health;
      const rows = await db
        .selectFrom('credential_auth')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('credential_id', 'in', credentialIds)
        .execute();
      for (const row of rows.map(toStatus)) {
        health.set(row.credentialId, {
          needsReconnect: row.needsReconnect,
          ...(row.statusMessage ? { statusMessage: row.statusMessage } : {}),
          ...(row.checkedAt ? { checkedAt: row.checkedAt } : {}),
        });
      }
      return health;
    },

    async takeLease(tenantId, credentialId, version, owner, now, until) {
      const result = await db
        .updateTable('credential_auth')
        .set({ lease_owner: owner, lease_until: until, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('credential_id', '=', credentialId)
        .where('token_version', '=', version)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseLease(tenantId, credentialId, owner, at) {
      await db
        .updateTable('credential_auth')
        .set({ lease_owner: null, lease_until: null, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('credential_id', '=', credentialId)
        .where('lease_owner', '=', owner)
        .execute();
    },

    async bumpVersion(tenantId, credentialId, owner, at) {
      const result = await db
        .updateTable('credential_auth')
        .set((eb) => ({
          token_version: eb('token_version', '+', 1),
          lease_owner: null,
          lease_until: null,
          needs_reconnect: 0,
          status_message: null,
          updated_at: at,
        }))
        .where('tenant_id', '=', tenantId)
        .where('credential_id', '=', credentialId)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setHealth(tenantId, credentialId, health, at) {
      await ensure(tenantId, credentialId, at);
      await db
        .updateTable('credential_auth')
        .set({
          needs_reconnect: health.needsReconnect ? 1 : 0,
          status_message: health.statusMessage,
          ...(health.checkedAt ? { checked_at: health.checkedAt } : {}),
          updated_at: at,
        })
        .where('tenant_id', '=', tenantId)
        .where('credential_id', '=', credentialId)
        .execute();
    },
  };
}
