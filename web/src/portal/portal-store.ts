/**
 * The developer portal's store (forms-dp 2.3–2.10, 7): the app list for the picker, the app
 * being edited as a plain definition, its listing, and every save. Pages change a copy of the
 * definition and hand it to `save`; the answer becomes the new definition. Failures become
 * messages the pages show (the old product only logged them, forms-dp 8).
 */
import {
  type ApiClient,
  type ApiType,
  type AppDefinition,
  AppModel,
  isApiError,
  type KeyEditResult,
} from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';

/** A catalogue entry as GET /api/apps answers it. */
export interface AppSummary {
  appSlug: string;
  appName: string;
  category?: string;
  iconURL?: string;
  apiType?: ApiType;
  editable?: boolean;
  listingStatus?: string;
  completionStatus?: 'Complete' | 'In Progress';
}

/** The marketplace listing (forms-dp 3 "SEO/listing record"). */
export interface Listing {
  appSlug: string;
  name: string;
  description: string;
  homepage: string;
  icon: string;
  category: string;
  group: string;
  status: 'Draft' | 'Published' | 'Beta' | 'Coming Soon';
  formDataEndpoint: string;
  updatedAt: string;
}

/** What Create Integration sends (forms-dp 2.4, 3 "Create-integration draft"). */
export interface IntegrationDraft {
  name: string;
  description: string;
  homepage: string;
  icon: string;
  category: string;
  status: 'Draft' | 'Published' | 'Beta' | 'Coming Soon';
}

/** The outcome of a save: ok, or a message naming what went wrong (and the field when known). */
export type SaveResult = { ok: true } | { ok: false; message: string; field?: string };

/** The auth test outcome (openapi AuthTestResult). */
export interface AuthTestResult {
  ok: boolean;
  statusCode?: number;
  response: unknown;
  message?: string;
  http?: unknown;
  testedAt: string;
}

/** Reads a user-facing message and field out of any thrown value. */
export function describeError(error: unknown, fallback: string): { message: string; field?: string } {
  if (isApiError(error)) {
    const field = error.problem.field;
    return field ? { message: error.message, field } : { message: error.message };
  }
  return { message: fallback };
}

/** The portal's state and calls; one per API client. */
export class PortalStore {
  apps: AppSummary[] | null = null;
  appsError: string | null = null;
  isLoadingApps = false;
  /** The app being edited, as the server last answered it (or as edited locally before Save). */
  app: AppDefinition | null = null;
  appSlug: string | null = null;
  appError: string | null = null;
  isLoadingApp = false;
  isSaving = false;
  /** forms-dp 2.3: the Status picker is held locally and saved on the next save. */
  pendingStatus: 'Complete' | 'In Progress' | null = null;
  listing: Listing | null = null;
  /** Whether the session token was looked for (the pages wait for it). */
  hasSession: boolean | null = null;
  private readonly api: ApiClient;

  constructor(api: ApiClient) {
    this.api = api;
    // Definitions stay plain objects (replaced whole, never mutated), so pages can clone them.
    makeAutoObservable<PortalStore, 'api'>(this, {
      api: false,
      app: observableRef,
      apps: observableRef,
      listing: observableRef,
    });
  }

  /** The apps the caller may edit (its own), by name. */
  get editableApps(): AppSummary[] {
    return (this.apps ?? []).filter((a) => a.editable);
  }

  /** Records whether a session exists. */
  setSession(hasSession: boolean) {
    this.hasSession = hasSession;
  }

  /** Loads the catalogue for the picker (forms-dp 7 GET /api/apps). */
  async loadApps(): Promise<void> {
    this.isLoadingApps = true;
    this.appsError = null;
    try {
      const list = await this.api.get('/api/apps');
      runInAction(() => {
        this.apps = list.items as AppSummary[];
      });
    } catch (error) {
      runInAction(() => {
        this.appsError = `Apps could not be loaded: ${describeError(error, 'network error').message}`;
      });
    } finally {
      runInAction(() => {
        this.isLoadingApps = false;
      });
    }
  }

  /** Opens an app for editing; does nothing when it is already open. */
  async openApp(slug: string, force = false): Promise<void> {
    if (!force && this.appSlug === slug && (this.app || this.isLoadingApp)) return;
    this.appSlug = slug;
    this.app = null;
    this.listing = null;
    this.pendingStatus = null;
    this.appError = null;
    this.isLoadingApp = true;
    try {
      const app = await this.api.get('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } });
      runInAction(() => {
        if (this.appSlug === slug) this.app = app as AppDefinition;
      });
    } catch (error) {
      runInAction(() => {
        if (this.appSlug === slug) {
          this.appError = `The app '${slug}' could not be loaded: ${describeError(error, 'network error').message}`;
        }
      });
    } finally {
      runInAction(() => {
        if (this.appSlug === slug) this.isLoadingApp = false;
      });
    }
  }

  /** Closes the open app (the picker was cleared). */
  closeApp() {
    this.appSlug = null;
    this.app = null;
    this.listing = null;
    this.pendingStatus = null;
    this.appError = null;
  }

  /** Holds the Status picker's choice until the next save (forms-dp 2.3). */
  setPendingStatus(status: 'Complete' | 'In Progress') {
    this.pendingStatus = status;
  }

  /** Changes the open app locally (saved by the next `save`). */
  setApp(next: AppDefinition) {
    this.app = next;
  }

  /**
   * Saves a whole definition (every portal Save, forms-dp 7): PUT /api/apps/{slug}, with the
   * held Status. The answer becomes the open app and the picker's entry is refreshed.
   */
  async save(next: AppDefinition | null = this.app): Promise<SaveResult> {
    if (!next || !this.appSlug) return { ok: false, message: 'No app is open.' };
    const slug = this.appSlug;
    const body = this.pendingStatus ? { ...next, completionStatus: this.pendingStatus } : next;
    this.isSaving = true;
    try {
      const saved = await this.api.put('/api/apps/{appSlug}', {
        params: { path: { appSlug: slug } },
        body,
      });
      runInAction(() => {
        if (this.appSlug === slug) {
          this.app = saved as AppDefinition;
          this.pendingStatus = null;
        }
        this.apps = (this.apps ?? []).map((a) =>
          a.appSlug === slug ? { ...a, appName: saved.appName, apiType: saved.authInfo.apiType } : a,
        );
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, ...describeError(error, 'The app could not be saved (network error).') };
    } finally {
      runInAction(() => {
        this.isSaving = false;
      });
    }
  }

  /**
   * Creates an app from the Create Integration form (forms-dp 2.4, 7): POST /api/apps (the
   * server creates the Draft listing), then the listing's description and homepage. Answers
   * the slug, or a message.
   */
  /**
   * Uploads an image as the app's logo (forms-dp 3 "App Logo": an upload or a URL); the
   * server points the app's iconURL and listing icon at it. The open app is read again.
   */
  async uploadIcon(slug: string, file: Blob): Promise<SaveResult & { iconURL?: string }> {
    const token = this.api.getToken();
    try {
      const response = await fetch(`/api/apps/${encodeURIComponent(slug)}/icon`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: file,
      });
      const answer = (await response.json().catch(() => null)) as { iconURL?: string; detail?: string } | null;
      if (!response.ok || !answer?.iconURL) {
        return {
          ok: false,
          message: answer?.detail ?? `The logo was not uploaded (${response.status}).`,
          field: 'icon',
        };
      }
      await this.openApp(slug, true);
      await this.loadApps();
      return { ok: true, iconURL: answer.iconURL };
    } catch {
      return { ok: false, message: 'The logo was not uploaded (network error).', field: 'icon' };
    }
  }

  async create(draft: IntegrationDraft, slug: string): Promise<SaveResult & { slug?: string }> {
    const definition: AppDefinition = {
      appSlug: slug,
      appName: draft.name.trim(),
      category: draft.category.trim(),
      iconURL: draft.icon.trim(),
      completionStatus: 'In Progress',
      disableAuth: false,
      apiDocs: '',
      actions: {},
      triggers: {},
      authInfo: {},
    };
    if (definition.iconURL === '') delete definition.iconURL;
    this.isSaving = true;
    try {
      await this.api.post('/api/apps', { body: definition });
      await this.api.put('/api/apps/{appSlug}/listing', {
        params: { path: { appSlug: slug } },
        // The listing starts as Draft on the server; the Publish Status chosen here is kept.
        body: { description: draft.description, homepage: draft.homepage.trim(), status: draft.status },
      });
      await this.loadApps();
      return { ok: true, slug };
    } catch (error) {
      return { ok: false, ...describeError(error, 'The integration could not be created (network error).') };
    } finally {
      runInAction(() => {
        this.isSaving = false;
      });
    }
  }

  /** Loads the open app's listing (forms-dp 2.5). */
  async loadListing(): Promise<SaveResult> {
    const slug = this.appSlug;
    if (!slug) return { ok: false, message: 'No app is open.' };
    try {
      const listing = await this.api.get('/api/apps/{appSlug}/listing', { params: { path: { appSlug: slug } } });
      runInAction(() => {
        if (this.appSlug === slug) this.listing = listing as Listing;
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, ...describeError(error, 'The listing could not be loaded.') };
    }
  }

  /** Saves the listing fields (created when none exists, forms-dp 2.5). */
  async saveListing(input: Partial<Omit<Listing, 'appSlug' | 'formDataEndpoint' | 'updatedAt'>>): Promise<SaveResult> {
    const slug = this.appSlug;
    if (!slug) return { ok: false, message: 'No app is open.' };
    try {
      const listing = await this.api.put('/api/apps/{appSlug}/listing', {
        params: { path: { appSlug: slug } },
        body: input,
      });
      runInAction(() => {
        this.listing = listing as Listing;
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, ...describeError(error, 'The listing could not be saved (network error).') };
    }
  }

  /**
   * Runs the auth test with typed values or a connected account (forms-dp 2.6); the server
   * saves the outcome on the app, so the app is reloaded afterwards.
   */
  async testAuth(input: { values?: Record<string, string>; credential?: string }): Promise<AuthTestResult> {
    const slug = this.appSlug;
    if (!slug) throw new Error('No app is open.');
    const result = await this.api.post('/api/apps/{appSlug}/test-auth', {
      params: { path: { appSlug: slug } },
      body: input,
    });
    runInAction(() => {
      if (this.app && this.appSlug === slug) {
        this.app = {
          ...this.app,
          authInfo: { ...this.app.authInfo, testResponse: result.response, testResponseStatus: result.ok },
        };
      }
    });
    return result as AuthTestResult;
  }
}

/**
 * Applies a model edit to a copy of a definition through core's AppModel (key renames that
 * carry triggers and testAuth along, auth scheme seeds), answering the new definition or the
 * edit's message.
 *
 * @example editWithModel(app, (m) => m.renameActionKey('old', 'new'))
 */
export function editWithModel(
  app: AppDefinition,
  edit: (model: ReturnType<typeof AppModel.create>) => KeyEditResult | undefined,
): { ok: true; app: AppDefinition } | { ok: false; message: string } {
  const model = AppModel.create(structuredClone(app) as never);
  const result = edit(model);
  if (result && !result.ok) return result;
  return { ok: true, app: { ...app, ...model.toDefinition() } };
}

const stores = new WeakMap<ApiClient, PortalStore>();

/** The one portal store of an API client (pages share it, so moving between them keeps the open app). */
export function portalStoreFor(api: ApiClient): PortalStore {
  let store = stores.get(api);
  if (!store) {
    store = new PortalStore(api);
    stores.set(api, store);
  }
  return store;
}
