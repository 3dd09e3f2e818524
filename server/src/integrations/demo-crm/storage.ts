/**
 * The Demo CRM's storage in memory (lost on restart), for tests and an app without services;
 * the contract (`DemoCrmStorage`, kernel/contracts/demo-crm.ts) and the database storage
 * (store/repos/demo-crm.ts) are below it.
 */
import { randomUUID } from 'node:crypto';
import { apiKeyId, type Contact, type DemoCrmStorage, type HookSubscription } from '../../kernel/contracts/demo-crm.js';
import { createToken, hashToken } from '../../security/tokens.js';

export type { Contact, ContactInput, DemoCrmStorage, HookSubscription } from '../../kernel/contracts/demo-crm.js';

/** Settings of the in-memory storage. */
export interface MemoryStorageOptions {
  /** The clock (tests pin it). */
  now?: () => Date;
}

/**
 * Creates a `DemoCrmStorage` that keeps everything in memory (lost on restart).
 *
 * @example
 * const storage = createMemoryDemoCrmStorage();
 * const key = await storage.issueApiKey('tenant_1');
 */
export function createMemoryDemoCrmStorage(options: MemoryStorageOptions = {}): DemoCrmStorage {
  const now = options.now ?? (() => new Date());
  const keys = new Map<string, { tenantId: string; createdAt: string }>();
  const contacts = new Map<string, Contact[]>();
  const hooks = new Map<string, HookSubscription[]>();
  const contactsOf = (tenantId: string) => contacts.get(tenantId) ?? contacts.set(tenantId, []).get(tenantId)!;
  const hooksOf = (tenantId: string) => hooks.get(tenantId) ?? hooks.set(tenantId, []).get(tenantId)!;

  return {
    async issueApiKey(tenantId) {
      const key = `dcrm_${createToken()}`;
      keys.set(hashToken(key), { tenantId, createdAt: now().toISOString() });
      return key;
    },
    async findTenantByApiKey(apiKey) {
      return keys.get(hashToken(apiKey))?.tenantId ?? null;
    },
    async listApiKeys(tenantId) {
      return [...keys.entries()]
        .filter(([, key]) => key.tenantId === tenantId)
        .map(([hash, key]) => ({ id: apiKeyId(hash), createdAt: key.createdAt }))
        .reverse();
    },
    async revokeApiKey(tenantId, id) {
      const found = [...keys.entries()].find(([hash, key]) => key.tenantId === tenantId && apiKeyId(hash) === id);
      if (!found) return false;
      keys.delete(found[0]);
      return true;
    },
    async listContacts(tenantId, { email, limit }) {
      const wanted = email?.trim().toLowerCase();
      // Stored oldest first: newest first is the reverse, stable for equal timestamps.
      const list = [...contactsOf(tenantId)].reverse();
      return (wanted ? list.filter((c) => c.email.toLowerCase() === wanted) : list).slice(0, limit).map(copy);
    },
    async getContact(tenantId, id) {
      const found = contactsOf(tenantId).find((c) => c.id === id);
      return found ? copy(found) : null;
    },
    async createContact(tenantId, input) {
      const at = now().toISOString();
      const contact: Contact = {
        id: randomUUID(),
        email: input.email,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        company: input.company ?? '',
        phone: input.phone ?? '',
        tags: [...(input.tags ?? [])],
        createdAt: at,
        updatedAt: at,
      };
      contactsOf(tenantId).push(contact);
      return copy(contact);
    },
    async updateContact(tenantId, id, patch) {
      const found = contactsOf(tenantId).find((c) => c.id === id);
      if (!found) return null;
      for (const key of ['email', 'firstName', 'lastName', 'company', 'phone'] as const) {
        if (patch[key] !== undefined) found[key] = patch[key];
      }
      if (patch.tags !== undefined) found.tags = [...patch.tags];
      found.updatedAt = now().toISOString();
      return copy(found);
    },
    async addHook(tenantId, { url, event }) {
      const hook: HookSubscription = { id: randomUUID(), url, event, createdAt: now().toISOString() };
      hooksOf(tenantId).push(hook);
      return { ...hook };
    },
    async removeHook(tenantId, id) {
      const list = hooksOf(tenantId);
      const index = list.findIndex((h) => h.id === id);
      if (index < 0) return false;
      list.splice(index, 1);
      return true;
    },
    async listHooks(tenantId, event) {
      return hooksOf(tenantId)
        .filter((h) => h.event === event)
        .map((h) => ({ ...h }));
    },
  };
}

function copy(contact: Contact): Contact {
  return { ...contact, tags: [...contact.tags] };
}
