/** Tables of the apps: portal apps, listings, Demo CRM data. Add each table here and create it in its migration. */
import type { Generated } from 'kysely';
import type { JsonColumn } from '../json.js';

/**
 * `portal_apps`: an app declared in the developer portal (forms-dp 3 "App"), owned by one
 * tenant. The slug is unique across tenants (a Published app is visible to every tenant, so
 * two apps may never share a slug). The OAuth client secret is not in `definition`: it is
 * sealed by the vault in `client_secret`.
 */
export interface PortalAppsTable {
  slug: string;
  tenant_id: string;
  name: string;
  /** The definition without `authInfo.clientInfo.client_secret` (JSON object). */
  definition: JsonColumn;
  /** What the catalogue lists (JSON object: AppSummary fields), so the list never parses whole definitions. */
  summary: JsonColumn;
  /** The sealed client secret (JSON `{ ciphertext, nonce, keyVersion }`), or null. */
  client_secret: JsonColumn | null;
  /** The marketplace listing record (JSON, forms-dp 3 "SEO/listing record"), or null. */
  listing: JsonColumn | null;
  /** The listing's status ('Draft' at creation; 'Published' makes the app visible to every tenant). */
  listing_status: string;
  created_at: string;
  updated_at: string;
}

/** `demo_crm_keys`: Demo CRM API keys; only the sha-256 of a key is stored. */
export interface DemoCrmKeysTable {
  key_hash: string;
  tenant_id: string;
  created_at: string;
}

/** `demo_crm_contacts`: Demo CRM contacts, per tenant. `seq` orders them (newest first = highest). */
export interface DemoCrmContactsTable {
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  email: string;
  /** Lower-cased e-mail for the case-insensitive find. */
  email_lower: string;
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  /** JSON array of strings. */
  tags: JsonColumn;
  created_at: string;
  updated_at: string;
}

/** `demo_crm_hooks`: Demo CRM webhook subscriptions, per tenant. */
export interface DemoCrmHooksTable {
  id: string;
  tenant_id: string;
  url: string;
  event: string;
  created_at: string;
}

/** Tables of the apps: portal apps, listings, Demo CRM data. */
/**
 * `workspace_app_events`: the actions and triggers one workspace added to an app it does not
 * own (the custom-trigger wizard, onboarding 4), laid over the app for that workspace only.
 */
export interface WorkspaceAppEventsTable {
  tenant_id: string;
  app_slug: string;
  /** JSON object: action key → ActionDef. */
  actions: JsonColumn;
  /** JSON object: trigger key → TriggerDef. */
  triggers: JsonColumn;
  updated_at: string;
}

/** `app_icons`: the logo uploaded for a portal app (forms-dp 3 "App Logo"), served at /api/apps/{slug}/icon. */
export interface AppIconsTable {
  slug: string;
  /** image/png, image/jpeg, image/gif or image/webp, read from the bytes. */
  content_type: string;
  bytes: Uint8Array;
  updated_at: string;
}

export interface AppTables {
  portal_apps: PortalAppsTable;
  app_icons: AppIconsTable;
  workspace_app_events: WorkspaceAppEventsTable;
  demo_crm_keys: DemoCrmKeysTable;
  demo_crm_contacts: DemoCrmContactsTable;
  demo_crm_hooks: DemoCrmHooksTable;
}
