/** Stored credentials (connected accounts), always read and written within one tenant. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { SealedSecret, SealedSecretRows } from '../../security/vault.js';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';
import { removeTenantRow } from './tenant-rows.js';

export type { SealedSecret } from '../../security/vault.js';

/** A stored credential: public values in clear, secrets sealed. */
export interface CredentialRecord {
  id: string;
  tenantId: string;
  userId: string;
  app: string;
  name: string;
  sealed: SealedSecret;
  publicValues: Record<string, string>;
  /** Names of the values inside `sealed`. */
  secretKeys: string[];
  lastUsed: string | null;
  createdAt: string;
  updatedAt: string;
  /** 'private' to its creator (`userId`) or shared with the 'workspace'; new ones are private. */
  visibility?: CredentialVisibility;
}

/** Who may use a connection: its creator only, or every editor of the workspace. */
export type CredentialVisibility = 'private' | 'workspace';

/** Repository of `credentials`. Every call but the key-rotation scan takes the tenant id and filters by it. */
export interface CredentialsRepo extends Pick<SealedSecretRows, 'listSealedWithOtherKey'> {
  list(tenantId: string, filter?: { app?: string }): Promise<CredentialRecord[]>;
  get(tenantId: string, id: string): Promise<CredentialRecord | undefined>;
  insert(credential: CredentialRecord): Promise<void>;
  /** Writes the given fields; answers false when no row of this tenant has the id. */
  update(
    tenantId: string,
    id: string,
    patch: Partial<
      Pick<
        CredentialRecord,
        'name' | 'sealed' | 'publicValues' | 'secretKeys' | 'lastUsed' | 'updatedAt' | 'visibility'
      >
    >,
  ): Promise<boolean>;
  remove(tenantId: string, id: string): Promise<boolean>;
}

/** Builds the credentials repository over a database or a transaction. */
export function createCredentialsRepo(db: Kysely<Database>): CredentialsRepo {
  const toRecord = (row: Selectable<Database['credentials']>): CredentialRecord => ({
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    app: row.app,
    name: row.name,
    sealed: { ciphertext: row.ciphertext, nonce: row.nonce, keyVersion: row.key_version },
    publicValues: readJson<Record<string, string>>(row.public_values),
    secretKeys: readJson<string[]>(row.secret_keys),
    lastUsed: row.last_used,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    visibility: row.visibility === 'private' ? 'private' : 'workspace',
  });
  return {
    async list(tenantId, filter = {}) {
      let query = db.selectFrom('credentials').selectAll().where('tenant_id', '=', tenantId);
      if (filter.app !== undefined) query = query.where('app', '=', filter.app);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map(toRecord);
    },
    async get(tenantId, id) {
      const row = await db
        .selectFrom('credentials')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async insert(c) {
      await db
        .insertInto('credentials')
        .values({
          id: c.id,
          tenant_id: c.tenantId,
          user_id: c.userId,
          app: c.app,
          name: c.name,
          ciphertext: c.sealed.ciphertext,
          nonce: c.sealed.nonce,
          key_version: c.sealed.keyVersion,
          public_values: writeJson(c.publicValues),
          secret_keys: writeJson(c.secretKeys),
          last_used: c.lastUsed,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
          visibility: c.visibility ?? 'private',
        })
        .execute();
    },
    async update(tenantId, id, patch) {
      const set: Updateable<Database['credentials']> = {};
      if (patch.visibility !== undefined) set.visibility = patch.visibility;
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.lastUsed !== undefined) set.last_used = patch.lastUsed;
      if (patch.updatedAt !== undefined) set.updated_at = patch.updatedAt;
      if (patch.publicValues !== undefined) set.public_values = writeJson(patch.publicValues);
      if (patch.secretKeys !== undefined) set.secret_keys = writeJson(patch.secretKeys);
      if (patch.sealed !== undefined) {
        set.ciphertext = patch.sealed.ciphertext;
        set.nonce = patch.sealed.nonce;
        set.key_version = patch.sealed.keyVersion;
      }
      if (Object.keys(set).length === 0) {
        const row = await db
          .selectFrom('credentials')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        return row !== undefined;
      }
      const result = await db
        .updateTable('credentials')
        .set(set)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    remove: (tenantId, id) => removeTenantRow(db, 'credentials', tenantId, id),
    async listSealedWithOtherKey(keyVersion, limit, afterId) {
      let query = db
        .selectFrom('credentials')
        .select(['id', 'tenant_id', 'ciphertext', 'nonce', 'key_version'])
        .where('key_version', '!=', keyVersion);
      if (afterId !== undefined) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        tenantId: r.tenant_id,
        sealed: { ciphertext: r.ciphertext, nonce: r.nonce, keyVersion: r.key_version },
      }));
    },
  };
}
