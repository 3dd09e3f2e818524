/**
 * The app catalogue and the developer portal's app definitions and listings.
 * Implemented in `server/src/services/apps.ts`.
 *
 * Visibility: a tenant sees the built-in apps, the apps it declared (any listing status) and
 * the apps other tenants published (listing status 'Published', read-only). Only the owner
 * edits an app; built-ins are never editable (403).
 */
import type { AppDefinition, WorkspaceEventsChange } from '@junction/core';
import type { AuthContext, CredentialView } from '../views.js';
import type { DemoCrmStorage } from './demo-crm.js';

/** Listing statuses (forms-dp 3): Draft at creation, then Published, Beta or Coming Soon. */
export type ListingStatus = 'Draft' | 'Published' | 'Beta' | 'Coming Soon';

/** One catalogue entry (openapi AppSummary). */
export interface AppSummaryView {
  appSlug: string;
  appName: string;
  category?: string;
  group?: string;
  source?: string;
  iconURL?: string;
  completionStatus?: 'Complete' | 'In Progress';
  disableAuth?: boolean;
  apiType?: 'basic' | 'apikey' | 'oauth2' | 'customCode';
  /** True when the app can start a workflow (core's `hasTriggers`). */
  hasTriggers: boolean;
  /** True when the caller's tenant owns the app. */
  editable: boolean;
  listingStatus?: ListingStatus;
}

/** An app's marketplace listing (openapi Listing). */
export interface ListingView {
  appSlug: string;
  name: string;
  description: string;
  homepage: string;
  icon: string;
  category: string;
  group: string;
  status: ListingStatus;
  formDataEndpoint: string;
  updatedAt: string;
}

/** The listing fields the portal changes (openapi ListingInput). */
export type ListingInput = Partial<Omit<ListingView, 'appSlug' | 'formDataEndpoint' | 'updatedAt'>>;

/** What an auth test answers (openapi AuthTestResult); also stored on the app. */
export interface AuthTestResultView {
  ok: boolean;
  statusCode?: number;
  /** The remote answer, or the error. */
  response: unknown;
  message?: string;
  /** The request as sent (secrets redacted) and the response's status and duration: the HTTP tab. */
  http?: unknown;
  testedAt: string;
}

/** The app catalogue and the developer portal's app definitions and listings. */
export interface AppsService {
  /** Every app the tenant sees: built-ins first (catalogue order), then portal apps by name. */
  list(ctx: AuthContext): Promise<AppSummaryView[]>;
  /** Creates a portal app (forms-dp 2.4) and its Draft listing; 409 `appSlug` when the slug is taken, 422 naming the field. */
  create(ctx: AuthContext, definition: AppDefinition): Promise<AppDefinition>;
  /** A visible app; the OAuth client secret answered as the secret sentinel. */
  get(ctx: AuthContext, slug: string): Promise<AppDefinition>;
  /** Replaces the tenant's own app (every portal Save); 403 for built-ins and others' published apps. */
  update(ctx: AuthContext, slug: string, definition: AppDefinition): Promise<AppDefinition>;
  /**
   * Adds, replaces or removes (`remove`) the events the workspace added to an app it does not own (the custom-trigger
   * wizard, onboarding 4) and answers the app as the workspace sees it; 422 for the
   * workspace's own app (its definition takes them) or a key the app already uses.
   */
  putWorkspaceEvents(ctx: AuthContext, slug: string, events: WorkspaceEventsChange): Promise<AppDefinition>;
  /**
   * Stores an uploaded logo of the tenant's own app (PNG, JPEG, GIF or WebP, at most 256 KB;
   * 422 otherwise) and points the app's iconURL and listing icon at it.
   */
  uploadIcon(ctx: AuthContext, slug: string, bytes: Uint8Array): Promise<{ iconURL: string }>;
  /** An uploaded logo's bytes (public: an <img> shows it); 404 when the app has none. */
  getIcon(slug: string): Promise<{ contentType: string; bytes: Uint8Array }>;
  /** The app's listing (a built-in's is synthesised and read-only). */
  getListing(ctx: AuthContext, slug: string): Promise<ListingView>;
  /** Changes the listing; created when none exists (forms-dp 2.5). */
  updateListing(ctx: AuthContext, slug: string, input: ListingInput): Promise<ListingView>;
  /**
   * Runs the app's test action with a stored account or the given values (forms-dp 2.6);
   * on the tenant's own app the outcome is saved as authInfo.testResponse / testResponseStatus.
   */
  testAuth(
    ctx: AuthContext,
    slug: string,
    input: { credential?: string | null; values?: Record<string, string> },
  ): Promise<AuthTestResultView>;
  /**
   * Sends one of the app's actions with sample values and a stored account or typed auth
   * values (forms-dp 2.10 Step 2 'Test API Request'); answers the request as sent (secrets
   * redacted) and the answer. Nothing is stored.
   */
  testAction(
    ctx: AuthContext,
    slug: string,
    actionKey: string,
    input: { credential?: string | null; authValues?: Record<string, string>; values?: Record<string, unknown> },
  ): Promise<AuthTestResultView>;
  /** Issues a Demo CRM API key and saves it as an account of `demo-crm` (one click). */
  createDemoCrmKey(ctx: AuthContext, input: { name?: string }): Promise<{ apiKey: string; credential: CredentialView }>;
  /** The Demo CRM's storage (database), for the `/demo-crm` plugin. */
  demoCrmStorage(): Promise<DemoCrmStorage>;
  /**
   * Checks a storefront install link (forms-dp 2.11: shop, timestamp, hmac signed with the
   * 'shopify' app's client secret) and answers where to authorize; anonymous.
   */
  verifyShopifyInstall(visitor: { ip: string }, query: string): Promise<ShopifyInstallView>;
  /**
   * The storefront's return leg: checks the signed return query, exchanges its code for the
   * shop's access token and stores it as a 'shopify-store' account of the user's workspace.
   */
  finishShopifyInstall(ctx: AuthContext, query: string): Promise<ShopifyConnectView>;
}

/** What the browser needs to send the shop owner to the authorize page (it adds its own state). */
export interface ShopifyInstallView {
  shop: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  /** `https://{shop}/admin/oauth/authorize` with client_id, scope and redirect_uri (no state). */
  authorizeUrl: string;
}

/** What the return leg answers: the stored account (its values never leave the server). */
export interface ShopifyConnectView {
  shop: string;
  credentialId: string;
  /** The account's name as the connections page lists it. */
  name: string;
  /** True when an account of this shop existed in the workspace and got the new token. */
  isReconnect: boolean;
}
