/**
 * The Demo CRM's API shapes (`/demo-crm/…`, served by Junction but outside its contract, like a
 * third-party service): what the server's Demo CRM answers and what its screens read.
 */

/** A Demo CRM contact, as the API answers it. */
export interface DemoCrmContact {
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
export type DemoCrmContactInput = Pick<DemoCrmContact, 'email'> &
  Partial<Pick<DemoCrmContact, 'firstName' | 'lastName' | 'company' | 'phone' | 'tags'>>;

/** An API key as Settings → API lists it; the key itself is shown once, when issued. */
export interface DemoCrmKeyInfo {
  id: string;
  createdAt: string;
}
