/**
 * The Demo CRM's storage in Junction's own database (SQLite or PostgreSQL): API keys (only
 * their sha-256), contacts and webhook subscriptions, every query filtered by tenant. The
 * same `DemoCrmStorage` interface as the in-memory storage, so the plugin does not know which
 * one it runs on.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { apiKeyId, type Contact, type DemoCrmStorage, type HookSubscription } from '../../kernel/contracts/demo-crm.js';
import { createToken, hashToken } from '../../security/tokens.js';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';
import type { DemoCrmContactsTable } from '../tables/apps.js';
import { removeTenantRow } from './tenant-rows.js';

/** Settings of the database storage. */
export interface DbStorageOptions {
  /** The clock (tests pin it). */
  now?: () => Date;
}

/**
 * Creates a `DemoCrmStorage` over the database. Contacts are ordered by an increasing
 * sequence number, so "newest first" is stable even for contacts created in the same
 * millisecond.
 *
 * @example
 * const storage = createDbDemoCrmStorage(handle.db);
 * const key = await storage.issueApiKey(tenantId); // 'dcrm_…', shown once
 */
export function createDbDemoCrmStorage(db: Kysely<Database>, options: DbStorageOptions = {}): DemoCrmStorage {
  const now = options.now ?? (() => new Date());

  const getContact = async (tenantId: string, id: string): Promise<Contact | null> => {
    const row = await db
      .selectFrom('demo_crm_contacts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toContact(row) : null;
  };

  return {
    async issueApiKey(tenantId) {
      const key = `dcrm_${createToken()}`;
      await db
        .insertInto('demo_crm_keys')
        .values({ key_hash: hashToken(key), tenant_id: tenantId, created_at: now().toISOString() })
        .execute();
      return key;
    },
    async findTenantByApiKey(apiKey) {
      const row = await db
        .selectFrom('demo_crm_keys')
        .select('tenant_id')
        .where('key_hash', '=', hashToken(apiKey))
        .executeTakeFirst();
      return row?.tenant_id ?? null;
    },
    async listApiKeys(tenantId) {
      const rows = await db
        .selectFrom('demo_crm_keys')
        .select(['key_hash', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('key_hash')
        .execute();
      return rows.map((row) => ({ id: apiKeyId(row.key_hash), createdAt: row.created_at }));
    },
    async revokeApiKey(tenantId, id) {
      // Ids are hex prefixes of the hash; anything else matches nothing.
      if (!/^[0-9a-f]{16}$/.test(id)) return false;
      const result = await db
        .deleteFrom('demo_crm_keys')
        .where('tenant_id', '=', tenantId)
        .where('key_hash', 'like', `${id}%`)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async listContacts(tenantId, { email, limit }) {
      let query = db.selectFrom('demo_crm_contacts').selectAll().where('tenant_id', '=', tenantId);
      const wanted = email?.trim().toLowerCase();
      if (wanted) query = query.where('email_lower', '=', wanted);
      const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
      return rows.map(toContact);
    },
    getContact,
    async createContact(tenantId, input) {
      const at = now().toISOString();
      const id = randomUUID();
      await db
        .insertInto('demo_crm_contacts')
        .values({
          id,
          tenant_id: tenantId,
          email: input.email,
          email_lower: input.email.toLowerCase(),
          first_name: input.firstName ?? '',
          last_name: input.lastName ?? '',
          company: input.company ?? '',
          phone: input.phone ?? '',
          tags: writeJson(input.tags ?? []),
          created_at: at,
          updated_at: at,
        })
        .execute();
      return (await getContact(tenantId, id))!;
    },
    async updateContact(tenantId, id, patch) {
      const set: Updateable<DemoCrmContactsTable> = { updated_at: now().toISOString() };
      if (patch.email !== undefined) {
        set.email = patch.email;
        set.email_lower = patch.email.toLowerCase();
      }
      if (patch.firstName !== undefined) set.first_name = patch.firstName;
      if (patch.lastName !== undefined) set.last_name = patch.lastName;
      if (patch.company !== undefined) set.company = patch.company;
      if (patch.phone !== undefined) set.phone = patch.phone;
      if (patch.tags !== undefined) set.tags = writeJson(patch.tags);
      const result = await db
        .updateTable('demo_crm_contacts')
        .set(set)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      return getContact(tenantId, id);
    },
    async addHook(tenantId, { url, event }) {
      const hook: HookSubscription = { id: randomUUID(), url, event, createdAt: now().toISOString() };
      await db
        .insertInto('demo_crm_hooks')
        .values({ id: hook.id, tenant_id: tenantId, url, event, created_at: hook.createdAt })
        .execute();
      return hook;
    },
    removeHook: (tenantId, id) => removeTenantRow(db, 'demo_crm_hooks', tenantId, id),
    async listHooks(tenantId, event) {
      const rows = await db
        .selectFrom('demo_crm_hooks')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('event', '=', event)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ id: r.id, url: r.url, event: r.event, createdAt: r.created_at }));
    },
  };
}

function toContact(row: Selectable<DemoCrmContactsTable>): Contact {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    phone: row.phone,
    tags: readJson<string[]>(row.tags),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
