/**
 * The Demo CRM's own API (`/demo-crm/…`, served by Junction but outside its contract, like a
 * third-party service), called by the Demo CRM's screens with the Junction session.
 */

import type { DemoCrmContact, DemoCrmKeyInfo } from '@junction/core';

export type { DemoCrmContact, DemoCrmKeyInfo };

/** The fields of the add-contact form. */
export type NewContact = Pick<DemoCrmContact, 'email' | 'firstName' | 'lastName' | 'company'>;

/** What the Demo CRM screens call; see {@link createDemoCrmClient}. */
export interface DemoCrmClient {
  listContacts(): Promise<DemoCrmContact[]>;
  addContact(contact: NewContact): Promise<DemoCrmContact>;
  listKeys(): Promise<DemoCrmKeyInfo[]>;
  /** Issues a key; answers it in clear, once. */
  createKey(): Promise<string>;
  revokeKey(id: string): Promise<void>;
}

/** A refusal of the Demo CRM with its own words (the Problem's detail). */
export class DemoCrmError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DemoCrmError';
  }
}

/** Builds the client over `fetch` with the session token (Bearer), relative to this origin. */
export function createDemoCrmClient(token: string | null, fetchImpl: typeof fetch = fetch): DemoCrmClient {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetchImpl(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      const detail = typeof json.detail === 'string' ? json.detail : `The Demo CRM answered ${response.status}.`;
      throw new DemoCrmError(response.status, detail);
    }
    return json as T;
  };
  return {
    async listContacts() {
      return (await call<{ contacts: DemoCrmContact[] }>('GET', '/demo-crm/contacts')).contacts;
    },
    addContact(contact) {
      return call<DemoCrmContact>('POST', '/demo-crm/contacts', contact);
    },
    async listKeys() {
      return (await call<{ keys: DemoCrmKeyInfo[] }>('GET', '/demo-crm/keys')).keys;
    },
    async createKey() {
      return (await call<{ apiKey: string }>('POST', '/demo-crm/keys')).apiKey;
    },
    async revokeKey(id) {
      await call('DELETE', `/demo-crm/keys/${encodeURIComponent(id)}`);
    },
  };
}
