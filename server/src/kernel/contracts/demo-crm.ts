/**
 * The Demo CRM's storage contract, per tenant: API keys (only their sha-256), contacts and
 * webhook subscriptions. The Apps service hands the storage out (`AppsService.demoCrmStorage`);
 * the Demo CRM plugin reads and writes through it, on the database (store/repos/demo-crm.ts) or
 * in memory (integrations/demo-crm/storage.ts).
 */

import type {
  DemoCrmKeyInfo as ApiKeyInfo,
  DemoCrmContact as Contact,
  DemoCrmContactInput as ContactInput,
} from '@junction/core';

// The API's shapes live in core, where the Demo CRM's screens read them too.
export type { ApiKeyInfo, Contact, ContactInput };

/** A webhook subscription. */
export interface HookSubscription {
  id: string;
  url: string;
  event: string;
  createdAt: string;
}

/** The id a key is listed by: the first 16 characters of its sha-256 (not enough to use it). */
export const apiKeyId = (keyHash: string): string => keyHash.slice(0, 16);

/** Storage of the Demo CRM; every call is scoped to a tenant. */
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
