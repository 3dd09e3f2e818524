/**
 * The Demo CRM screens' calls (its contacts and API keys, `/demo-crm/…`): a page store of
 * the root (`usePageStore(DemoCrmStoreModel)`). Each call goes through `createDemoCrmClient` with the session token the
 * root's API client holds at that moment, so the screens need no client of their own.
 */
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { createDemoCrmClient, type DemoCrmClient, type NewContact } from './demo-crm-client.js';

/** The Demo CRM's calls; an instance is a {@link DemoCrmClient}. */
export const DemoCrmStoreModel = ApiModel.named('DemoCrmStore').actions((self) => {
  const client = (): DemoCrmClient => createDemoCrmClient(self.api.getToken());
  return {
    /** The workspace's contacts. */
    listContacts: () => client().listContacts(),
    /** Adds a contact (the add-contact form). */
    addContact: (contact: NewContact) => client().addContact(contact),
    /** The workspace's API keys (Settings → API). */
    listKeys: () => client().listKeys(),
    /** Issues a key; answers it in clear, once. */
    createKey: () => client().createKey(),
    /** Revokes a key. */
    revokeKey: (id: string) => client().revokeKey(id),
  };
});

/** The Demo CRM store's instance type. */
export interface DemoCrmStore extends Instance<typeof DemoCrmStoreModel> {}
