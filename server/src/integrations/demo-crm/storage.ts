/**
 * What the Demo CRM stores, per tenant: API keys (only their sha-256), contacts and webhook
 * subscriptions. `DemoCrmStorage` is the seam; the in-memory implementation serves tests and
 * development until a database repository implements the same interface.
 */
import { randomUUID } from 'node:crypto';
import { createToken, hashToken } from '../../security/tokens.js';

/** A Demo CRM contact, as the API answers it. */
export interface Contact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  tags: string[];
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** The writable fields of a contact. */
export type ContactInput = Pick<Contact, 'email'> &
  Partial<Pick<Contact, 'firstName' | 'lastName' | 'company' | 'phone' | 'tags'>>;

/** A webhook subscription. */
export interface HookSubscription {
  id: string;
  url: string;
  event: string;
  createdAt: string;
}

/** Storage of the Demo CRM; every call is scoped to a tenant. */
/** An API key as Settings → API lists it; the key itself is shown once, when issued. */
export interface ApiKeyInfo {
  id: string;
  createdAt: string;
}

/** The id a key is listed by: the first 16 characters of its sha-256 (not enough to use it). */
export const apiKeyId = (keyHash: string): string => keyHash.slice(0, 16);

export interface DemoCrmStorage {
  /** Issues a new API key for the tenant (the old ones keep working) and returns it in clear, once. */
  issueApiKey(tenantId: string): Promise<string>;
  /** The tenant an API key belongs to, or null. */
  findTenantByApiKey(apiKey: string): Promise<string | null>;
  /** The tenant's keys, newest first: an id (a prefix of the key's hash, never the key) and when it was issued. */
  listApiKeys(tenantId: string): Promise<ApiKeyInfo[]>;
  /** Revokes one of the tenant's keys; false when it has no key with that id. */
  revokeApiKey(tenantId: string, id: string): Promise<boolean>;
  /** Contacts, newest first; with `email`, only those with that address (case-insensitive). */
  listContacts(tenantId: string, query: { email?: string; limit: number }): Promise<Contact[]>;
  getContact(tenantId: string, id: string): Promise<Contact | null>;
  createContact(tenantId: string, input: ContactInput): Promise<Contact>;
  /** Applies the given fields; null when the contact does not exist. */
  updateContact(tenantId: string, id: string, patch: Partial<ContactInput>): Promise<Contact | null>;
  addHook(tenantId: string, hook: { url: string; event: string }): Promise<HookSubscription>;
  /** True when a subscription was removed. */
  removeHook(tenantId: string, id: string): Promise<boolean>;
  listHooks(tenantId: string, event: string): Promise<HookSubscription[]>;
}

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
